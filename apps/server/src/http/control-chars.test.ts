import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MSG, CODE, controlCharsMessage } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';
import { wallet } from '../modules/wallet/index.ts';

/**
 * Issue 14: names and free text refuse Unicode control (Cc) and format (Cf) characters with a
 * clear message, and change nothing. Each hostile character below is one a person cannot see:
 * a right-to-left override, a zero-width space, a BEL, a bidi isolate, a BOM.
 */
const HIDDEN = ['\u202E', '\u200B', '\u0007', '\u2066', '\uFEFF', '\u0085', '\u00AD'];

describe('control and format characters in names and free text', () => {
  let t: TestApp;
  let token = '';
  let admin = '';
  beforeAll(async () => {
    t = await startApp();
    token = await t.register('plainname1');
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  const count = async (table: 'members' | 'member_cards' | 'support_tickets' | 'agent_applications' | 'ledger_entries') =>
    Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('registration refuses a real name holding one; a plain one passes', async () => {
    const before = await count('members');
    for (const [i, c] of HIDDEN.entries()) {
      const r = await t.post('/api/register', { name: `hidden00${i}`, password: 'secret123', confirmPass: 'secret123', realname: `张${c}三`, paypassword: '654321' });
      expect(r, JSON.stringify(c)).toMatchObject({ code: CODE.invalid, message: controlCharsMessage('真实姓名') });
    }
    expect(await count('members')).toBe(before);
    expect((await t.post('/api/register', { name: 'plainname2', password: 'secret123', confirmPass: 'secret123', realname: '李四', paypassword: '654321' })).code).toBe(200);
  });

  it('a card owner holding one is refused and nothing is bound', async () => {
    const before = await count('member_cards');
    const card = { bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行', pay_pass: '654321' };
    for (const c of HIDDEN) {
      expect(await t.post('/api/bindcard', { ...card, bank_owner: `张${c}三` }, { token })).toMatchObject({ code: CODE.invalid, message: CARD_MSG.ownerInvalid });
      expect(await t.post('/api/bindcard', { ...card, bank_owner: '张三', bank_address: `深圳${c}支行` }, { token })).toMatchObject({ code: CODE.invalid });
    }
    expect(await count('member_cards')).toBe(before);
  });

  it('support tickets refuse them in every field; line breaks in the description stay allowed', async () => {
    const before = await count('support_tickets');
    const send = (body: Record<string, unknown>) =>
      t.http.inject({ method: 'POST', url: '/support/api/ticket', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }).then((r) => r.json());
    for (const c of HIDDEN) {
      expect(await send({ name: `王${c}先生`, contact: '13812345678', content: '充值没有到账，请帮忙查询' })).toMatchObject({ code: CODE.invalid, message: controlCharsMessage('称呼') });
      expect(await send({ contact: `138${c}12345678`, content: '充值没有到账，请帮忙查询' })).toMatchObject({ code: CODE.invalid, message: controlCharsMessage('联系方式') });
      expect(await send({ contact: '13812345678', content: `充值没有到账${c}，请帮忙查询` })).toMatchObject({ code: CODE.invalid, message: controlCharsMessage('问题描述') });
    }
    expect(await count('support_tickets')).toBe(before);
    expect(await send({ contact: '13812345678', content: '充值没有到账，\n订单号 123456\n\t请帮忙查询' })).toMatchObject({ code: 200 });
    expect(await count('support_tickets')).toBe(before + 1);
  });

  it('an agent application refuses them', async () => {
    const before = await count('agent_applications');
    expect(await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '我有\u202E团队' }, { token })).toMatchObject({
      code: CODE.invalid,
      message: controlCharsMessage('申请说明'),
    });
    expect(await count('agent_applications')).toBe(before);
  });

  it('operators\' reasons refuse them; no money moves', async () => {
    const before = await count('ledger_entries');
    const r = await t.post('/admin/api/members/adjust', { username: 'plainname1', amount: 10, reason: '补偿\u202E001' }, { token: admin });
    expect(r).toMatchObject({ code: CODE.invalid, message: controlCharsMessage('调整原因') });
    expect(await count('ledger_entries')).toBe(before);
    const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'plainname1').executeTakeFirstOrThrow();
    expect(await wallet.centralBalance(t.ctx.db, row.id)).toBe(0);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    // the reconciliation's note too
    expect(await t.post('/admin/api/reconciliation/resolve', { id: 1, note: '已核实\u200B' }, { token: admin })).toMatchObject({
      code: CODE.invalid,
      message: controlCharsMessage('处理说明'),
    });
  });
});
