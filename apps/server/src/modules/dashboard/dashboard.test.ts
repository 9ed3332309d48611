import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { dayjs } from '../../lib/time.ts';
import { wallet } from '../wallet/index.ts';

/**
 * The dashboard's figures against a small known scenario: two members, a deposit with its bonus,
 * a rebate, a red packet, an operator credit and debit, a paid withdrawal, three bets (two
 * settled today, one yesterday, one still open), a pending venue transfer and an agent application.
 */
describe('dashboard figures', () => {
  let t: TestApp;
  let owner: string;
  let ids: number[];
  const now = Date.now();
  const yesterday = now - 86_400_000;
  const sameMonth = dayjs(yesterday).tz('Asia/Shanghai').format('YYYY-MM') === dayjs(now).tz('Asia/Shanghai').format('YYYY-MM');

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.register('dash0001');
    await t.register('dash0002');
    const members = await t.ctx.db.selectFrom('members').select(['id']).orderBy('id').execute();
    ids = members.map((m) => m.id);
    const [a, b] = ids;
    const db = t.ctx.db;
    const key = (s: string) => ({ reference: s, idempotencyKey: s });
    await wallet.creditFromHouse(db, { memberId: a, amount: 50_000, house: 'deposits', kind: 'deposit', ...key('dep-1') });
    await wallet.creditFromHouse(db, { memberId: a, amount: 5_000, house: 'bonus', kind: 'bonus', ...key('dep-1-bonus') });
    await wallet.creditFromHouse(db, { memberId: b, amount: 20_000, house: 'deposits', kind: 'deposit', ...key('dep-2') });
    await wallet.creditFromHouse(db, { memberId: b, amount: 1_000, house: 'rebate', kind: 'rebate', ...key('reb-1') });
    await wallet.creditFromHouse(db, { memberId: b, amount: 500, house: 'red_packet', kind: 'red_packet', ...key('rp-1') });
    await wallet.holdForWithdrawal(db, { memberId: a, amount: 10_000, ...key('wd-1') });
    await wallet.payOutHold(db, { memberId: a, amount: 10_000, reference: 'wd-1', idempotencyKey: 'wd-1:decision' });
    expect((await t.post('/admin/api/members/adjust', { username: 'dash0001', amount: 100, reason: '补偿' }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/members/adjust', { username: 'dash0002', amount: -30, reason: '扣回' }, { token: owner })).code).toBe(200);
    const bet = (id: string, member: number, stake: number, result: number, status: number, settledAt: number | null) => ({
      platform: 'pp', bet_id: id, member_id: member, game_code: 'g', game_name: '游戏', category_id: '3', bet_amount: stake, valid_amount: stake,
      win_loss: result, status, created_at: settledAt ?? now, settled_at: settledAt, pulled_at: now,
    });
    await db
      .insertInto('bets')
      .values([bet('b1', a, 20_000, -8_000, 1, now), bet('b2', b, 10_000, 3_000, 1, now), bet('b3', a, 40_000, 0, 2, null), bet('b4', b, 6_000, -6_000, 1, yesterday)])
      .execute();
    await db.insertInto('venue_transfers').values({ transfer_id: 'T-pending-1', member_id: a, platform: 'pp', direction: 'to_venue', amount: 1_000, status: 2, created_at: now }).execute();
    await db.insertInto('agent_applications').values({ member_id: b, mobile: '13800000000', apply_info: '想做代理', created_at: now }).execute();
  });
  afterAll(() => t.stop());

  it('adds up today and this month from the ledger and the settled bets', async () => {
    const reply = await t.post('/admin/api/dashboard/summary', {}, { token: owner });
    expect(reply.code).toBe(200);
    expect(reply.data.today).toEqual({
      deposits: 700,
      deposit_count: 2,
      withdrawals: 100,
      withdrawal_count: 1,
      bonuses: 50,
      rebates: 10,
      red_packets: 5,
      adjustments_in: 100,
      adjustments_out: 30,
      bets: 300,
      // stakes 300, members' net result -80 + 30: the house won 50
      ggr: 50,
      // 50 - 50 bonus - 10 rebate - 5 red packet
      ngr: -15,
      new_members: 2,
    });
    expect(reply.data.month).toMatchObject(sameMonth ? { bets: 360, ggr: 110, ngr: 45, deposits: 700 } : { bets: 300, ggr: 50 });
    expect(reply.data.pending).toEqual({ deposits: 0, withdrawals: 0, activity_applications: 0, agent_applications: 1, venue_transfers: 1, reconciliation: 0, payment_channels_paused: 0, turnover_waivers: 0, member_adjustments: 0, channel_key_changes: 0, risk_events: 0 });
    expect(reply.data.online).toBe(2);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('counts members online by their last call', async () => {
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: now - 20 * 60_000 }).where('subject_kind', '=', 'member').where('subject_id', '=', ids[0]).execute();
    expect((await t.post('/admin/api/dashboard/summary', {}, { token: owner })).data.online).toBe(1);
  });

  it('answers a daily series, oldest first, with empty days as zeros', async () => {
    const reply = await t.post('/admin/api/dashboard/series', { days: 30 }, { token: owner });
    expect(reply.code).toBe(200);
    const days = reply.data.days;
    expect(days).toHaveLength(30);
    expect(days[29].day).toBe(dayjs(now).tz('Asia/Shanghai').format('YYYY-MM-DD'));
    expect(days[28].day).toBe(dayjs(yesterday).tz('Asia/Shanghai').format('YYYY-MM-DD'));
    expect(days[29]).toMatchObject({ deposits: 700, ggr: 50, ngr: -15, new_members: 2 });
    expect(days[28]).toMatchObject({ deposits: 0, bets: 60, ggr: 60, ngr: 60, new_members: 0 });
    expect(days[0]).toMatchObject({ deposits: 0, ggr: 0, new_members: 0 });
    expect(await t.post('/admin/api/dashboard/series', { days: 91 }, { token: owner })).toMatchObject({ code: 400 });
    expect((await t.post('/admin/api/dashboard/series', {}, { token: owner })).data.days).toHaveLength(30);
  });
});
