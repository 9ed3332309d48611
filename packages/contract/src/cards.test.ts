import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { bankBindSchema, bindCardSchemaFor, CARD_MSG, delCardSchema, getCardSchema, maskCardNo, usdtBindSchema } from './schemas/cards.ts';
import { messageListSchema, readMessageSchema } from './schemas/inbox.ts';
import { check } from './validate.ts';

const TRC = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ERC = '0x52908400098527886E0F7030069857D2E4169EE7';
const usdt = { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: '666888' };
const bank = { bank_owner: '王小明', bank: '招商银行', bank_no: '6225 8812 3456 7890', bank_address: '深圳分行', pay_pass: '666888' };
const first = (schema: Parameters<typeof check>[0], v: unknown) => {
  const r = check(schema, v);
  return r.ok ? 'ok' : r.message;
};

describe('USDT address rules, in the spec order', () => {
  it('protocol, address, payment password required, its length', () => {
    expect(first(usdtBindSchema, { ...usdt, bank_owner: '', bank_no: '', pay_pass: '' })).toBe(CARD_MSG.protocolRequired);
    expect(first(usdtBindSchema, { ...usdt, bank_owner: 'BEP20' })).toBe(CARD_MSG.protocolRequired);
    expect(first(usdtBindSchema, { ...usdt, bank_no: '', pay_pass: '' })).toBe(CARD_MSG.addressRequired);
    expect(first(usdtBindSchema, { ...usdt, bank_no: '   ' })).toBe(CARD_MSG.addressRequired);
    expect(first(usdtBindSchema, { ...usdt, pay_pass: '' })).toBe(CARD_MSG.payPassRequired);
    expect(first(usdtBindSchema, { ...usdt, pay_pass: '12345' })).toBe(CARD_MSG.payPassLengthUsdt);
    expect(first(usdtBindSchema, { ...usdt, pay_pass: '1'.repeat(19) })).toBe(CARD_MSG.payPassLengthUsdt);
    expect(first(usdtBindSchema, usdt)).toBe('ok');
  });

  it('the address must fit its chain, before the password rules', () => {
    expect(first(usdtBindSchema, { ...usdt, bank_no: ERC, pay_pass: '' })).toBe(CARD_MSG.trc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_owner: 'ERC20', pay_pass: '' })).toBe(CARD_MSG.erc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_owner: 'ERC20', bank_no: ERC })).toBe('ok');
    expect(first(usdtBindSchema, { ...usdt, bank_owner: 'erc20', bank_no: ERC })).toBe('ok');
    // base58 has no 0, O, I or l; 34 characters exactly
    expect(first(usdtBindSchema, { ...usdt, bank_no: `${TRC.slice(0, 33)}0` })).toBe(CARD_MSG.trc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_no: `${TRC}1` })).toBe(CARD_MSG.trc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_no: `A${TRC.slice(1)}` })).toBe(CARD_MSG.trc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_owner: 'ERC20', bank_no: `${ERC.slice(0, 41)}g` })).toBe(CARD_MSG.erc20Invalid);
    expect(first(usdtBindSchema, { ...usdt, bank_no: 'x'.repeat(5000) })).toBe(CARD_MSG.addressInvalid);
    const ok = check(usdtBindSchema, { ...usdt, bank_no: ` ${TRC} ` });
    expect(ok.ok && ok.data.bank_no).toBe(TRC);
  });
});

