import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';

describe('back-office login and member adjustments', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await startApp();
    member = await t.register('adjusted01');
    const reply = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
    expect(reply.code).toBe(200);
    admin = reply.data.token;
  });
  afterAll(() => t.stop());

  const balance = async () => (await t.post('/api/balance', {}, { token: member })).data.balance;
  const adjust = (body: Record<string, unknown>, token = admin) => t.post('/admin/api/members/adjust', body, { token });

  it('refuses wrong operator credentials with one message', async () => {
    for (const body of [{ username: 'admin', password: 'nope' }, { username: 'ghost', password: 'admin-test-password' }]) {
      expect(await t.post('/admin/api/login', body)).toMatchObject({ code: CODE.invalid, message: ADMIN_MSG.loginFailed });
    }
    expect(await t.post('/admin/api/login', {})).toMatchObject({ message: ADMIN_MSG.loginRequired });
  });

  it('keeps member and operator tokens apart', async () => {
    expect(await adjust({ username: 'adjusted01', amount: 10, reason: 'x' }, member)).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/admin/api/me', {}, { token: member })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/api/user', {}, { token: admin })).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
    expect(await t.post('/admin/api/me', {}, { token: admin })).toMatchObject({ code: 200, data: { username: 'admin', role: 'owner' } });
  });

  it('credits through the ledger, recorded with the operator and reason', async () => {
    const reply = await adjust({ username: 'Adjusted01', amount: 100.5, reason: '活动补偿' });
    expect(reply).toMatchObject({ code: 200, message: ADMIN_MSG.adjustOk, data: { username: 'adjusted01', balance: 100.5, replayed: false } });
    expect(await balance()).toBe(100.5);
    const entry = await t.ctx.db.selectFrom('ledger_entries').selectAll().where('id', '=', reply.data.entry_id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ amount: 10050, kind: 'adjustment', memo: '活动补偿', created_by: 'admin:1' });
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'member.adjust').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ amount_fen: 10050, reason: '活动补偿', entry_id: entry.id });
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('debits, and refuses a debit above the balance without changing anything', async () => {
    const before = await t.ctx.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await adjust({ username: 'adjusted01', amount: -200, reason: '扣回' })).toMatchObject({ code: CODE.invalid, message: ADMIN_MSG.insufficient });
    const after = await t.ctx.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await balance()).toBe(100.5);
    expect(await adjust({ username: 'adjusted01', amount: '-50', reason: '扣回多发' })).toMatchObject({ code: 200, data: { balance: 50.5 } });
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('a retry with the same request id has one effect', async () => {
    const body = { username: 'adjusted01', amount: 20, reason: '重复提交测试', request_id: 'req-0001-abcdef' };
    const [a, b] = await Promise.all([adjust(body), adjust(body)]);
    expect([a.data.replayed, b.data.replayed].sort()).toEqual([false, true]);
    expect(await balance()).toBe(70.5);
    expect(await t.ctx.db.selectFrom('admin_audit').select('id').where('action', '=', 'member.adjust').execute()).toHaveLength(3);
  });

  it('adds the wagering requirement asked for with a credit', async () => {
    await adjust({ username: 'adjusted01', amount: 30, reason: '彩金', turnover_multiple: 3 });
    const row = await t.ctx.db
      .selectFrom('turnover_requirements')
      .innerJoin('members', 'members.id', 'turnover_requirements.member_id')
      .select(['source', 'credited', 'required', 'done'])
      .where('members.username', '=', 'adjusted01')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'adjustment', credited: 3000, required: 9000, done: 0 });
  });

  it('answers bad input with a clear message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, ADMIN_MSG.username],
      [{ username: 'nobody123', amount: 10, reason: 'x' }, ADMIN_MSG.memberNotFound],
      [{ username: 'adjusted01', amount: 0, reason: 'x' }, ADMIN_MSG.amount],
      [{ username: 'adjusted01', amount: 1.234, reason: 'x' }, ADMIN_MSG.amount],
      [{ username: 'adjusted01', amount: 'ten', reason: 'x' }, ADMIN_MSG.amount],
      [{ username: 'adjusted01', amount: 1_000_000.01, reason: 'x' }, ADMIN_MSG.amount],
      [{ username: 'adjusted01', amount: 10 }, ADMIN_MSG.reason],
      [{ username: 'adjusted01', amount: 10, reason: 'x'.repeat(201) }, ADMIN_MSG.reason],
      [{ username: 'adjusted01', amount: 10, reason: 'x', turnover_multiple: 1.5 }, ADMIN_MSG.turnover],
    ];
    const before = await balance();
    for (const [body, message] of cases) expect(await adjust(body)).toMatchObject({ code: CODE.invalid, message });
    expect(await balance()).toBe(before);
  });
});
