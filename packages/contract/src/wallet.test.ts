import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { check } from './validate.ts';
import {
  betRecordQuerySchema,
  transferSchema,
  transferStatusSchema,
  transRecordQuerySchema,
  transStateLabel,
  WALLET_MSG,
} from './schemas/wallet.ts';

const t = (amount: unknown, sourcetype: unknown = 'userbalance', targettype: unknown = 'ag') =>
  check(transferSchema, { amount, sourcetype, targettype });

describe('transfer rules in the spec order', () => {
  it('an empty amount comes first, then venue to venue', () => {
    expect(t('', 'ag', 'pp')).toEqual({ ok: false, message: WALLET_MSG.amountRequired });
    expect(t(undefined)).toEqual({ ok: false, message: '请输入操作金额！' });
    expect(t('  ')).toEqual({ ok: false, message: WALLET_MSG.amountRequired });
    expect(t('10', 'ag', 'pp')).toEqual({ ok: false, message: '场馆内钱包不支持互转' });
  });

  it('amounts follow yuanToFen: positive, at most two decimals, answered in fen', () => {
    expect(t('10.5')).toEqual({ ok: true, data: { amount: 1050, sourcetype: 'userbalance', targettype: 'ag' } });
    expect(t(0.1)).toMatchObject({ ok: true, data: { amount: 10 } });
    for (const bad of ['0', '-5', '1.234', 'abc', '1e3', 10.555, Number.NaN]) {
      expect(t(bad)).toEqual({ ok: false, message: WALLET_MSG.amountInvalid });
    }
  });

  it('both wallets are needed and must differ; either direction with the central wallet is fine', () => {
    expect(t('5', '', 'ag')).toEqual({ ok: false, message: WALLET_MSG.sourceRequired });
    expect(t('5', 'userbalance', '')).toEqual({ ok: false, message: WALLET_MSG.targetRequired });
    expect(t('5', 'userbalance', 'userbalance')).toEqual({ ok: false, message: WALLET_MSG.sameWallet });
    expect(t('5', 'ag', 'userbalance').ok).toBe(true);
    expect(t('5', 'a g', 'userbalance')).toEqual({ ok: false, message: MSG.badRequest });
  });

  it('the auto-transfer flag is 0 or 1', () => {
    expect(check(transferStatusSchema, { transferstatus: '1' })).toEqual({ ok: true, data: { transferstatus: 1 } });
    expect(check(transferStatusSchema, { transferstatus: 0 })).toEqual({ ok: true, data: { transferstatus: 0 } });
    expect(check(transferStatusSchema, { transferstatus: 2 })).toEqual({ ok: false, message: WALLET_MSG.transferStatus });
  });
});

describe('record queries', () => {
  it('default to the last 30 days, page 1, all venues', () => {
    expect(check(betRecordQuerySchema, {})).toEqual({ ok: true, data: { date: 4, page: 1, api_type: '' } });
    expect(check(transRecordQuerySchema, { type: '4', date: '1', page: '2', api_type: 'pp' })).toEqual({
      ok: true,
      data: { date: 1, page: 2, api_type: 'pp', type: 4, pending: 0 },
    });
  });

  it('refuse what is out of range', () => {
    for (const q of [{ date: 5 }, { date: 0 }, { page: 0 }, { page: 1.5 }, { api_type: 'a b' }, { date: 'x' }]) {
      expect(check(betRecordQuerySchema, q)).toEqual({ ok: false, message: MSG.badRequest });
    }
    expect(check(transRecordQuerySchema, { type: 5 })).toEqual({ ok: false, message: MSG.badRequest });
  });

  it('labels states per record type', () => {
    expect([0, 1, 2, 3].map((s) => transStateLabel(1, s))).toEqual(['未知', '待审核', '已通过', '已拒绝']);
    expect([0, 1, 2, 3].map((s) => transStateLabel(4, s))).toEqual(['失败', '成功', '待结算', '未知']);
    expect(transStateLabel(3, 9)).toBe('未知');
  });
});