describe('bank card rules, in the spec order', () => {
  it('owner, bank type, number, branch address, payment password', () => {
    expect(first(bankBindSchema, {})).toBe(CARD_MSG.ownerRequired);
    expect(first(bankBindSchema, { ...bank, bank_owner: ' ', bank: '' })).toBe(CARD_MSG.ownerRequired);
    expect(first(bankBindSchema, { ...bank, bank: '', bank_no: '1' })).toBe(CARD_MSG.bankRequired);
    expect(first(bankBindSchema, { ...bank, bank_no: '1234567', bank_address: '' })).toBe(CARD_MSG.bankNoInvalid);
    expect(first(bankBindSchema, { ...bank, bank_no: '1'.repeat(20) })).toBe(CARD_MSG.bankNoInvalid);
    expect(first(bankBindSchema, { ...bank, bank_no: '12345678a' })).toBe(CARD_MSG.bankNoInvalid);
    expect(first(bankBindSchema, { ...bank, bank_address: '', pay_pass: '' })).toBe(CARD_MSG.bankAddressRequired);
    expect(first(bankBindSchema, { ...bank, pay_pass: '' })).toBe(CARD_MSG.payPassLengthBank);
    expect(first(bankBindSchema, { ...bank, pay_pass: '12345' })).toBe(CARD_MSG.payPassLengthBank);
    expect(first(bankBindSchema, bank)).toBe('ok');
  });

  it('strips spaces from the number; 8 and 19 digits are the bounds', () => {
    const ok = check(bankBindSchema, bank);
    expect(ok.ok && ok.data.bank_no).toBe('6225881234567890');
    expect(first(bankBindSchema, { ...bank, bank_no: '12345678' })).toBe('ok');
    expect(first(bankBindSchema, { ...bank, bank_no: 62258812345678 })).toBe('ok');
    expect(first(bankBindSchema, { ...bank, bank_no: '1234 5678 9012 3456 789' })).toBe('ok');
  });

  it('refuses markup and control characters in names and addresses', () => {
    expect(first(bankBindSchema, { ...bank, bank_owner: '<script>' })).toBe(CARD_MSG.ownerInvalid);
    expect(first(bankBindSchema, { ...bank, bank_address: 'a\u0000b' })).toBe(CARD_MSG.bankAddressInvalid);
    expect(first(bankBindSchema, { ...bank, bank_owner: 'x'.repeat(33) })).toBe(CARD_MSG.ownerInvalid);
    expect(first(bankBindSchema, { ...bank, bank_owner: { $ne: 1 } })).toBe(CARD_MSG.ownerRequired);
    expect(first(bankBindSchema, null)).toBe(MSG.badRequest);
  });

  it('bank USDT picks the address rules', () => {
    expect(bindCardSchemaFor({ bank: ' usdt ' })).toBe(usdtBindSchema);
    expect(bindCardSchemaFor({ bank: '招商银行' })).toBe(bankBindSchema);
    expect(bindCardSchemaFor(null)).toBe(bankBindSchema);
  });
});

describe('other card and inbox calls', () => {
  it('getcard type, delcard id, paging', () => {
    expect(first(getCardSchema, { type: 3 })).toBe(CARD_MSG.cardType);
    expect(first(getCardSchema, {})).toBe(CARD_MSG.cardType);
    const t = check(getCardSchema, { type: '2' });
    expect(t.ok && t.data.type).toBe(2);
    expect(first(delCardSchema, { id: 'abc' })).toBe(CARD_MSG.cardRequired);
    expect(first(delCardSchema, { id: -1 })).toBe(CARD_MSG.cardRequired);
    expect(first(delCardSchema, { id: 1.5 })).toBe(CARD_MSG.cardRequired);
    expect(first(delCardSchema, { id: '7' })).toBe('ok');
    const p = check(messageListSchema, {});
    expect(p.ok && p.data.page).toBe(1);
    expect(first(messageListSchema, { page: 0 })).toBe(MSG.badRequest);
    expect(first(messageListSchema, { page: 'x' })).toBe(MSG.badRequest);
    expect(first(readMessageSchema, { id: [1] })).not.toBe('ok');
  });

  it('masks all but the last 4', () => {
    expect(maskCardNo('6225881234567890')).toBe('**** **** **** 7890');
    expect(maskCardNo(TRC)).toBe(`**** **** **** ${TRC.slice(-4)}`);
    expect(maskCardNo(TRC)).not.toContain(TRC.slice(0, 5));
  });
});
