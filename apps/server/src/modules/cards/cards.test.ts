import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MSG, CODE, MSG, PROFILE_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { createCardVault, loadCardKey } from './vault.ts';

/** Addresses that fit their chains (format only). */
const TRC = (i: number) => `TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbL${'ABCDEFGHJK'[i]}${'abcdefghij'[i]}`;
const ERC = (i: number) => `0x52908400098527886E0F7030069857D2E4169E${i.toString(16).padStart(2, '0')}`;
const PAY = '654321';

const usdt = (i: number, extra: Record<string, unknown> = {}) => ({ bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC(i), pay_pass: PAY, ...extra });
const bankCard = (no: string, extra: Record<string, unknown> = {}) => ({
  bank_owner: '张三',
  bank: '招商银行',
  bank_no: no,
  bank_address: '深圳市福田支行',
  pay_pass: PAY,
  ...extra,
});

describe('cards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  let seq = 0;
  const member = async () => t.register(`cards${String(++seq).padStart(3, '0')}x`);
  const rows = (memberId?: number) => {
    let q = t.ctx.db.selectFrom('member_cards').selectAll();
    if (memberId !== undefined) q = q.where('member_id', '=', memberId);
    return q.execute();
  };
  const memberIdOf = async (token: string) => {
    const info = await t.post('/api/user', {}, { token });
    const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', info.data.username).executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const list = async (token: string, type: 1 | 2) => {
    const r = await t.post('/api/getcard', { type }, { token });
    expect(r.code, r.message).toBe(200);
    return r.data as { id: number; bank: string; bank_owner: string; bank_no: string; bank_address: string; ico: string }[];
  };

  it('USDT: every message of spec section 5 in order, nothing bound', async () => {
    const token = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ bank: 'USDT' }, CARD_MSG.protocolRequired],
      [{ bank: 'USDT', bank_owner: '', bank_no: '', pay_pass: '' }, CARD_MSG.protocolRequired],
      [usdt(0, { bank_owner: 'OMNI' }), CARD_MSG.protocolRequired],
      [usdt(0, { bank_no: '', pay_pass: '' }), CARD_MSG.addressRequired],
      [usdt(0, { bank_no: '   ' }), CARD_MSG.addressRequired],
      [usdt(0, { bank_no: ERC(1), pay_pass: '' }), CARD_MSG.trc20Invalid],
      [usdt(0, { bank_owner: 'ERC20', pay_pass: '' }), CARD_MSG.erc20Invalid],
      [usdt(0, { pay_pass: '' }), CARD_MSG.payPassRequired],
      [usdt(0, { pay_pass: undefined }), CARD_MSG.payPassRequired],
      [usdt(0, { pay_pass: '12345' }), CARD_MSG.payPassLengthUsdt],
      [usdt(0, { pay_pass: '1234567890123456789' }), CARD_MSG.payPassLengthUsdt],
    ];
    for (const [body, message] of cases) {
      const r = await t.post('/api/bindcard', body, { token });
      expect({ body, code: r.code, message: r.message }).toEqual({ body, code: 400, message });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('bank card: every message of spec section 5 in order, nothing bound', async () => {
    const token = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{}, CARD_MSG.ownerRequired],
      [bankCard('', { bank_owner: '', bank: '' }), CARD_MSG.ownerRequired],
      [bankCard('1', { bank: '', bank_address: '' }), CARD_MSG.bankRequired],
      [bankCard('1234567', { bank_address: '', pay_pass: '' }), CARD_MSG.bankNoInvalid],
      [bankCard('12345678901234567890'), CARD_MSG.bankNoInvalid],
      [bankCard('6225abcd12345678'), CARD_MSG.bankNoInvalid],
      [bankCard('6225881234567890', { bank_address: '', pay_pass: '' }), CARD_MSG.bankAddressRequired],
      [bankCard('6225881234567890', { pay_pass: '' }), CARD_MSG.payPassLengthBank],
      [bankCard('6225881234567890', { pay_pass: '12345' }), CARD_MSG.payPassLengthBank],
      [bankCard('6225881234567890', { pay_pass: '1'.repeat(19) }), CARD_MSG.payPassLengthBank],
      // a bank that is not in the list is no bank type
      [bankCard('6225881234567890', { bank: '不存在银行' }), CARD_MSG.bankRequired],
    ];
    for (const [body, message] of cases) {
      const r = await t.post('/api/bindcard', body, { token });
      expect({ body, code: r.code, message: r.message }).toEqual({ body, code: 400, message });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('binds with the payment password; every reply masks all but the last 4', async () => {
    const token = await member();
    const bound = await t.post('/api/bindcard', usdt(1), { token });
    expect(bound).toMatchObject({ code: 200, message: CARD_MSG.bound, data: { bank: 'USDT', bank_owner: 'TRC20', bank_no: `**** **** **** ${TRC(1).slice(-4)}`, ico: 'trc20' } });
    const erc = await t.post('/api/bindcard', usdt(2, { bank_owner: 'ERC20', bank_no: ERC(2) }), { token });
    expect(erc).toMatchObject({ code: 200, data: { bank_owner: 'ERC20', bank_no: `**** **** **** ${ERC(2).slice(-4)}`, ico: 'erc20' } });
    const card = await t.post('/api/bindcard', bankCard('6225 8812 3456 7890'), { token });
    expect(card).toMatchObject({ code: 200, data: { bank: '招商银行', bank_owner: '张三', bank_no: '**** **** **** 7890', ico: 'cmb', bank_address: '深圳市福田支行' } });

    const usdtList = await list(token, 2);
    expect(usdtList.map((c) => c.bank_no)).toEqual([`**** **** **** ${TRC(1).slice(-4)}`, `**** **** **** ${ERC(2).slice(-4)}`]);
    const bankList = await list(token, 1);
    expect(bankList).toEqual([expect.objectContaining({ id: card.data.id, bank: '招商银行', bank_no: '**** **** **** 7890' })]);

    // no full number in any reply body
    for (const body of [bound, erc, card, usdtList, bankList].map((x) => JSON.stringify(x))) {
      expect(body).not.toContain(TRC(1));
      expect(body).not.toContain(ERC(2).slice(2, 20));
      expect(body).not.toContain('6225881234567890');
      expect(body).not.toContain('622588');
    }
    // the full number is kept (withdrawals need it), spaces stripped, sealed with the site's
    // card key: the database alone holds neither the number nor anything it could be looked up by
    const stored = await rows(await memberIdOf(token));
    const full = [TRC(1), ERC(2), '6225881234567890'];
    for (const r of stored) {
      for (const no of full) {
        expect(r.bank_no).not.toContain(no.slice(0, 10));
        expect(r.number_key).not.toContain(no.slice(0, 10).toLowerCase());
      }
    }
    const vault = createCardVault(loadCardKey({ dataDir: t.ctx.config.dataDir }));
    expect(stored.map((r) => vault.open(r.bank_no)).sort()).toEqual([...full].sort());
    expect(stored.map((r) => r.bank_no_last4).sort()).toEqual(full.map((no) => no.slice(-4)).sort());
  });

  it('a wrong payment password binds nothing', async () => {
    const token = await member();
    const r = await t.post('/api/bindcard', usdt(3, { pay_pass: '999999' }), { token });
    expect(r).toMatchObject({ code: 400, message: CARD_MSG.payPassWrong });
    const b = await t.post('/api/bindcard', bankCard('6225881234560001', { pay_pass: '999999' }), { token });
    expect(b).toMatchObject({ code: 400, message: CARD_MSG.payPassWrong });
    expect(await rows(await memberIdOf(token))).toHaveLength(0);
  });

  it('the same address or card number is bound once per member (ERC20 ignoring case)', async () => {
    const token = await member();
    expect((await t.post('/api/bindcard', usdt(4), { token })).code).toBe(200);
    expect(await t.post('/api/bindcard', usdt(4, { bank_no: ` ${TRC(4)} ` }), { token })).toMatchObject({ code: 400, message: CARD_MSG.usdtDuplicate });
    expect((await t.post('/api/bindcard', usdt(5, { bank_owner: 'ERC20', bank_no: ERC(5) }), { token })).code).toBe(200);
    expect(await t.post('/api/bindcard', usdt(5, { bank_owner: 'ERC20', bank_no: ERC(5).toLowerCase() }), { token })).toMatchObject({
      code: 400,
      message: CARD_MSG.usdtDuplicate,
    });
    expect((await t.post('/api/bindcard', bankCard('6225881234560002'), { token })).code).toBe(200);
    expect(await t.post('/api/bindcard', bankCard('6225 8812 3456 0002', { bank: '中国银行' }), { token })).toMatchObject({
      code: 400,
      message: CARD_MSG.bankDuplicate,
    });
    // another member may bind the same address
    const other = await member();
    expect((await t.post('/api/bindcard', usdt(4), { token: other })).code).toBe(200);
    expect(await list(token, 2)).toHaveLength(2);
  });

  it('at most 5 of each type: the sixth is refused with a clear message', async () => {
    const token = await member();
    for (let i = 0; i < 5; i++) expect((await t.post('/api/bindcard', usdt(i), { token })).code).toBe(200);
    const sixth = await t.post('/api/bindcard', usdt(5), { token });
    expect(sixth).toMatchObject({ code: 400, message: CARD_MSG.usdtLimit });
    for (let i = 0; i < 5; i++) expect((await t.post('/api/bindcard', bankCard(`62258812345600${i}0`), { token })).code).toBe(200);
    expect(await t.post('/api/bindcard', bankCard('6225881234560999'), { token })).toMatchObject({ code: 400, message: CARD_MSG.bankLimit });
    expect(await list(token, 2)).toHaveLength(5);
    expect(await list(token, 1)).toHaveLength(5);
  });

  it('concurrent binds at 4 cards make 5, never 6', async () => {
    const token = await member();
    for (let i = 0; i < 4; i++) expect((await t.post('/api/bindcard', usdt(i), { token })).code).toBe(200);
    const replies = await Promise.all([5, 6, 7].map((i) => t.post('/api/bindcard', usdt(i), { token })));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 200).map((r) => r.message)).toEqual([CARD_MSG.usdtLimit, CARD_MSG.usdtLimit]);
    expect(await list(token, 2)).toHaveLength(5);
    const id = await memberIdOf(token);
    expect((await rows(id)).filter((r) => r.deleted_at === null)).toHaveLength(5);
  });

  it('concurrent binds of one number bind it once', async () => {
    const token = await member();
    const replies = await Promise.all([0, 1, 2].map(() => t.post('/api/bindcard', bankCard('6225881234567777'), { token })));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 200).map((r) => r.message)).toEqual([CARD_MSG.bankDuplicate, CARD_MSG.bankDuplicate]);
    expect(await list(token, 1)).toHaveLength(1);
  });

  it('unbinding keeps the record, frees the place and the number', async () => {
    const token = await member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.post('/api/bindcard', usdt(i), { token })).data.id);
    const del = await t.post('/api/delcard', { id: ids[2] }, { token });
    expect(del).toMatchObject({ code: 200, message: CARD_MSG.unbound });
    expect((await list(token, 2)).map((c) => c.id)).toEqual([ids[0], ids[1], ids[3], ids[4]]);
    // again: it is gone
    expect(await t.post('/api/delcard', { id: ids[2] }, { token })).toMatchObject({ code: CODE.notFound, message: CARD_MSG.cardNotFound });
    // the record stays, stamped
    const mine = await rows(await memberIdOf(token));
    expect(mine).toHaveLength(5);
    expect(mine.find((r) => r.id === ids[2])?.deleted_at).toBeGreaterThan(0);
    // room for one again, and the unbound address may come back
    expect((await t.post('/api/bindcard', usdt(2), { token })).code).toBe(200);
    expect(await t.post('/api/bindcard', usdt(6), { token })).toMatchObject({ code: 400, message: CARD_MSG.usdtLimit });
    expect(await list(token, 2)).toHaveLength(5);
  });

  it("another member's card: not listed, not deleted, whatever id is sent", async () => {
    const owner = await member();
    const intruder = await member();
    const card = await t.post('/api/bindcard', bankCard('6225881234568888'), { token: owner });
    expect(card.code).toBe(200);
    expect(await list(intruder, 1)).toEqual([]);
    for (const id of [card.data.id, String(card.data.id)]) {
      expect(await t.post('/api/delcard', { id }, { token: intruder })).toMatchObject({ code: CODE.notFound, message: CARD_MSG.cardNotFound });
    }
    expect(await list(owner, 1)).toEqual([expect.objectContaining({ id: card.data.id })]);
    expect((await rows()).find((r) => r.id === card.data.id)?.deleted_at).toBeNull();
  });

  it('malformed or hostile input answers a clear message and changes nothing', async () => {
    const token = await member();
    expect((await t.post('/api/bindcard', usdt(0), { token })).code).toBe(200);
    const before = await rows();
    const cases: [string, unknown, string][] = [
      ['/api/getcard', {}, CARD_MSG.cardType],
      ['/api/getcard', { type: 3 }, CARD_MSG.cardType],
      ['/api/getcard', { type: [1] }, CARD_MSG.cardType],
      ['/api/getcard', { type: '1 OR 1=1' }, CARD_MSG.cardType],
      ['/api/delcard', {}, CARD_MSG.cardRequired],
      ['/api/delcard', { id: '1 OR 1=1' }, CARD_MSG.cardRequired],
      ['/api/delcard', { id: { $gt: 0 } }, CARD_MSG.cardRequired],
      ['/api/delcard', { id: -1 }, CARD_MSG.cardRequired],
      ['/api/delcard', { id: 1e300 }, CARD_MSG.cardRequired],
      ['/api/delcard', [1, 2], MSG.badRequest],
      ['/api/delcard', 'null', CARD_MSG.cardRequired],
      ['/api/delcard', { id: 999999 }, CARD_MSG.cardNotFound],
      ['/api/bindcard', [usdt(1)], MSG.badRequest],
      ['/api/bindcard', { ...usdt(1), bank_no: [TRC(1)] }, CARD_MSG.addressRequired],
      ['/api/bindcard', { ...usdt(1), bank_no: `${TRC(1)}'; DROP TABLE member_cards; --` }, CARD_MSG.trc20Invalid],
      ['/api/bindcard', { ...usdt(1), bank_no: 'T'.repeat(100_00) }, CARD_MSG.addressInvalid],
      ['/api/bindcard', bankCard('6225881234567890', { bank_owner: '<img src=x onerror=alert(1)>' }), CARD_MSG.ownerInvalid],
      ['/api/bindcard', bankCard('6225881234567890', { bank_address: 'x'.repeat(101) }), CARD_MSG.bankAddressInvalid],
      ['/api/bindcard', bankCard('6225881234567890', { pay_pass: { toString: 1 } }), CARD_MSG.payPassLengthBank],
    ];
    for (const [path, body, message] of cases) {
      const r = await t.post(path, body, { token });
      expect({ path, body: JSON.stringify(body).slice(0, 80), message: r.message, code: r.code === 200 }).toEqual({
        path,
        body: JSON.stringify(body).slice(0, 80),
        message,
        code: false,
      });
    }
    expect(await rows()).toEqual(before);
  });

  it('needs a session; banklist answers the bank types', async () => {
    expect(await t.post('/api/getcard', { type: 1 })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/api/bindcard', usdt(0))).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/api/delcard', { id: 1 })).toMatchObject({ code: CODE.unauthorized });
    const token = await member();
    const banks = await t.post('/api/banklist', {}, { token });
    expect(banks.code).toBe(200);
    expect(banks.data.length).toBeGreaterThanOrEqual(12);
    expect(banks.data.slice(0, 4)).toEqual([
      { bank_name: '中国工商银行', ico: 'icbc' },
      { bank_name: '中国建设银行', ico: 'ccb' },
      { bank_name: '中国农业银行', ico: 'abc' },
      { bank_name: '中国银行', ico: 'boc' },
    ]);
    // a bank withdrawn by an operator is no longer offered nor accepted
    await t.ctx.db.updateTable('banks').set({ enabled: 0 }).where('name', '=', '浙商银行').execute();
    const after = await t.post('/api/banklist', {}, { token });
    expect(after.data.map((b: { bank_name: string }) => b.bank_name)).not.toContain('浙商银行');
    expect(await t.post('/api/bindcard', bankCard('6225881234561111', { bank: '浙商银行' }), { token })).toMatchObject({ message: CARD_MSG.bankRequired });
  });
});

