import { ADMIN_COMMON_MSG, CODE, RISK_EVENT_MSG, type RiskEventDetail, type RiskEventRow, type RiskRule } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { credit } from '../transfers/testing.ts';
import { bindBank, operator, PAY, withdraw } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { runRiskRules } from './rules-job.ts';

/**
 * Risk rules and events (issue 36 point 3): each rule fires on a scripted abuse and not on the same
 * actions by unlinked members or below its thresholds; an event is decided once (two operators
 * racing: one effect); an operator without risk.manage is refused; thresholds are validated and
 * audited. SQLite and PostgreSQL.
 */
describe('risk rules and events', () => {
  let t: TestApp;
  let owner: string;
  let risk: string;
  let risk2: string;
  let finance: string;
  let support: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let seq = 0;
  const DEV = 'a1b2c3d4-0000-4000-8000-00000000beef';

  /** registers from its own address (unlinked) or on a shared device (linked) */
  async function join(name: string, device?: string) {
    seq++;
    const headers: Record<string, string> = { 'x-device-id': device ?? `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}` };
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: `测试${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${'子丑寅卯辰巳午未申酉戌亥'[Math.floor(seq / 10) % 12]}`, paypassword: PAY }, { ip: `198.18.0.${seq}`, headers });
    expect(r.code, r.message).toBe(200);
    tokens[name] = r.data.api_token;
    ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
  }
  const call = (path: string, body: Record<string, unknown>, token = owner) => t.post(path, body, { token });
  // a millisecond on: rows written in the same millisecond as the run are in its window
  const run = () => runRiskRules(t.ctx.db, addressFilter([]), Date.now() + 1);
  const events = async (filter: Record<string, unknown> = {}) => {
    const r = await call('/admin/api/risk/events', { per_page: 100, ...filter });
    expect(r.code, r.message).toBe(200);
    return r.data.data as RiskEventRow[];
  };
  const pairsOf = (rows: RiskEventRow[], rule: string) => rows.filter((e) => e.rule === rule).map((e) => [e.username, e.other_username].sort().join('+')).sort();

  let betSeq = 0;
  async function bet(member: string, b: { stake: number; win?: number; detail?: string; status?: number; round?: string; side?: string }) {
    const now = Date.now();
    await t.ctx.db
      .insertInto('bets')
      .values({
        platform: 'sbty',
        bet_id: `RK${++betSeq}-${Math.random().toString(36).slice(2, 8)}`,
        member_id: ids[member],
        game_code: 'football',
        game_name: '足球',
        category_id: 'sport',
        bet_amount: b.stake * 100,
        valid_amount: b.stake * 100,
        win_loss: (b.win ?? 0) * 100,
        status: b.status ?? 1,
        detail: b.detail ?? '',
        round_id: b.round ?? null,
        side: b.side ?? null,
        created_at: now - 60_000,
        settled_at: (b.status ?? 1) === 2 ? null : now,
        pulled_at: now,
      })
      .execute();
  }
  const match = (fixture: string, pick: string, stake: number) => `英超 ${fixture} · ${pick} @1.90 · 投注 ${stake}.00`;
  /** a match bet as the provider reports it: its fixture (round) and the side picked, the words only for people */
  const onMatch = (round: string, side: 'home' | 'draw' | 'away', stake: number) => ({ stake, round, side, status: 2, detail: match(round, side, stake) });

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    risk = await operator(t, 'rkrisk01', 'risk');
    risk2 = await operator(t, 'rkrisk02', 'risk');
    finance = await operator(t, 'rkfin01', 'finance');
    support = await operator(t, 'rksup01', 'support');
    await join('evlink1', DEV);
    await join('evlink2', DEV);
    for (const name of ['evfree1', 'evfree2', 'evhunt1', 'evhunt2', 'evwash1', 'evwash2']) await join(name);
  });
  afterAll(() => t.stop());

  it('big_win: a settled win over the amount opens one event; a smaller win none', async () => {
    await bet('evfree1', { stake: 1000, win: 60_000 });
    await bet('evfree2', { stake: 1000, win: 49_999 });
    await run();
    await run(); // the same rows read again open nothing twice
    const wins = (await events({ rule: 'big_win' })).filter((e) => e.username.startsWith('ev'));
    expect(wins.map((e) => [e.username, e.amount, e.state])).toEqual([['evfree1', 60_000, 'open']]);
  });

  it('linked_opposite: linked members on both sides of one match; unlinked members and small stakes never', async () => {
    await bet('evlink1', onMatch('fx:101', 'home', 200));
    await bet('evlink2', onMatch('fx:101', 'away', 300));
    // unlinked members on opposite sides of the same match
    await bet('evfree1', onMatch('fx:101', 'home', 500));
    await bet('evfree2', onMatch('fx:101', 'away', 500));
    // linked, but below min_stake (100 yuan), on another match
    await bet('evlink1', onMatch('fx:102', 'home', 50));
    await bet('evlink2', onMatch('fx:102', 'away', 50));
    // linked on the same side: not opposite
    await bet('evlink2', onMatch('fx:103', 'home', 200));
    await bet('evlink1', onMatch('fx:103', 'home', 200));
    // the round and side are the provider's fields, not words: a text that reads like a match
    // but a record with no side (a round of its own) is no side of anything
    await bet('evlink1', { stake: 200, status: 2, round: 'SBX1', detail: match('黄队 vs 绿队', '黄队胜', 200) });
    await bet('evlink2', { stake: 200, status: 2, round: 'SBX2', detail: match('黄队 vs 绿队', '绿队胜', 200) });
    await run();
    const rows = await events({ rule: 'linked_opposite' });
    expect(pairsOf(rows, 'linked_opposite')).toEqual(['evlink1+evlink2']);
    const detail = (await call('/admin/api/risk/event', { id: rows[0].id }, finance)).data as RiskEventDetail;
    // the sides by their names in the contract's dictionary
    expect(detail.evidence.map((i) => [i.kind, i.username, i.amount, i.note]).sort()).toEqual([
      ['bet', 'evlink1', 200, '主胜'],
      ['bet', 'evlink2', 300, '客胜'],
    ]);
    expect(detail.figures).toMatchObject({ round: '足球 fx:101', stake: 500 });
    expect(detail.thresholds).toEqual({ min_stake: 100 });
  });

  it('linked_same_promo: linked members taking the same red packet or activity; unlinked never', async () => {
    const now = Date.now();
    const rule = await t.ctx.db
      .insertInto('red_packet_rules')
      .values({ name: '风控测试红包', starts_at: now - 86_400_000, ends_at: now + 86_400_000, deposit_min: 0, deposit_max: null, grabs: 3, mode: 'fixed', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    let g = 0;
    for (const who of ['evlink1', 'evlink2', 'evfree1', 'evfree2']) {
      await t.ctx.db
        .insertInto('red_packet_grabs')
        .values({ grab_no: `RKG${now}${++g}`, member_id: ids[who], day: '2026-01-01', seq: 90 + g, rule_id: Number(rule.id), deposits: 0, amount: 888, turnover_multiple: 1, created_at: Date.now() })
        .execute();
    }
    for (const who of ['evlink1', 'evlink2', 'evfree1', 'evfree2']) {
      await t.ctx.db.insertInto('activity_applications').values({ apply_no: `RKA${now}${++g}`, member_id: ids[who], activity_id: 4242, activity_name: '风控测试活动', created_at: Date.now() }).execute();
    }
    await run();
    const rows = await events({ rule: 'linked_same_promo' });
    expect(pairsOf(rows, 'linked_same_promo')).toEqual(['evlink1+evlink2', 'evlink1+evlink2']);
    const kinds = await Promise.all(rows.map(async (e) => ((await call('/admin/api/risk/event', { id: e.id })).data as RiskEventDetail).evidence.map((i) => `${i.kind}:${i.note}`)));
    expect(kinds.flat().sort()).toEqual(['activity:风控测试活动', 'activity:风控测试活动', 'red_packet:风控测试红包', 'red_packet:风控测试红包']);
  });

  /** a reward credited an hour ago whose turnover the member has done */
  async function reward(member: string, fen: number) {
    const at = Date.now() - 3_600_000;
    await t.ctx.db
      .insertInto('turnover_requirements')
      .values({ member_id: ids[member], source: 'rebate', reference: `RKR${member}${at}`, credited: fen, required: fen, done: fen, created_at: at, completed_at: at + 1000 })
      .execute();
  }
  async function depositOf(member: string, fen: number) {
    const at = Date.now() - 3_600_000;
    await t.ctx.db
      .insertInto('deposits')
      .values({ deposit_no: `RKD${ids[member]}${at}`, member_id: ids[member], paytype: 'bank', kind: 'manual', status: 'credited', amount: fen, paid_amount: fen, credited_amount: fen, created_at: at, expires_at: at + 900_000, credited_at: at, cashier_url: null, gateway: null, gateway_order_no: null, usdt_cents: null, receiving_account_id: null, paid_at: at, decided_at: at, channel_id: null })
      .execute();
  }
  async function withdrawNow(member: string, yuan: number) {
    await credit(t, member, yuan);
    const card = await bindBank(t, tokens[member]);
    const r = await withdraw(t, tokens[member], { bank: card, amount: yuan, password: PAY });
    expect(r.code, r.message).toBe(200);
  }

  it('bonus_hunt: a reward, turnover just past what it required, a withdrawal within hours; more play none', async () => {
    await reward('evhunt1', 10_000); // 100 yuan rebate, 100 yuan required
    await bet('evhunt1', { stake: 110 }); // 10% above: within the 20% margin
    await reward('evhunt2', 10_000);
    await bet('evhunt2', { stake: 500 }); // played on well past it
    await withdrawNow('evhunt1', 100);
    await withdrawNow('evhunt2', 100);
    await run();
    const rows = await events({ rule: 'bonus_hunt' });
    expect(rows.map((e) => [e.username, e.amount])).toEqual([['evhunt1', 100]]);
    const d = (await call('/admin/api/risk/event', { id: rows[0].id })).data as RiskEventDetail;
    expect(d.evidence.map((i) => i.kind)).toEqual(['rebate', 'withdrawal']);
    expect(d.figures).toMatchObject({ bonus: 100, required: 100, turnover: 110 });
  });

  it('low_turnover: deposits withdrawn with under the percentage played; enough play none', async () => {
    await depositOf('evwash1', 100_000); // 1,000 yuan
    await bet('evwash1', { stake: 100 }); // 10%
    await depositOf('evwash2', 100_000);
    await bet('evwash2', { stake: 500 }); // 50%
    await withdrawNow('evwash1', 100);
    await withdrawNow('evwash2', 100);
    await run();
    const rows = await events({ rule: 'low_turnover' });
    expect(rows.map((e) => e.username)).toEqual(['evwash1']);
    const d = (await call('/admin/api/risk/event', { id: rows[0].id })).data as RiskEventDetail;
    expect(d.figures).toMatchObject({ deposits: 1000, turnover: 100, turnover_pct: 10 });
    expect(d.evidence.map((i) => i.kind)).toEqual(['deposit', 'withdrawal']);
  });

  it('the bell, the dashboard and the withdrawal review count the open events', async () => {
    const open = (await events({ state: 'open' })).length;
    const summary = await call('/admin/api/dashboard/summary', {});
    expect(summary.data.pending.risk_events).toBe(open);
    const list = await call('/admin/api/withdrawals/list', { username: 'evwash1', state: 1, page: 1 });
    expect(list.data.data[0].risk.open_events.map((e: { rule: string }) => e.rule)).toEqual(['low_turnover']);
    expect(list.data.data[0].risk.notes).toContain('会员有 1 个待处理风控事件');
    const filtered = await events({ username: 'EVLINK2' });
    expect(filtered.length).toBeGreaterThanOrEqual(3);
    expect(filtered.every((e) => e.username === 'evlink2' || e.other_username === 'evlink2')).toBe(true);
  });

  it('decides exactly once; two operators racing have one effect; a weaker operator is refused', async () => {
    const [first, second] = (await events({ state: 'open', rule: 'linked_same_promo' })).map((e) => e.id);
    // finance holds risk.view, not risk.manage; support neither
    expect(await call('/admin/api/risk/decide', { id: first, decision: 'confirm', reason: '越权' }, finance)).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    expect(await call('/admin/api/risk/events', {}, support)).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    expect(await call('/admin/api/risk/decide', { id: first, decision: 'maybe', reason: 'x' }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.decision });
    expect(await call('/admin/api/risk/decide', { id: first, decision: 'confirm', reason: '' }, risk)).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.reason });
    expect(await call('/admin/api/risk/decide', { id: 99_999_999, decision: 'confirm', reason: '不存在' }, risk)).toMatchObject({ code: CODE.notFound, message: RISK_EVENT_MSG.notFound });
    // hostile shapes: answered in Chinese, nothing changed
    expect(await call('/admin/api/risk/decide', { id: 'abc', decision: 'confirm', reason: 'x' }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.id });
    expect(await call('/admin/api/risk/decide', { id: first, decision: 'confirm', reason: '长'.repeat(201) }, risk)).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.reason });
    expect(await call('/admin/api/risk/event', { id: -1 }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.id });
    expect(await call('/admin/api/risk/events', { per_page: 1000 }, risk)).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.perPage });
    expect(await call('/admin/api/risk/events', { state: 'gone' }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.state });
    expect(await call('/admin/api/risk/events', { username: 'x'.repeat(500) }, risk)).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.username });
    expect(((await call('/admin/api/risk/event', { id: first })).data as RiskEventDetail).state).toBe('open');

    const done = await call('/admin/api/risk/decide', { id: first, decision: 'confirm', reason: '同设备两号同领' }, risk);
    expect(done).toMatchObject({ code: 200, data: { state: 'confirmed', decided_by: 'rkrisk01', reason: '同设备两号同领' } });
    expect(await call('/admin/api/risk/decide', { id: first, decision: 'dismiss', reason: '再来一次' }, risk2)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.decided });

    const race = await Promise.all([
      call('/admin/api/risk/decide', { id: second, decision: 'confirm', reason: '甲确认' }, risk),
      call('/admin/api/risk/decide', { id: second, decision: 'dismiss', reason: '乙排除' }, risk2),
    ]);
    expect(race.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.code === 400)?.message).toBe(RISK_EVENT_MSG.decided);
    const audits = await t.ctx.db.selectFrom('admin_audit').select(['action', 'detail']).where('target', '=', `risk_event:${second}`).execute();
    expect(audits).toHaveLength(1);
    const after = (await call('/admin/api/risk/event', { id: second })).data as RiskEventDetail;
    expect(after.state).toBe(race[0].code === 200 ? 'confirmed' : 'dismissed');
    expect((await events({ state: 'open' })).some((e) => e.id === first || e.id === second)).toBe(false);
  });

  it('rules: validated, audited, and a weaker operator refused', async () => {
    const before = (await call('/admin/api/risk/rules', {}, finance)).data.rules as RiskRule[];
    expect(before.find((r) => r.rule === 'big_win')).toMatchObject({ enabled: true, params: { min_win: 50_000 } });
    expect(await call('/admin/api/risk/rules-update', { rule: 'big_win', enabled: true, params: { min_win: 1000 } }, finance)).toMatchObject({ code: CODE.forbidden });
    expect(await call('/admin/api/risk/rules-update', { rule: 'bonus_hunt', enabled: true, params: { within_hours: 0, margin_pct: 20, min_bonus: 10 } }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.withinHours });
    expect(await call('/admin/api/risk/rules-update', { rule: 'big_win', enabled: true, params: { min_win: '1.234' } }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.amount });
    expect(await call('/admin/api/risk/rules-update', { rule: 'nope', enabled: true, params: {} }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.rule });
    expect(await call('/admin/api/risk/rules-update', { rule: 'big_win', enabled: true, params: 'x'.repeat(5000) }, risk)).toMatchObject({ code: 400, message: RISK_EVENT_MSG.params });
    expect(await t.ctx.db.selectFrom('admin_audit').select('id').where('action', '=', 'risk.rules_update').execute()).toHaveLength(0);

    const saved = await call('/admin/api/risk/rules-update', { rule: 'big_win', enabled: true, params: { min_win: '1000.50' } }, risk);
    expect(saved).toMatchObject({ code: 200, data: { rule: 'big_win', params: { min_win: 1000.5 }, updated_by: 'rkrisk01' } });
    const audit = await t.ctx.db.selectFrom('admin_audit').select(['target', 'detail']).where('action', '=', 'risk.rules_update').executeTakeFirstOrThrow();
    expect(audit.target).toBe('risk_rule:big_win');
    expect(JSON.parse(audit.detail)).toMatchObject({ before: { enabled: true, min_win: 50_000 }, after: { enabled: true, min_win: 1000.5 } });
    // the new threshold applies to the next win
    await bet('evfree2', { stake: 100, win: 2000 });
    await run();
    expect((await events({ rule: 'big_win', username: 'evfree2' })).map((e) => e.amount)).toContain(2000);
    // a disabled rule fires no more
    expect((await call('/admin/api/risk/rules-update', { rule: 'big_win', enabled: false, params: { min_win: 1000 } }, risk)).code).toBe(200);
    await bet('evhunt2', { stake: 100, win: 3000 });
    await run();
    expect(await events({ rule: 'big_win', username: 'evhunt2' })).toEqual([]);
  });
});
