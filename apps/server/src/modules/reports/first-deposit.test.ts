import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { beijingDayNumber } from '../../db/beijing-day.ts';
import { firstDepositsOf, wallet } from '../wallet/index.ts';

/**
 * Issue 34 point 9: one definition of a member's first deposit everywhere (wallet's
 * firstDepositsOf): its first credited deposit, that deposit's amount alone, on the day it was
 * credited. A downline member deposits 1,000 then 650 the same day and 200 the next: the daily
 * report's 首存金额, the agent's figures in the back-office and in the portal all say 1,000.00.
 * SQLite and PostgreSQL.
 */
const HOUR = 3_600_000;
describe('first deposits: one definition for the daily report and the agents', () => {
  let t: TestApp;
  let admin: string;
  let agentToken: string;
  let memberId: number;
  let agentId: number;
  const now = Date.now();
  const dayStart = (beijingDayNumber(now) * 24 - 8) * HOUR;
  const first = dayStart + 1 * HOUR;
  const beijingDate = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    agentToken = await t.register('fdagent1');
    const a = await t.post('/admin/api/agents/create', { username: 'fdagent1' }, { token: admin });
    expect(a.code, a.message).toBe(200);
    agentId = a.data.id;
    await t.register('fdmember', { pid: a.data.code, realname: '李四' }); // its own name: the same as its agent's is a link (issue 36 point 6)
    memberId = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'fdmember').executeTakeFirstOrThrow()).id);
    // the member belongs to the agent from the day's start, so the deposits at 01:00 and 01:01
    // Beijing count for it whatever time the test runs
    await t.ctx.db.updateTable('agent_links').set({ from_ms: dayStart }).where('member_id', '=', memberId).execute();
    const credit = (fen: number, at: number, key: string) =>
      wallet.creditFromHouse(t.ctx.db, { memberId, amount: fen, house: 'deposits', kind: 'deposit', reference: key, idempotencyKey: key, now: at });
    await credit(100_000, first, 'fd-1');
    await credit(65_000, first + 60_000, 'fd-2');
  });
  afterAll(() => t?.stop());

  it('is the first credited deposit, its amount, on its day', async () => {
    const [f] = await firstDepositsOf(t.ctx.db, [memberId]);
    expect(f).toMatchObject({ member_id: memberId, amount: 100_000 });
    expect(beijingDayNumber(f.at)).toBe(beijingDayNumber(now));
    expect(await firstDepositsOf(t.ctx.db, [])).toEqual([]);
  });

  it('the daily report, the agent detail and the portal agree: 1,000.00, not the day\'s 1,650.00', async () => {
    await t.reports.rollup(now + 2 * 60_000);
    const day = beijingDate(now);
    const report = await t.post('/admin/api/reports/daily', { from: day, to: day }, { token: admin });
    expect(report.code, report.message).toBe(200);
    expect(report.data.rows[0]).toMatchObject({ day, deposits: 1650, first_deposits: 1, first_deposit_amount: 1000 });

    await t.agents.tick(now + 2 * 60_000);
    const detail = await t.post('/admin/api/agents/get', { id: agentId }, { token: admin });
    expect(detail.code, detail.message).toBe(200);
    expect(detail.data.figures).toMatchObject({ first_deposits: 1, first_deposit_amount: 1000, deposits: 1650 });
    const portal = await t.post('/api/agent/summary', {}, { token: agentToken });
    expect(portal.code, portal.message).toBe(200);
    expect(JSON.stringify(portal.data)).toContain('"first_deposit_amount":1000');
  });

  it('a later deposit on another day is no first deposit there', async () => {
    const next = dayStart + 24 * HOUR + 2 * HOUR;
    await wallet.creditFromHouse(t.ctx.db, { memberId, amount: 20_000, house: 'deposits', kind: 'deposit', reference: 'fd-3', idempotencyKey: 'fd-3', now: next });
    await t.reports.rollup(next + 60_000);
    const report = await t.post('/admin/api/reports/daily', { from: beijingDate(now), to: beijingDate(next) }, { token: admin });
    const byDay = new Map(report.data.rows.map((r: { day: string }) => [r.day, r]));
    expect(byDay.get(beijingDate(next))).toMatchObject({ deposits: 200, first_deposits: 0, first_deposit_amount: 0 });
    expect(byDay.get(beijingDate(now))).toMatchObject({ first_deposits: 1, first_deposit_amount: 1000 });
  });
});
