import { CENTRAL_WALLET, CODE, RESPONSIBLE_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { memberWithCard, PAY_PASS } from '../payments/testing.ts';
import { centralFen, credit, expectLedgerSound, startVenueApp, venueFen } from '../transfers/testing.ts';
import { periodBounds } from './index.ts';

const H = 3_600_000;

/** Responsible play (issue 22): limits, cooling-off, breaks, enforced on every path; SQLite and PostgreSQL. */
describe('responsible play', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startVenueApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  const get = (token: string) => t.post('/api/responsible/get', {}, { token });
  const limit = (token: string, body: Record<string, unknown>) => t.post('/api/responsible/limit', body, { token });
  const deposit = (token: string, amount = 100) => t.post('/api/recharge', { paytype: 'alipay', amount }, { token });
  const limitOf = (state: any, kind: string, period: string) => state.limits.find((l: any) => l.kind === kind && l.period === period);
  /** a settled bet of the member's, as the bet feed stores it (fen; negative: the member lost) */
  const settledBet = (memberId: number, winLoss: number, at = Date.now()) =>
    t.ctx.db.insertInto('bets').values({ platform: 'pp', bet_id: `B${memberId}-${at}-${Math.random()}`, member_id: memberId, game_code: 'pp_gates', game_name: '测试', category_id: '3', bet_amount: Math.abs(winLoss), valid_amount: Math.abs(winLoss), win_loss: winLoss, status: 1, created_at: at, settled_at: at, pulled_at: at }).execute();

  it('refuses bad input with Chinese messages and needs a member token', async () => {
    const m = await memberWithCard(t, 'rgbad');
    expect(await t.post('/api/responsible/get', {})).toMatchObject({ code: CODE.unauthorized });
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/responsible/limit', { kind: 'bet', period: 'day', amount: 10 }, RESPONSIBLE_MSG.kind],
      ['/api/responsible/limit', { kind: 'deposit', period: 'year', amount: 10 }, RESPONSIBLE_MSG.period],
      ['/api/responsible/limit', { kind: 'deposit', period: 'day', amount: -1 }, RESPONSIBLE_MSG.amount],
      ['/api/responsible/limit', { kind: 'deposit', period: 'day', amount: '1.234' }, RESPONSIBLE_MSG.amount],
      ['/api/responsible/limit', { kind: 'deposit', period: 'day', amount: 'abc' }, RESPONSIBLE_MSG.amount],
      ['/api/responsible/reality', { minutes: 'x' }, RESPONSIBLE_MSG.minutes],
      ['/api/responsible/reality', { minutes: 999 }, RESPONSIBLE_MSG.minutes],
      ['/api/responsible/break', { kind: 'nap', duration: '24h' }, RESPONSIBLE_MSG.breakKind],
      ['/api/responsible/break', { kind: 'timeout', duration: '1y' }, RESPONSIBLE_MSG.duration],
      ['/api/responsible/break', { kind: 'exclusion', duration: '7d' }, RESPONSIBLE_MSG.duration],
    ];
    for (const [path, body, message] of cases) expect(await t.post(path, body, { token: m.token }), JSON.stringify(body)).toMatchObject({ code: 400, message });
    expect((await get(m.token)).data.history).toEqual([]);
  });

  it('applies each deposit limit per Beijing period, the lowest one, counting pending orders', async () => {
    const m = await memberWithCard(t, 'rgdep');
    expect((await limit(m.token, { kind: 'deposit', period: 'month', amount: 1000 })).message).toBe(RESPONSIBLE_MSG.limitSet);
    expect((await limit(m.token, { kind: 'deposit', period: 'week', amount: '500' })).code).toBe(200);
    const s = (await limit(m.token, { kind: 'deposit', period: 'day', amount: 300 })).data;
    expect(limitOf(s, 'deposit', 'day')).toMatchObject({ amount: 300, used: 0, left: 300, pending: null });
    // two pending orders of 100 count; a third of 200 would pass 300 a day
    expect((await deposit(m.token, 100)).code).toBe(200);
    expect((await deposit(m.token, 100)).code).toBe(200);
    expect(await deposit(m.token, 200)).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.depositLimit('每日', '300.00', '100.00') });
    expect((await deposit(m.token, 100)).code).toBe(200);
    expect(await deposit(m.token, 100)).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.depositLimit('每日', '300.00', '0.00') });
    // the week's 500 is the lowest once it is below what the day leaves
    const w = await memberWithCard(t, 'rgwk');
    await limit(w.token, { kind: 'deposit', period: 'day', amount: 1000 });
    await limit(w.token, { kind: 'deposit', period: 'week', amount: 200 });
    expect((await deposit(w.token, 200)).code).toBe(200);
    expect(await deposit(w.token, 100)).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.depositLimit('每周', '200.00', '0.00') });
    expect(limitOf((await get(m.token)).data, 'deposit', 'day')).toMatchObject({ used: 300, left: 0 });
  });

  it('never lets parallel orders pass the limit', async () => {
    const m = await memberWithCard(t, 'rgpar');
    await limit(m.token, { kind: 'deposit', period: 'day', amount: 300 });
    const replies = await Promise.all(Array.from({ length: 100 }, () => deposit(m.token, 100)));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(3);
    const rows = await t.ctx.db.selectFrom('deposits').select('amount').where('member_id', '=', m.id).execute();
    expect(rows.reduce((a, r) => a + Number(r.amount), 0)).toBe(30_000);
  });

  it('lowers at once, raises and removes only after 24 hours (driven clock), keeping history', async () => {
    const m = await memberWithCard(t, 'rgcool');
    const svc = t.responsible.service;
    const t0 = Date.now();
    await svc.setLimit(m.id, { kind: 'loss', period: 'week', amount: 50_000 }, t0);
    // lower: at once
    let r = await svc.setLimit(m.id, { kind: 'loss', period: 'week', amount: 20_000 }, t0 + H);
    expect(limitOf(r.state, 'loss', 'week')).toMatchObject({ amount: 200, pending: null });
    // raise: waits
    r = await svc.setLimit(m.id, { kind: 'loss', period: 'week', amount: 80_000 }, t0 + 2 * H);
    expect(r.message).toMatch(/24小时冷静期/);
    expect(limitOf(r.state, 'loss', 'week')).toMatchObject({ amount: 200, pending: { amount: 800 } });
    expect(limitOf(await svc.state(m.id, t0 + 25 * H), 'loss', 'week')).toMatchObject({ amount: 200 });
    expect(limitOf(await svc.state(m.id, t0 + 26 * H), 'loss', 'week')).toMatchObject({ amount: 800, pending: null });
    // remove: waits too; a lower value meanwhile cancels the pending removal
    r = await svc.setLimit(m.id, { kind: 'loss', period: 'week', amount: null }, t0 + 27 * H);
    expect(limitOf(r.state, 'loss', 'week')).toMatchObject({ amount: 800, pending: { amount: null } });
    r = await svc.setLimit(m.id, { kind: 'loss', period: 'week', amount: 10_000 }, t0 + 28 * H);
    expect(limitOf(r.state, 'loss', 'week')).toMatchObject({ amount: 100, pending: null });
    expect(limitOf(await svc.state(m.id, t0 + 60 * H), 'loss', 'week')).toMatchObject({ amount: 100 });
    expect(r.state.history.map((h: any) => h.summary)).toEqual(['每周亏损限额 100.00元', '取消每周亏损限额', '每周亏损限额 800.00元', '每周亏损限额 200.00元', '每周亏损限额 500.00元']);
    // over HTTP: a removal answers when it applies
    const reply = await limit(m.token, { kind: 'deposit', period: 'day', amount: '' });
    expect(reply.code).toBe(200);
  });

  it('a reached loss limit blocks transfers in and game launch, not transfers out', async () => {
    const m = await memberWithCard(t, 'rgloss');
    await credit(t, m.name, 500);
    expect((await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 100 }, { token: m.token })).code).toBe(200);
    await limit(m.token, { kind: 'loss', period: 'day', amount: 200 });
    await settledBet(m.id, -15_000);
    expect((await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 10 }, { token: m.token })).code).toBe(200);
    await settledBet(m.id, -5_000);
    const blocked = RESPONSIBLE_MSG.lossLimit('每日', '200.00', '转入游戏场馆');
    expect(await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 10 }, { token: m.token })).toMatchObject({ code: 400, message: blocked });
    expect(await t.post('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates' }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.lossLimit('每日', '200.00', '进入游戏') });
    expect((await t.post('/api/transfer', { sourcetype: 'pp', targettype: CENTRAL_WALLET, amount: 50 }, { token: m.token })).code).toBe(200);
    expect(limitOf((await get(m.token)).data, 'loss', 'day')).toMatchObject({ used: 200, left: 0 });
    await expectLedgerSound(t);
  });

  it('a time-out recovers venue money and closes every path but sign-in, records and withdrawals; it cannot be ended early', async () => {
    const m = await memberWithCard(t, 'rgto');
    await credit(t, m.name, 800);
    expect((await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 300 }, { token: m.token })).code).toBe(200);
    expect(await venueFen(t, m.id, 'pp')).toBe(30_000);
    const r = await t.post('/api/responsible/break', { kind: 'timeout', duration: '7d' }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    const end = r.data.active_break.ends_at;
    expect(r.message).toBe(RESPONSIBLE_MSG.breakSet('冷静期', end));
    expect(await venueFen(t, m.id, 'pp')).toBe(0);
    expect(await centralFen(t, m.id)).toBe(80_000);
    const closed = (what: string) => ({ code: 400, message: RESPONSIBLE_MSG.onBreak('冷静期', end, what) });
    expect(await deposit(m.token, 100)).toMatchObject(closed('存款'));
    expect(await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 10 }, { token: m.token })).toMatchObject(closed('转入游戏场馆'));
    expect(await t.post('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates' }, { token: m.token })).toMatchObject(closed('进入游戏'));
    expect(await t.post('/api/douserredpacket', {}, { token: m.token })).toMatchObject(closed('领取红包'));
    expect(await t.post('/api/activityApply', { id: 1 }, { token: m.token })).toMatchObject(closed('申请活动'));
    // a shorter break does not end it early
    expect(await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.breakShorter('冷静期', end) });
    // open: sign-in, records, withdrawals
    expect((await t.post('/api/login', { name: m.name, password: 'secret123' })).code).toBe(200);
    expect((await t.post('/api/gettransrecord', { type: 1, page: 1 }, { token: m.token })).code).toBe(200);
    const card = await t.ctx.db.selectFrom('member_cards').select('id').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    const w = await t.post('/api/withdraw', { bank: card.id, amount: 100, password: PAY_PASS }, { token: m.token });
    expect(w.code, w.message).toBe(200);
    // once its end has passed it is over
    const later = Date.parse(end.replace(' ', 'T') + '+08:00') + 1000;
    expect((await t.responsible.service.state(m.id, later)).active_break).toBeNull();
    await expectLedgerSound(t);
  });

  it('self-exclusion: members cannot shorten it; operators can only extend it, audited; the list shows it', async () => {
    const m = await memberWithCard(t, 'rgex');
    const r = await t.post('/api/responsible/break', { kind: 'exclusion', duration: '6m' }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    const end = r.data.active_break.ends_at;
    expect(await t.post('/api/responsible/break', { kind: 'timeout', duration: '30d' }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.breakShorter('自我排除', end) });
    expect(await t.post('/api/responsible/limit', { kind: 'deposit', period: 'day', amount: 0 }, { token: m.token })).toMatchObject({ code: 200 });
    expect(await deposit(m.token)).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.onBreak('自我排除', end, '存款') });
    // operators: bad input, unknown member, not on a break, then an extension
    expect(await t.post('/admin/api/responsible/extend', { username: m.name, duration: '24h', reason: '会员要求' }, { token: admin })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.duration });
    expect(await t.post('/admin/api/responsible/extend', { username: 'nobody000', duration: '1y', reason: '会员要求' }, { token: admin })).toMatchObject({ message: RESPONSIBLE_MSG.memberNotFound });
    const other = await memberWithCard(t, 'rgnx');
    expect(await t.post('/admin/api/responsible/extend', { username: other.name, duration: '1y', reason: '会员要求' }, { token: admin })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.extendNotExcluded });
    const ext = await t.post('/admin/api/responsible/extend', { username: m.name, duration: '1y', reason: '会员来电要求延长' }, { token: admin });
    expect(ext.code, ext.message).toBe(200);
    expect(ext.data.active_break.ends_at > end).toBe(true);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'responsible.extend').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].target).toBe(`member:${m.id}`);
    const list = await t.post('/admin/api/responsible/list', { state: 'exclusion', page: 1 }, { token: admin });
    expect(list.data.data).toEqual([expect.objectContaining({ username: m.name, break_kind: 'exclusion', break_ends_at: ext.data.active_break.ends_at })]);
    expect((await t.post('/admin/api/responsible/list', { state: 'bogus' }, { token: admin })).message).toBe(RESPONSIBLE_MSG.state);
    const view = await t.post('/admin/api/responsible/get', { username: m.name }, { token: admin });
    expect(view.data.history[0]).toMatchObject({ actor: 'operator', reason: '会员来电要求延长' });
  });

  it('into play: a break is refused before a reached loss limit, by the newest end, and only while it holds', async () => {
    const m = await memberWithCard(t, 'rgord');
    await limit(m.token, { kind: 'loss', period: 'day', amount: 100 });
    await settledBet(m.id, -10_000);
    const into = (now: number) => t.responsible.service.refuseIntoPlay(m.id, 'transferIn', now).then(() => 'open', (e: Error) => e.message);
    const t0 = Date.now();
    expect(await into(t0)).toBe(RESPONSIBLE_MSG.lossLimit('每日', '100.00', '转入游戏场馆'));
    const r = await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    expect(await into(t0 + 1000)).toBe(RESPONSIBLE_MSG.onBreak('冷静期', r.data.active_break.ends_at, '转入游戏场馆'));
    // the launch names its own path
    expect(await t.responsible.service.refuseIntoPlay(m.id, 'launch', t0 + 1000).then(() => 'open', (e: Error) => e.message)).toBe(RESPONSIBLE_MSG.onBreak('冷静期', r.data.active_break.ends_at, '进入游戏'));
    const ext = await t.post('/admin/api/responsible/extend', { username: m.name, duration: '6m', reason: '会员来电要求延长' }, { token: admin });
    expect(ext.code, ext.message).toBe(200);
    const end = ext.data.active_break.ends_at;
    expect(await into(t0 + 2000)).toBe(RESPONSIBLE_MSG.onBreak('自我排除', end, '转入游戏场馆'));
    // past the time-out's end the self-exclusion still holds; past its own end, no break (and that day's loss is none)
    expect(await into(t0 + 25 * H)).toBe(RESPONSIBLE_MSG.onBreak('自我排除', end, '转入游戏场馆'));
    expect(await into(Date.parse(end.replace(' ', 'T') + '+08:00') + 1000)).toBe('open');
  });

  it('a time-out an operator extended lists as the self-exclusion it became, not as a time-out', async () => {
    const m = await memberWithCard(t, 'rgtx');
    expect((await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: m.token })).code).toBe(200);
    const listed = async (state: string) =>
      ((await t.post('/admin/api/responsible/list', { state, username: m.name, page: 1 }, { token: admin })).data.data as { username: string }[]).map((r) => r.username);
    expect([await listed('timeout'), await listed('exclusion')]).toEqual([[m.name], []]);
    const ext = await t.post('/admin/api/responsible/extend', { username: m.name, duration: '6m', reason: '会员来电要求延长' }, { token: admin });
    expect(ext.code, ext.message).toBe(200);
    expect([await listed('timeout'), await listed('exclusion')]).toEqual([[], [m.name]]);
  });

  it('keeps promotional broadcasts from members on a break', async () => {
    const m = await memberWithCard(t, 'rgbc');
    await t.post('/api/responsible/break', { kind: 'timeout', duration: '7d' }, { token: m.token });
    const sent = await t.post('/admin/api/inbox/send', { target: 'all', title: '周末活动', content: '存款送彩金' }, { token: admin });
    expect(sent.code, sent.message).toBe(200);
    const { deliverPending } = await import('../inbox/broadcast.ts');
    await deliverPending(t.ctx.db);
    const mine = await t.ctx.db.selectFrom('member_messages').select('title').where('member_id', '=', m.id).where('title', '=', '周末活动').execute();
    expect(mine).toEqual([]);
    const others = await t.ctx.db.selectFrom('member_messages').select('title').where('title', '=', '周末活动').execute();
    expect(others.length).toBeGreaterThan(0);
  });

  it('reality check: the session answers the net result of the member’s settled bets since it started, theirs only', async () => {
    const m = await memberWithCard(t, 'rgses');
    const other = await memberWithCard(t, 'rgses2');
    const now = Date.now();
    const wire = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 19).replace('T', ' ');
    const started = now - 10 * 60_000;
    await settledBet(m.id, 5_000, started - 60_000); // before the session
    await settledBet(m.id, -12_000, started + 60_000);
    await settledBet(m.id, 3_050, started + 120_000);
    await settledBet(other.id, 99_900, started + 60_000);
    // an unsettled bet of the session does not count yet
    await t.ctx.db.insertInto('bets').values({ platform: 'pp', bet_id: `U${m.id}`, member_id: m.id, game_code: 'pp_gates', game_name: '测试', category_id: '3', bet_amount: 700, valid_amount: 0, win_loss: 0, status: 2, created_at: started + 180_000, settled_at: null, pulled_at: now }).execute();
    const r = await t.post('/api/responsible/session', { since: wire(started) }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ since: wire(started), bet_count: 2, bet_amount: 150.5, net_result: -89.5 });
    expect(await t.post('/api/responsible/session', { since: 'yesterday' }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.since });
    expect(await t.post('/api/responsible/session', { since: wire(now + 2 * H) }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.since });
    expect(await t.post('/api/responsible/session', { since: wire(started) })).toMatchObject({ code: CODE.unauthorized });
  });

  it('the reality-check default is the operator’s site setting until the member chooses', async () => {
    const m = await memberWithCard(t, 'rgdef');
    expect((await get(m.token)).data).toMatchObject({ reality_minutes: 60, reality_default: true, reality_default_minutes: 60 });
    const bad = await t.post('/admin/api/settings/update', { responsible_reality_default_minutes: 241 }, { token: admin });
    expect(bad.code).toBe(400);
    const saved = await t.post('/admin/api/settings/update', { responsible_reality_default_minutes: 45 }, { token: admin });
    expect(saved.code, saved.message).toBe(200);
    expect((await get(m.token)).data).toMatchObject({ reality_minutes: 45, reality_default: true, reality_default_minutes: 45 });
    await t.post('/api/responsible/reality', { minutes: 20 }, { token: m.token });
    expect((await get(m.token)).data).toMatchObject({ reality_minutes: 20, reality_default: false, reality_default_minutes: 45 });
    await t.post('/admin/api/settings/update', { responsible_reality_default_minutes: 60 }, { token: admin });
  });

  it('counts Beijing periods: the day from 00:00, the week from Monday, the month from the 1st', () => {
    const at = Date.parse('2026-03-04T23:30:00+08:00'); // a Wednesday
    expect(periodBounds('day', at)).toEqual({ start: Date.parse('2026-03-04T00:00:00+08:00'), end: Date.parse('2026-03-05T00:00:00+08:00') });
    expect(periodBounds('week', at)).toEqual({ start: Date.parse('2026-03-02T00:00:00+08:00'), end: Date.parse('2026-03-09T00:00:00+08:00') });
    expect(periodBounds('month', at)).toEqual({ start: Date.parse('2026-03-01T00:00:00+08:00'), end: Date.parse('2026-04-01T00:00:00+08:00') });
  });
});
