import { PROMO_ADMIN_MSG, RED_PACKET_RULE_MSG, REBATE_RUN_MSG, VIP_ADMIN_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { dayKey } from './days.ts';
import { settleRebateDay } from './rebates.ts';
import { addBet, adminToken, bj, central, expectClean, memberId } from './testing.ts';

/**
 * Promotions back-office (issue 13): VIP levels, the red-packet preview, rebate re-runs
 * (SQLite and PostgreSQL). The promotions clock is the test clock, inside a grab window.
 */
const NOW = bj('2026-03-10 10:30:00');

async function operator(t: TestApp, admin: string, username: string, role: string): Promise<string> {
  const created = await t.post('/admin/api/operators/create', { username, password: `${username}-pass-123`, role }, { token: admin });
  if (created.code !== 200) throw new Error(`operators/create: ${created.message}`);
  return (await t.post('/admin/api/login', { username, password: `${username}-pass-123` })).data.token;
}

const audits = (t: TestApp, action: string) =>
  t.ctx.db.selectFrom('admin_audit').select(['action', 'target', 'detail']).where('action', '=', action).orderBy('id', 'asc').execute();

let depositSeq = 0;
/** a deposit as the payments module leaves it once credited (or not, when creditedAt is null) */
async function depositRow(t: TestApp, memberId: number, fen: number, creditedAt: number | null) {
  await t.ctx.db
    .insertInto('deposits')
    .values({
      deposit_no: `TP${++depositSeq}${Math.random().toString(36).slice(2, 8)}`,
      member_id: memberId,
      paytype: 'bank',
      kind: 'manual',
      status: creditedAt === null ? 'pending' : 'credited',
      amount: fen,
      credited_amount: creditedAt === null ? null : fen,
      created_at: (creditedAt ?? NOW) - 60_000,
      expires_at: (creditedAt ?? NOW) + 3_600_000,
      credited_at: creditedAt,
    })
    .execute();
}

describe('promotions back-office', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    t = await startApp({ promoTestNow: NOW });
    admin = await adminToken(t);
    support = await operator(t, admin, 'pasupport', 'support'); // promotions.view only
    finance = await operator(t, admin, 'pafinance', 'finance'); // no promotions slug
  });
  afterAll(() => t.stop());

  describe('VIP levels', () => {
    const level1 = { level: 1, name: '青铜会员', recharge: 100, flow: 1000, realperson: 1, sport: 0.4, e_sport: 0.4, joker: 0.5, electron: 0.6, lottery: 0.3 };

    it('lists the seeded table with what keeping each level asks', async () => {
      const r = await t.post('/admin/api/vip-levels/list', {}, { token: support });
      expect(r.code).toBe(200);
      expect(r.data.total).toBe(10);
      expect(r.data.data[0]).toMatchObject({ level: 1, name: '青铜会员', recharge: 100, flow: 1000, realperson: 0.4, electron: 0.6, retention_flow: 100 });
      expect(r.data).toMatchObject({ retention_percent: 10, retention_days: 90 });
      expect((await t.post('/admin/api/vip-levels/list', {}, { token: finance })).code).toBe(403);
    });

    it('an update is audited before/after, shown on /api/uservip at once and paid by the next settlement', async () => {
      const r = await t.post('/admin/api/vip-levels/update', level1, { token: admin });
      expect(r).toMatchObject({ code: 200, message: VIP_ADMIN_MSG.saved, data: { level: 1, realperson: 1 } });
      const [row] = await audits(t, 'vip_level.update');
      expect(row.target).toBe('vip_level:1');
      expect(JSON.parse(row.detail)).toMatchObject({ before: { realperson: 0.4 }, after: { realperson: 1 } });
      // the member's VIP page
      const shown = await t.post('/api/uservip', {});
      expect(shown.data[0]).toMatchObject({ level: 1, realperson: 1 });
      // rebates: a new member (VIP1) earns VIP1's rates, now 1.00 % on live casino
      await t.register('pavip01');
      const id = await memberId(t, 'pavip01');
      await addBet(t.ctx.db, { memberId: id, platform: 'ag', category: 'realbet', valid: 123_456, settledAt: bj('2026-02-01 12:00:00') });
      const settled = await settleRebateDay(t.promotions.deps, '2026-02-01', bj('2026-02-02 01:00:00'));
      expect(settled).toMatchObject({ settled: true, members: 1, rows: 1, amount: 1234 });
    });

    it('refuses bad values with the contract message and changes nothing', async () => {
      const cases: [unknown, string][] = [
        [{ ...level1, realperson: 6 }, VIP_ADMIN_MSG.rate],
        [{ ...level1, sport: 0.123 }, VIP_ADMIN_MSG.rate],
        [{ ...level1, lottery: -1 }, VIP_ADMIN_MSG.rate],
        [{ ...level1, name: '  ' }, VIP_ADMIN_MSG.name],
        [{ ...level1, name: '青铜\u202e会员' }, '等级名称不能包含控制字符或不可见的格式字符'],
        [{ ...level1, recharge: 'abc' }, VIP_ADMIN_MSG.recharge],
        [{ ...level1, flow: 1e30 }, VIP_ADMIN_MSG.flow],
        [{ ...level1, level: 99 }, VIP_ADMIN_MSG.level],
        [{ ...level1, level: '1; drop table vip_levels' }, VIP_ADMIN_MSG.level],
        [[], VIP_ADMIN_MSG.level],
        // thresholds rise level by level
        [{ ...level1, level: 2, name: '白银会员', recharge: 50 }, VIP_ADMIN_MSG.order],
        [{ ...level1, recharge: 5000 }, VIP_ADMIN_MSG.order],
      ];
      for (const [body, message] of cases) {
        const r = await t.post('/admin/api/vip-levels/update', body, { token: admin });
        expect([r.code, r.message]).toEqual([400, message]);
      }
      expect((await t.post('/admin/api/vip-levels/update', 'x', { token: admin })).code).toBe(400);
      expect(await t.post('/admin/api/vip-levels/update', level1, { token: support })).toMatchObject({ code: 403, message: FORBIDDEN_MESSAGE });
      expect((await audits(t, 'vip_level.update')).length).toBe(1);
      expect((await t.post('/admin/api/vip-levels/list', {}, { token: admin })).data.data[1]).toMatchObject({ level: 2, recharge: 1000 });
    });

    it('creates the next level only, deletes the highest only while nobody holds it', async () => {
      const top = { ...level1, level: 11, name: '至尊会员', recharge: 20_000_000, flow: 200_000_000 };
      expect((await t.post('/admin/api/vip-levels/create', { ...top, level: 12 }, { token: admin })).message).toBe(VIP_ADMIN_MSG.notNext(11));
      expect((await t.post('/admin/api/vip-levels/create', { ...top, recharge: 1 }, { token: admin })).message).toBe(VIP_ADMIN_MSG.order);
      expect((await t.post('/admin/api/vip-levels/create', { ...top, level: 10 }, { token: admin })).message).toBe(VIP_ADMIN_MSG.exists);
      expect((await t.post('/admin/api/vip-levels/create', top, { token: support })).code).toBe(403);
      // two operators at once: one level 11
      const both = await Promise.all([t.post('/admin/api/vip-levels/create', top, { token: admin }), t.post('/admin/api/vip-levels/create', top, { token: admin })]);
      expect(both.map((r) => r.code).sort()).toEqual([200, 400]);
      expect((await t.post('/api/uservip', {})).data).toHaveLength(11);
      expect((await audits(t, 'vip_level.create')).map((a) => a.target)).toEqual(['vip_level:11']);

      expect((await t.post('/admin/api/vip-levels/delete', { level: 5 }, { token: admin })).message).toBe(VIP_ADMIN_MSG.onlyTop);
      expect((await t.post('/admin/api/vip-levels/delete', { level: 30 }, { token: admin })).code).toBe(404);
      await t.register('pavip11');
      const id = await memberId(t, 'pavip11');
      await t.ctx.db.updateTable('members').set({ vip: 11 }).where('id', '=', id).execute();
      expect((await t.post('/admin/api/vip-levels/delete', { level: 11 }, { token: admin })).message).toBe(VIP_ADMIN_MSG.hasMembers);
      await t.ctx.db.updateTable('members').set({ vip: 10 }).where('id', '=', id).execute();
      expect((await t.post('/admin/api/vip-levels/delete', { level: 11 }, { token: support })).code).toBe(403);
      expect(await t.post('/admin/api/vip-levels/delete', { level: 11 }, { token: admin })).toMatchObject({ code: 200, message: VIP_ADMIN_MSG.deleted });
      expect((await t.post('/api/uservip', {})).data).toHaveLength(10);
      const [del] = await audits(t, 'vip_level.delete');
      expect(JSON.parse(del.detail)).toMatchObject({ before: { level: 11, name: '至尊会员' } });
    });
  });

  describe('red-packet preview', () => {
    const rule = { start_time: '2020-01-01 00:00:00', end_time: '2099-01-01 00:00:00', mode: 'fixed', amount_min: 1, amount_max: 2, turnover_multiple: 1 };
    let small: number;
    let big: number;
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      small = (await t.post('/admin/api/red-packet-rules/create', { ...rule, name: '存款100元起', deposit_min: 100, deposit_max: 999.99, grabs: 1 }, { token: admin })).data.id;
      big = (await t.post('/admin/api/red-packet-rules/create', { ...rule, name: '存款1000元起', deposit_min: 1000, deposit_max: null, grabs: 2 }, { token: admin })).data.id;
      for (const name of ['hbpre01', 'hbpre02', 'hbpre03', 'hbpre04', 'hbpre05']) {
        tokens[name] = await t.register(name);
        ids[name] = await memberId(t, name);
      }
      // window of 2026-03-10: 2026-03-09 12:00 to 2026-03-10 10:00 Beijing
      await depositRow(t, ids.hbpre01, 15_000, bj('2026-03-09 12:00:00'));
      await depositRow(t, ids.hbpre02, 5_000, bj('2026-03-09 20:00:00'));
      await depositRow(t, ids.hbpre02, 8_000, bj('2026-03-10 09:59:59'));
      await depositRow(t, ids.hbpre03, 500_000, bj('2026-03-10 08:00:00'));
      // outside the window, or never credited: not counted
      await depositRow(t, ids.hbpre04, 15_000, bj('2026-03-09 11:59:59'));
      await depositRow(t, ids.hbpre04, 15_000, bj('2026-03-10 10:00:00'));
      await depositRow(t, ids.hbpre05, 15_000, null);
    });

    it('answers who qualifies today with their deposits, as the grab decides it', async () => {
      const r = await t.post('/admin/api/red-packet-rules/preview', { id: small }, { token: support });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({
        rule: { id: small, active: true },
        day: '2026-03-10',
        window_from: '2026-03-09 12:00:00',
        window_to: '2026-03-10 10:00:00',
        ranges: [{ min: 100, max: 999.99 }],
        count: 2,
        deposits_total: 280,
      });
      expect(r.data.data.map((m: { username: string; deposits: number; grabs_left: number }) => [m.username, m.deposits, m.grabs_left])).toEqual([
        ['hbpre01', 150, 1],
        ['hbpre02', 130, 1],
      ]);
      const bigger = await t.post('/admin/api/red-packet-rules/preview', { id: big }, { token: admin });
      expect(bigger.data).toMatchObject({ count: 1, deposits_total: 5000, data: [{ username: 'hbpre03', grabs: 2, grabs_used: 0, grabs_left: 2 }] });
      // the members' own pages agree
      expect((await t.get('/api/userredpacket', { token: tokens.hbpre01 })).data).toMatchObject({ max_times: 1, deposits: 150 });
      expect((await t.get('/api/userredpacket', { token: tokens.hbpre04 })).data).toMatchObject({ max_times: 0 });
    });

    it('counts the grabs taken today and leaves ranges to a rule with a higher minimum', async () => {
      expect((await t.post('/api/douserredpacket', {}, { token: tokens.hbpre01 })).code).toBe(200);
      const after = await t.post('/admin/api/red-packet-rules/preview', { id: small }, { token: admin });
      expect(after.data.data[0]).toMatchObject({ username: 'hbpre01', grabs_used: 1, grabs_left: 0 });
      const created = await t.post('/admin/api/red-packet-rules/create', { ...rule, name: '中段', deposit_min: 120, deposit_max: 140, grabs: 3 }, { token: admin });
      expect(created.message).toBe(RED_PACKET_RULE_MSG.created);
      const mid = created.data.id;
      const shadowed = await t.post('/admin/api/red-packet-rules/preview', { id: small }, { token: admin });
      expect(shadowed.data).toMatchObject({ ranges: [{ min: 100, max: 119.99 }, { min: 140.01, max: 999.99 }], count: 1, data: [{ username: 'hbpre01' }] });
      expect((await t.post('/admin/api/red-packet-rules/preview', { id: mid }, { token: admin })).data).toMatchObject({ count: 1, data: [{ username: 'hbpre02', grabs: 3 }] });
      expect((await t.get('/api/userredpacket', { token: tokens.hbpre02 })).data).toMatchObject({ max_times: 3 });
      // switched off: previewed as if it were on, and no longer shadows
      const off = { ...rule, id: mid, name: '中段', deposit_min: 120, deposit_max: 140, grabs: 3, state: 0 };
      expect(await t.post('/admin/api/red-packet-rules/update', off, { token: admin })).toMatchObject({ code: 200, message: RED_PACKET_RULE_MSG.saved });
      expect((await t.post('/admin/api/red-packet-rules/preview', { id: mid }, { token: admin })).data).toMatchObject({ rule: { active: false }, count: 1 });
      expect((await t.post('/admin/api/red-packet-rules/preview', { id: small }, { token: admin })).data.count).toBe(2);
      await expectClean(t);
    });

    it('refuses unknown rules, bad ids and operators without promotions.view', async () => {
      expect(await t.post('/admin/api/red-packet-rules/preview', { id: 999_999 }, { token: admin })).toMatchObject({ code: 404, message: PROMO_ADMIN_MSG.ruleNotFound });
      for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }, { id: small, page: 0 }, null]) {
        const r = await t.post('/admin/api/red-packet-rules/preview', body, { token: admin });
        expect(r.code).toBe(400);
        expect(r.message).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await t.post('/admin/api/red-packet-rules/preview', { id: small }, { token: finance })).code).toBe(403);
    });
  });

  describe('rebate re-runs', () => {
    const D = '2026-03-05';
    let a: number;
    let b: number;
    let tokenA: string;
    let tokenB: string;
    const flow = async (id: number) => Number((await t.ctx.db.selectFrom('member_vip').select('flow_total').where('member_id', '=', id).executeTakeFirst())?.flow_total ?? 0);
    const rows = (id: number) => t.ctx.db.selectFrom('rebates').select(['platform', 'amount', 'state']).where('member_id', '=', id).where('day', '=', D).orderBy('platform').execute();

    beforeAll(async () => {
      tokenA = await t.register('rerun01');
      tokenB = await t.register('rerun02');
      a = await memberId(t, 'rerun01');
      b = await memberId(t, 'rerun02');
      // both new members, VIP1 (live 1.00 % after the update above, sport 0.40 %, slots 0.60 %)
      await addBet(t.ctx.db, { memberId: a, platform: 'ag', category: 'realbet', valid: 100_000, settledAt: bj(`${D} 10:00:00`) });
      await addBet(t.ctx.db, { memberId: b, platform: 'ob', category: 'sport', valid: 200_000, settledAt: bj(`${D} 11:00:00`) });
      await settleRebateDay(t.promotions.deps, D, bj('2026-03-06 01:00:00'));
    });

    it('changes only the difference: claimed rows stay paid, flow is counted once, concurrent re-runs have one effect', async () => {
      expect(await rows(a)).toEqual([{ platform: 'ag', amount: 1000, state: 0 }]);
      expect(await flow(a)).toBe(100_000);
      // a claims the day's rebate
      const before = await central(t, a);
      expect((await t.post('/api/dofanshui', {}, { token: tokenA })).code).toBe(200);
      expect((await central(t, a)) - before).toBe(1000);
      // late bet records: a at a venue already paid and at a new one, b at its unclaimed venue
      await addBet(t.ctx.db, { memberId: a, platform: 'ag', category: 'realbet', valid: 50_000, settledAt: bj(`${D} 23:00:00`) });
      await addBet(t.ctx.db, { memberId: a, platform: 'pp', category: 'concise', valid: 10_000, settledAt: bj(`${D} 23:30:00`) });
      await addBet(t.ctx.db, { memberId: b, platform: 'ob', category: 'sport', valid: 100_000, settledAt: bj(`${D} 23:40:00`) });

      const runs = await Promise.all([t.post('/admin/api/rebates/rerun', { day: D }, { token: admin }), t.post('/admin/api/rebates/rerun', { day: D }, { token: admin })]);
      expect(runs.map((r) => [r.code, r.message])).toEqual([
        [200, REBATE_RUN_MSG.done],
        [200, REBATE_RUN_MSG.done],
      ]);
      const changes = runs.map((r) => [r.data.added, r.data.updated, r.data.removed, r.data.flow_delta]).sort();
      expect(changes).toEqual([
        [0, 0, 0, 0],
        [1, 1, 0, 1600],
      ]);
      expect(runs.every((r) => r.data.locked === 1 && r.data.first_run === false)).toBe(true);
      expect(await rows(a)).toEqual([
        { platform: 'ag', amount: 1000, state: 1 },
        { platform: 'pp', amount: 60, state: 0 },
      ]);
      expect(await rows(b)).toEqual([{ platform: 'ob', amount: 1200, state: 0 }]);
      expect(await flow(a)).toBe(160_000);
      expect(await flow(b)).toBe(300_000);

      // the members claim what is new, once
      const a0 = await central(t, a);
      expect((await t.post('/api/dofanshui', {}, { token: tokenA })).data.money).toBe(0.6);
      expect((await central(t, a)) - a0).toBe(60);
      expect((await t.post('/api/dofanshui', {}, { token: tokenB })).data.money).toBe(12);

      // again later: nothing left to change
      const third = await t.post('/admin/api/rebates/rerun', { day: D }, { token: admin });
      expect(third.data).toMatchObject({ added: 0, updated: 0, removed: 0, flow_delta: 0, rows: 3, amount: 22.6, members: 2 });
      expect(await flow(a)).toBe(160_000);
      const listed = await t.post('/admin/api/rebates/runs', { page: 1 }, { token: support });
      expect(listed.data.data.find((r: { day: string }) => r.day === D)).toMatchObject({ members: 2, rows: 3, amount: 22.6, reruns: 3, status: 'rerun' });
      const logged = await audits(t, 'rebate_run.rerun');
      expect(logged.map((l) => l.target)).toEqual([`rebate_run:${D}`, `rebate_run:${D}`, `rebate_run:${D}`]);
      expect(JSON.parse(logged[2].detail)).toMatchObject({ before: { rows: 3, amount: 22.6 }, after: { rows: 3, amount: 22.6 } });
      await expectClean(t);
    });

    it('a voided bet takes its unclaimed row away and its flow back', async () => {
      await t.ctx.db.updateTable('bets').set({ status: 3 }).where('member_id', '=', b).execute();
      // b claimed already: the row stays paid
      const r = await t.post('/admin/api/rebates/rerun', { day: D }, { token: admin });
      expect(r.data).toMatchObject({ removed: 0, locked: 2, flow_delta: -3000 });
      expect(await flow(b)).toBe(0);
      expect(await rows(b)).toEqual([{ platform: 'ob', amount: 1200, state: 1 }]);
      // a's new unclaimed bet, voided before the claim
      await addBet(t.ctx.db, { memberId: a, platform: 'mg', category: 'concise', valid: 10_000, settledAt: bj(`${D} 23:50:00`) });
      expect((await t.post('/admin/api/rebates/rerun', { day: D }, { token: admin })).data).toMatchObject({ added: 1 });
      await t.ctx.db.updateTable('bets').set({ status: 3 }).where('member_id', '=', a).where('platform', '=', 'mg').execute();
      expect((await t.post('/admin/api/rebates/rerun', { day: D }, { token: admin })).data).toMatchObject({ removed: 1, added: 0 });
      expect((await rows(a)).map((x) => x.platform)).toEqual(['ag', 'pp']);
      await expectClean(t);
    });

    it('settles a day the job has not reached, after which the job does nothing', async () => {
      const day = '2026-03-07';
      await addBet(t.ctx.db, { memberId: a, platform: 'ag', category: 'realbet', valid: 10_000, settledAt: bj(`${day} 12:00:00`) });
      const r = await t.post('/admin/api/rebates/rerun', { day }, { token: admin });
      expect(r.data).toMatchObject({ first_run: true, added: 1, members: 1, rows: 1, amount: 1 });
      expect(await settleRebateDay(t.promotions.deps, day, bj('2026-03-08 01:00:00'))).toMatchObject({ settled: false });
      expect(await flow(a)).toBe(170_000);
    });

    it('refuses days that have not ended, bad dates and operators without promotions.manage', async () => {
      const today = dayKey(t.promotions.deps.now());
      expect((await t.post('/admin/api/rebates/rerun', { day: today }, { token: admin })).message).toBe(REBATE_RUN_MSG.notPast);
      expect((await t.post('/admin/api/rebates/rerun', { day: '2099-01-01' }, { token: admin })).message).toBe(REBATE_RUN_MSG.notPast);
      expect((await t.post('/admin/api/rebates/rerun', { day: '2020-01-01' }, { token: admin })).message).toBe(REBATE_RUN_MSG.tooOld);
      for (const day of ['2026-02-30', '2026-3-1', 'abc', 20260301, '', null]) {
        expect((await t.post('/admin/api/rebates/rerun', { day }, { token: admin })).message).toBe(REBATE_RUN_MSG.day);
      }
      expect((await t.post('/admin/api/rebates/rerun', { day: D }, { token: support })).code).toBe(403);
      expect((await t.post('/admin/api/rebates/runs', { page: 1 }, { token: finance })).code).toBe(403);
    });
  });
});
