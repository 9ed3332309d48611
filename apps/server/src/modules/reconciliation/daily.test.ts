import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE, RECON_CHECK_TITLES, RECON_DAILY_MSG, ADMIN_COMMON_MSG, reconCheckFailed, type ReconDayResult, type ReconItemRow } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { playerName } from '../../adapters/venues/index.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { wallet } from '../wallet/index.ts';
import { memberWithCard, until } from '../payments/testing.ts';
import { bindBank, operator, PAY, withdraw } from '../withdrawals/testing.ts';
import { expectLedgerSound, newMember, openGame, sandboxClient, startVenueApp, type Member } from '../transfers/testing.ts';
import { beijingDay, DAY_LEASE_MS } from './daily.ts';

const DAY = 86_400_000;

/**
 * The daily reconciliation against the real sandbox (provider and gateway) over HTTP: a normal
 * day is clean; a deposit credited without its entry, an entry without its deposit, a withdrawal
 * approved without its payout and money put into a venue behind our back each show up with their
 * references; re-runs replace the day's result; the job computes yesterday once. A re-run is
 * asynchronous: the call answers at once (queued or running) and the day is computed in the
 * background under the day's lease, so two requests (or two processes) compute it once.
 */
describe('daily reconciliation', () => {
  let t: TestApp;
  let admin = '';
  let today = '';
  beforeAll(async () => {
    t = await startVenueApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    today = beijingDay(Date.now());
  });
  afterAll(() => t.stop());
  afterEach(() => vi.restoreAllMocks());

  const post = async <T>(path: string, body: unknown, token = admin) => {
    const r = await t.post<T>(path, body, { token });
    expect(r.code, r.message).toBe(200);
    return r.data;
  };
  const items = async (check?: string) => (await post<{ data: ReconItemRow[]; total: number }>('/admin/api/reconciliation/daily-items', { day: today, check, page: 1, per_page: 100 })).data;
  const checkOf = (d: ReconDayResult, check: string) => d.checks.find((c) => c.check === check)!;
  const transfer = (m: Member, amount: number, sourcetype: string, targettype: string) => t.post('/api/transfer', { amount, sourcetype, targettype }, { token: m.token });
  /** the day as the screen polls it, until its run is over (done or failed) */
  const settled = (day = today) =>
    until(
      () => post<ReconDayResult>('/admin/api/reconciliation/daily', { day }),
      (d) => d.state === 'done' || d.state === 'failed',
      30_000,
    );
  /** asks for a run (accepted, answered before it is computed) and waits for its end */
  const runDay = async (day = today) => {
    const r = await t.post<ReconDayResult>('/admin/api/reconciliation/run', { day }, { token: admin });
    expect(r, r.message).toMatchObject({ code: 200, message: RECON_DAILY_MSG.rerun, data: { day, state: expect.stringMatching(/^(queued|running)$/) } });
    return settled(day);
  };
  /** holds the venue check (at its bet-feed pull) until released: a run that is really still computing */
  const holdVenueCheck = () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pull = t.venues.bets.pull;
    const spy = vi.spyOn(t.venues.bets, 'pull').mockImplementation(async () => {
      await gate;
      return pull();
    });
    return { release, spy };
  };
  const runs = async (day = today) => Number((await t.ctx.db.selectFrom('reconciliation_days').select('runs').where('day', '=', day).executeTakeFirstOrThrow()).runs);
  const audits = () => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'reconciliation.rerun').orderBy('id').execute();

  it('a day of deposits, withdrawals, venue play and an online payment is clean, with its figures', async () => {
    expect(await t.post('/admin/api/reconciliation/daily', { day: today }, { token: admin })).toMatchObject({ code: 200, message: RECON_DAILY_MSG.notComputed, data: null });

    // an online deposit paid at the sandbox cashier
    const payer = await memberWithCard(t, 'rcpay');
    const order = await t.post('/api/recharge', { paytype: 'alipay', amount: 200 }, { token: payer.token });
    expect(order.code, order.message).toBe(200);
    const paid = await fetch(`${t.origin}${order.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=200.00', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await until(() => t.get(`/pay/api/queryOrderNo?orderNo=${order.data.deposit_no}`, { token: payer.token }), (s) => s.data?.state === 2);

    // a withdrawal approved, another rejected
    const w = await newMember(t, 'rcwd001', 500);
    const card = await bindBank(t, w.token);
    const op = await operator(t, 'rcfin01');
    const w1 = await withdraw(t, w.token, { bank: card, amount: 150, password: PAY });
    const w2 = await withdraw(t, w.token, { bank: card, amount: 100, password: PAY });
    expect([w1.code, w2.code]).toEqual([200, 200]);
    expect((await t.post('/admin/api/withdrawals/approve', { withdraw_no: w1.data.withdraw_no }, { token: op })).code).toBe(200);
    expect((await t.post('/admin/api/withdrawals/reject', { withdraw_no: w2.data.withdraw_no, reason: '资料不符' }, { token: op })).code).toBe(200);

    // venue play: in, spins, part back out
    const p = await newMember(t, 'rcplay01', 300);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: p.token });
    expect((await transfer(p, 100, 'userbalance', 'obgdy')).data.status).toBe(1);
    expect((await transfer(p, 40, 'userbalance', 'pp')).data.status).toBe(1);
    const slots = await openGame(t, p.token, 'obgdy', 'obgdy_caishen');
    for (let i = 0; i < 5; i++) expect((await slots.act('spin', { stake_fen: 500 })).status).toBe(200);
    expect((await transfer(p, 30, 'obgdy', 'userbalance')).data.status).toBe(1);

    const d = await runDay();
    expect(d).toMatchObject({ day: today, state: 'done', error: null, status: 'clean', differences: 0, computed_by: 'admin', requested_by: 'admin' });
    expect(d.checks.map((c) => [c.check, c.ok])).toEqual([
      ['deposits', true],
      ['withdrawals', true],
      ['transfers', true],
      ['venues', true],
      ['seamless', true], // issue 38: no seamless venue, nothing to differ
      ['gateway', true],
      ['ledger', true],
    ]);
    expect(checkOf(d, 'deposits').figures).toContainEqual({ label: '入账金额（存款单 / 账本分录）', ours: 200, theirs: 200, unit: 'yuan' });
    expect(checkOf(d, 'withdrawals').figures).toContainEqual({ label: '出款金额（已通过 / 分录）', ours: 150, theirs: 150, unit: 'yuan' });
    expect(checkOf(d, 'withdrawals').figures).toContainEqual({ label: '拒绝退回（已拒绝 / 分录）', ours: 100, theirs: 100, unit: 'yuan' });
    expect(checkOf(d, 'transfers').figures).toContainEqual({ label: 'obgdy 转入场馆（转账 / 清算分录）', ours: 100, theirs: 100, unit: 'yuan' });
    expect(checkOf(d, 'transfers').figures).toContainEqual({ label: 'obgdy 转出场馆（转账 / 清算分录）', ours: 30, theirs: 30, unit: 'yuan' });
    expect(checkOf(d, 'gateway').figures).toContainEqual({ label: '当日已支付订单（我方 / 通道确认）', ours: 1, theirs: 1, unit: 'count' });
    expect(checkOf(d, 'venues').figures).toContainEqual({ label: '核对会员数（当日有转账或投注）', ours: 1, theirs: 1, unit: 'count' });
    expect(checkOf(d, 'venues').figures).toContainEqual({ label: 'pp 会员余额（账面应有 / 场馆报告）', ours: 40, theirs: 40, unit: 'yuan' });
    // venues nobody holds anything at are left out; the clearing balances are told in the note
    expect(checkOf(d, 'venues').figures.some((f) => f.label.startsWith('ag '))).toBe(false);
    expect(checkOf(d, 'venues').note).toContain('pp 40.00');
    expect(await items()).toEqual([]);
    // answered from storage afterwards, and listed among the days
    expect(await post<ReconDayResult>('/admin/api/reconciliation/daily', { day: today })).toEqual(d);
    expect(await post('/admin/api/reconciliation/days', { page: 1 })).toMatchObject({ total: 1, data: [{ day: today, status: 'clean', differences: 0 }] });
    await expectLedgerSound(t);
  });

  it('a deposit credited without its entry, an entry without its deposit, a payout never posted and money put into a venue behind our back each appear with their references', async () => {
    const m = await newMember(t, 'rcodd001', 300);
    // 1. a deposit row marked credited by hand, no ledger entry
    const now = Date.now();
    await t.ctx.db
      .insertInto('deposits')
      .values({ deposit_no: 'DFORCED0001', member_id: m.id, paytype: 'bank', kind: 'manual', status: 'credited', amount: 8_800, paid_amount: 8_800, credited_amount: 8_800, created_at: now, expires_at: now + 3_600_000, paid_at: null, credited_at: now, decided_at: now, decided_by: 'sql' })
      .execute();
    // 2. a deposit entry whose source does not exist
    const ghost = await wallet.creditFromHouse(t.ctx.db, { memberId: m.id, amount: 1_234, house: 'deposits', reference: 'DGHOST0001', idempotencyKey: 'test:ghost-deposit' });
    // 3. a withdrawal marked approved by SQL: its payout was never posted
    const card = await bindBank(t, m.token);
    const w = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(w.code, w.message).toBe(200);
    await t.ctx.db.updateTable('withdrawals').set({ state: 2, decided_at: Date.now(), decided_by: 1 }).where('withdraw_no', '=', w.data.withdraw_no).execute();
    // 4. a transfer into ag marked settled by SQL: no ledger entry ever moved it
    await t.ctx.db
      .insertInto('venue_transfers')
      .values({ transfer_id: 'TFORCED0001', member_id: m.id, platform: 'ag', direction: 'to_venue', amount: 3_000, status: 1, created_at: Date.now(), settled_at: Date.now(), last_error: null })
      .execute();
    // 5. 500 yuan appear in the member's pp wallet, from a call not made by us
    const v = await newMember(t, 'rcodd002', 100);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: v.token });
    expect((await transfer(v, 20, 'userbalance', 'pp')).data.status).toBe(1);
    await sandboxClient(t).deposit({ username: playerName(t.ctx.config.venuePlayerPrefix, v.id), platform: 'pp', transfer_id: 'outside-rc-01', amount_fen: 50_000 });

    const d = await runDay();
    expect(d).toMatchObject({ state: 'done', status: 'differences', differences: 5 });
    expect(d.checks.map((c) => [c.check, c.ok, c.differences])).toEqual([
      ['deposits', false, 2],
      ['withdrawals', false, 1],
      ['transfers', false, 1],
      ['venues', false, 1],
      ['seamless', true, 0],
      ['gateway', true, 0],
      ['ledger', true, 0],
    ]);
    expect(await items('deposits')).toEqual([
      expect.objectContaining({ check: 'deposits', kind: 'deposit_without_entry', reference: 'DFORCED0001', refs: { deposit_no: 'DFORCED0001', member_id: m.id }, expected: 88, actual: null }),
      expect.objectContaining({
        kind: 'entry_without_deposit',
        kind_text: '账本存款分录找不到已入账的存款单',
        reference: `entry:${ghost.entry.id}`,
        refs: { entry_id: Number(ghost.entry.id), reference: 'DGHOST0001', idempotency_key: 'test:ghost-deposit' },
        expected: null,
        actual: 12.34,
      }),
    ]);
    expect(await items('withdrawals')).toEqual([
      expect.objectContaining({ kind: 'withdrawal_payout_missing', reference: w.data.withdraw_no, refs: { withdraw_no: w.data.withdraw_no, member_id: m.id }, expected: 100 }),
    ]);
    expect(await items('transfers')).toEqual([
      expect.objectContaining({ kind: 'transfer_without_entry', reference: 'TFORCED0001', refs: { transfer_id: 'TFORCED0001', member_id: m.id, platform: 'ag', direction: 'to_venue' }, expected: 30, actual: null, note: '缺少 venue_transfer_out 分录' }),
    ]);
    const venue = await items('venues');
    expect(venue).toHaveLength(1);
    const diffRow = await t.ctx.db.selectFrom('venue_differences').selectAll().where('member_id', '=', v.id).executeTakeFirstOrThrow();
    expect(venue[0]).toMatchObject({
      kind: 'venue_balance_mismatch',
      reference: `difference:${diffRow.id}`,
      refs: { difference_id: Number(diffRow.id), member_id: v.id, username: 'rcodd002', platform: 'pp' },
      expected: 20,
      actual: 520,
      note: '转入 20.00 − 转出 0.00 + 输赢 0.00；待处理（该场馆转出已暂停）',
    });
    // the venue's own difference is open for an operator, its transfers out held
    expect(diffRow.state).toBe('open');
    expect(await t.venues.reconciliation.isHeld(v.id, 'pp')).toBe(true);
    // every difference, all checks together, paged
    const all = await post<{ data: ReconItemRow[]; total: number; last_page: number }>('/admin/api/reconciliation/daily-items', { day: today, page: 2, per_page: 3 });
    expect(all).toMatchObject({ total: 5, last_page: 2 });
    expect(all.data).toHaveLength(2);
  });

  it('a re-run answers at once and computes in the background; a second request meanwhile is the same run; the result replaces the day', async () => {
    const before = await post<ReconDayResult>('/admin/api/reconciliation/daily', { day: today });
    const auditsBefore = (await audits()).length;
    const hold = holdVenueCheck();
    const started = Date.now();
    const both = await Promise.all([0, 1].map(() => t.post<ReconDayResult>('/admin/api/reconciliation/run', { day: today }, { token: admin })));
    // answered while the run is held inside its venue check: nothing of it is computed yet
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(both.map((r) => r.message).sort()).toEqual([RECON_DAILY_MSG.inProgress, RECON_DAILY_MSG.rerun].sort());
    for (const r of both) expect(r.data).toMatchObject({ day: today, state: expect.stringMatching(/^(queued|running)$/), status: 'differences', differences: 5, requested_by: 'admin' });
    const running = await until(
      () => post<ReconDayResult>('/admin/api/reconciliation/daily', { day: today }),
      (d) => d.state === 'running' && hold.spy.mock.calls.length > 0,
    );
    // the screen sees the run and when it started; the previous result stays until it is replaced
    expect(running).toMatchObject({ state: 'running', error: null, status: 'differences', differences: 5, computed_at: before.computed_at });
    expect(running.started_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await items()).length).toBe(5);
    // one computation is held at the feed (the day's run count below shows that no second one ran)
    expect(hold.spy).toHaveBeenCalledTimes(1);
    // a third request while it runs: the same state, no new run, nothing audited
    expect(await t.post('/admin/api/reconciliation/run', { day: today }, { token: admin })).toMatchObject({ code: 200, message: RECON_DAILY_MSG.inProgress, data: { state: 'running' } });
    expect(await post('/admin/api/reconciliation/days', { page: 1 })).toMatchObject({ data: [{ day: today, state: 'running', status: 'differences' }] });
    hold.release();
    const after = await settled();
    await t.venues.reconciliationDaily.settled();
    expect({ ...after, computed_at: '', duration_ms: 0, requested_at: '', started_at: '' }).toEqual({ ...before, computed_at: '', duration_ms: 0, requested_at: '', started_at: '' });
    // computed once: one more completed run, one audit row
    expect(await runs()).toBe(3);
    expect((await items()).length).toBe(5);
    const audit = await audits();
    expect(audit).toHaveLength(auditsBefore + 1);
    expect(audit.every((a) => a.target === `reconciliation-day:${today}`)).toBe(true);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: null, after: { state: 'queued', requested_by: 'admin' } });
    expect(JSON.parse(audit.at(-1)!.detail)).toMatchObject({
      before: { state: 'done', status: 'differences', differences: 5, computed_by: 'admin' },
      after: { state: 'queued', requested_by: 'admin' },
    });
    // the ledger itself stayed sound throughout (its own check cannot see these)
    await expectLedgerSound(t);
  });

  it('a check that fails stores the day as failed with a Chinese message, keeping the last result; a later run recovers', async () => {
    // the bet feed cannot be pulled: the venue check cannot be computed
    const spy = vi.spyOn(t.venues.bets, 'pull').mockRejectedValueOnce(new Error('bet feed unreachable'));
    const failed = await runDay();
    expect(spy).toHaveBeenCalled();
    expect(failed).toMatchObject({ state: 'failed', error: reconCheckFailed(RECON_CHECK_TITLES.venues), status: 'differences', differences: 5 });
    expect(failed.error).toMatch(/^「场馆余额 vs 账面」运算出错/);
    expect(await runs()).toBe(3);
    expect((await items()).length).toBe(5);
    expect(await post('/admin/api/reconciliation/days', { page: 1 })).toMatchObject({ data: [{ day: today, state: 'failed', status: 'differences', differences: 5 }] });
    // the request was audited when accepted
    expect(JSON.parse((await audits()).at(-1)!.detail)).toMatchObject({ before: { state: 'done' }, after: { state: 'queued' } });
    // the feed is back: the next run is accepted (a failed day is not "in progress") and completes
    const recovered = await runDay();
    expect(recovered).toMatchObject({ state: 'done', error: null, status: 'differences', differences: 5 });
    expect(await runs()).toBe(4);
    expect(await audits()).toHaveLength(5);
  });

  it('the job computes yesterday once, and leaves a stored day alone', async () => {
    expect(t.scheduler.jobs.map((j) => j.name)).toContain('reconcile_daily');
    const daily = t.venues.reconciliationDaily;
    const later = Date.now() + 2 * DAY;
    const tomorrow = beijingDay(Date.now() + DAY);
    expect(await daily.runDue(later)).toBe(tomorrow);
    expect(await daily.runDue(later)).toBeNull();
    const row = await t.ctx.db.selectFrom('reconciliation_days').selectAll().where('day', '=', tomorrow).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', status: 'clean', computed_by: 'job', requested_by: 'job' });
    expect(Number(row.runs)).toBe(1);
    // the day with differences, as the job sees it the day after: stored already, so not run again
    expect(await daily.runDue(Date.now() + DAY)).toBeNull();
    expect(await runs()).toBe(4);
    expect(await post('/admin/api/reconciliation/days', { page: 1 })).toMatchObject({ total: 2, data: [{ day: tomorrow, status: 'clean' }, { day: today, status: 'differences', differences: 5 }] });
  });

  it('permissions, and bad bodies answer their message and change nothing', async () => {
    const member = await newMember(t, 'rcmember1', 0);
    expect(await t.post('/admin/api/reconciliation/daily', { day: today }, { token: member.token })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/admin/api/reconciliation/run', { day: today })).toMatchObject({ code: CODE.unauthorized });
    // a role without reconciliation.view: refused everywhere
    const editor = await operator(t, 'rcedit01', 'content');
    for (const path of ['daily', 'daily-items', 'days', 'run']) {
      expect(await t.post(`/admin/api/reconciliation/${path}`, { day: today, page: 1 }, { token: editor }), path).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    }
    // the auditor reads but may not run
    const auditor = await operator(t, 'rcaudit01', 'auditor');
    expect((await t.post('/admin/api/reconciliation/daily', { day: today }, { token: auditor })).data.differences).toBe(5);
    expect(await t.post('/admin/api/reconciliation/run', { day: today }, { token: auditor })).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });

    const bad: [string, unknown, string][] = [
      ['daily', {}, RECON_DAILY_MSG.day],
      ['daily', { day: '2026-02-30' }, RECON_DAILY_MSG.day],
      ['daily', { day: '20260101' }, RECON_DAILY_MSG.day],
      ['daily', { day: 20260101 }, RECON_DAILY_MSG.day],
      ['daily', { day: `${today}'; drop table deposits; --` }, RECON_DAILY_MSG.day],
      ['daily', { day: 'x'.repeat(100_00) }, RECON_DAILY_MSG.day],
      ['daily', '[1,2]', RECON_DAILY_MSG.day],
      ['daily', { day: beijingDay(Date.now() + 3 * DAY) }, RECON_DAILY_MSG.future],
      ['run', { day: beijingDay(Date.now() + 3 * DAY) }, RECON_DAILY_MSG.future],
      ['run', { day: '2001-01-01' }, RECON_DAILY_MSG.tooOld],
      ['run', { day: null }, RECON_DAILY_MSG.day],
      ['daily-items', { day: today, check: 'casino' }, RECON_DAILY_MSG.check],
      ['daily-items', { day: today, page: 0 }, ADMIN_COMMON_MSG.page],
      ['daily-items', { day: today, per_page: 1000 }, ADMIN_COMMON_MSG.perPage],
      ['days', { page: -1 }, ADMIN_COMMON_MSG.page],
    ];
    for (const [path, body, message] of bad) {
      expect(await t.post(`/admin/api/reconciliation/${path}`, body, { token: admin }), `${path} ${JSON.stringify(body).slice(0, 60)}`).toMatchObject({ code: CODE.invalid, message });
    }
    expect(await t.ctx.db.selectFrom('reconciliation_days').select('day').execute()).toHaveLength(2);
    expect(await t.ctx.db.selectFrom('admin_audit').select('id').where('action', '=', 'reconciliation.rerun').execute()).toHaveLength(5);
  });

  it('a day another process is computing is left to it until its lease runs out; a run left behind is taken over', async () => {
    const day = beijingDay(Date.now() - 3 * DAY);
    const now = Date.now();
    // another process holds the day's run (its lease is live)
    await t.ctx.db
      .insertInto('reconciliation_days')
      .values({ day, state: 'running', requested_at: now - 1_000, requested_by: 'job', started_at: now - 1_000, holder: 'other-process:1:abc', error: null })
      .execute();
    expect(await t.post('/admin/api/reconciliation/run', { day }, { token: admin })).toMatchObject({ code: 200, message: RECON_DAILY_MSG.inProgress, data: { day, state: 'running', status: null, checks: [] } });
    // the job on the day after it (its "yesterday" is this day): stored, and its run alive
    const jobNow = now - 2 * DAY;
    expect(await t.venues.reconciliationDaily.runDue(jobNow)).toBeNull();
    await t.venues.reconciliationDaily.settled();
    expect((await t.ctx.db.selectFrom('reconciliation_days').selectAll().where('day', '=', day).executeTakeFirstOrThrow()).holder).toBe('other-process:1:abc');
    // that process stopped: past the lease the job takes the day over and computes it
    const stale = jobNow - DAY_LEASE_MS - 1_000;
    await t.ctx.db.updateTable('reconciliation_days').set({ requested_at: stale, started_at: stale }).where('day', '=', day).execute();
    expect(await t.venues.reconciliationDaily.runDue(jobNow)).toBe(day);
    expect(await post<ReconDayResult>('/admin/api/reconciliation/daily', { day })).toMatchObject({ day, state: 'done', status: 'clean', computed_by: 'job' });
    // this process holds the day now: a late result of the stopped run would be dropped (finishDay checks the holder)
    expect((await t.ctx.db.selectFrom('reconciliation_days').selectAll().where('day', '=', day).executeTakeFirstOrThrow()).holder).not.toBe('other-process:1:abc');
    // the same for an operator: a stale run is taken over by a request
    await t.ctx.db.updateTable('reconciliation_days').set({ state: 'running', holder: 'other-process:1:abc', requested_at: stale, started_at: stale }).where('day', '=', day).execute();
    expect((await runDay(day)).state).toBe('done');
    expect(Number((await t.ctx.db.selectFrom('reconciliation_days').select('runs').where('day', '=', day).executeTakeFirstOrThrow()).runs)).toBe(2);
  });
});