describe('cards with rate limits on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  it('repeated wrong payment passwords pause binding, even with the right one', async () => {
    const token = await t.register('paylimit01');
    for (let i = 0; i < 5; i++) {
      expect(await t.post('/api/bindcard', usdt(i, { pay_pass: '000000' }), { token })).toMatchObject({ code: 400, message: CARD_MSG.payPassWrong });
    }
    // the sixth try is paused before the password is looked at, right or wrong
    expect(await t.post('/api/bindcard', usdt(4), { token })).toMatchObject({ code: CODE.tooMany, message: MSG.tooManyAttempts(15) });
    expect(await t.post('/api/bindcard', usdt(4, { pay_pass: '000000' }), { token })).toMatchObject({ code: CODE.tooMany });
    expect(await t.ctx.db.selectFrom('member_cards').selectAll().execute()).toHaveLength(0);
    // another member is not paused
    const other = await t.register('paylimit02');
    expect((await t.post('/api/bindcard', usdt(0), { token: other })).code).toBe(200);
  });

  it('card binds and the payment-password change count wrong payment passwords on one counter', async () => {
    const token = await t.register('paylimit03');
    for (let i = 0; i < 3; i++) {
      expect(await t.post('/api/bindcard', usdt(i, { pay_pass: '000000' }), { token })).toMatchObject({ code: 400, message: CARD_MSG.payPassWrong });
    }
    for (let i = 0; i < 2; i++) {
      expect(await t.post('/api/editPayPassword', { password: `wrong${i}x`, paypassword: '111111' }, { token })).toMatchObject({ code: 400, message: PROFILE_MSG.oldPayWrong });
    }
    // five wrong in all: both places are paused, right password or not
    expect(await t.post('/api/editPayPassword', { password: '654321', paypassword: '111111' }, { token })).toMatchObject({ code: CODE.tooMany });
    expect(await t.post('/api/bindcard', usdt(4), { token })).toMatchObject({ code: CODE.tooMany });
    // the login-password change keeps its own counter
    expect(await t.post('/api/editPassword', { password: 'secret123', paypassword: 'newpass99' }, { token })).toMatchObject({ code: 200 });
  });
});
