import { PAY_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { memberWithCard } from './testing.ts';

/**
 * A member firing one money call many times at once (SQLite and PostgreSQL): the limits the
 * server sets on deposit orders hold exactly.
 */
describe('deposit orders: a member racing their own limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  const pendingOf = async (memberId: number) =>
    Number((await t.ctx.db.selectFrom('deposits').select((eb) => eb.fn.countAll().as('n')).where('member_id', '=', memberId).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);

  const body = { paytype: 'bank', amount: 500, bank_owner: '李四', bank: '中国银行', bank_no: '6217000011112222', bank_address: '北京市朝阳支行' };

  it('twenty orders at once leave exactly five unpaid orders; the rest are told to finish one first', async () => {
    const m = await memberWithCard(t, 'deprace');
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.post('/api/recharge', body, { token: m.token })));
    const made = replies.filter((r) => r.code === 200);
    expect(made.length, JSON.stringify(replies.map((r) => r.message))).toBe(5);
    expect(replies.filter((r) => r.code !== 200).map((r) => r.message)).toEqual(Array(15).fill(PAY_MSG.tooManyPending));
    expect(await pendingOf(m.id)).toBe(5);
    expect(await t.post('/api/recharge', body, { token: m.token })).toMatchObject({ code: 400, message: PAY_MSG.tooManyPending });
    expect(await pendingOf(m.id)).toBe(5);
  });

  it('twenty members ordering at once each get a receiving account (none is told there is none)', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await memberWithCard(t, 'depmany'));
    const replies = await Promise.all(members.map((m) => t.post('/api/recharge', body, { token: m.token })));
    expect(replies.map((r) => r.code === 200 ? 'ok' : r.message)).toEqual(Array(20).fill('ok'));
  });
});
