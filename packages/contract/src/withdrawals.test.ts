import { describe, expect, it } from 'vitest';
import { check } from './validate.ts';
import { usdtFeeOf, usdtQuote, WITHDRAW_MSG, WITHDRAW_TAB, withdrawSchemaFor } from './schemas/withdrawals.ts';
import { withdrawalsSettingsSchema } from './schemas/settings-withdrawals.ts';

describe('withdrawal rules shared by the site and the server', () => {
  it('the card message follows the tab; the rules come in the spec\'s order whatever else is wrong', () => {
    expect(check(withdrawSchemaFor(WITHDRAW_TAB.usdt), { amount: 5, password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.usdtRequired });
    expect(check(withdrawSchemaFor(WITHDRAW_TAB.bank), { amount: 5, password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.cardRequired });
    expect(check(withdrawSchemaFor(), { bank: 3, amount: 5, password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.amountMin });
    expect(check(withdrawSchemaFor(), { bank: 3, amount: '100', password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.passwordRequired });
    expect(check(withdrawSchemaFor(), { bank: '3', amount: '100.5', password: '654321' })).toEqual({
      ok: true,
      data: { bank: 3, amount: 10_050, password: '654321' },
    });
  });

  it('USDT: floor(amount / rate, 2 decimals) in integers, minus the chain fee', () => {
    // 1000 / 7.1 = 140.8450..., never rounded up
    expect(usdtQuote(100_000, 7.1, 1)).toEqual({ rateE4: 71_000, usdt: 14_084, fee: 100, received: 13_984 });
    // 100 / 7 = 14.2857... -> 14.28; ERC20 fee 5
    expect(usdtQuote(10_000, 7, 5)).toEqual({ rateE4: 70_000, usdt: 1_428, fee: 500, received: 928 });
    // a rate of 6.8 and 10,000,000.01 yuan: exact where a float would drift
    expect(usdtQuote(1_000_000_001, 6.8, 0)?.usdt).toBe(147_058_823);
    // nothing left after the fee
    expect(usdtQuote(10_000, 7.1, 20)?.received).toBeLessThanOrEqual(0);
    expect(usdtQuote(10_000, 0, 1)).toBeNull();
    expect(usdtQuote(10_000, Number.NaN, 1)).toBeNull();
    expect(usdtFeeOf('erc20', { withdrawcashfee: 5, withdrawfeeusdttrc: 1 })).toBe(5);
    expect(usdtFeeOf('TRC20', { withdrawcashfee: 5, withdrawfeeusdttrc: 1 })).toBe(1);
  });

  it('settings: the limits an operator may set', () => {
    const good = {
      withdraw_max_per_txn: 50_000,
      withdraw_daily_count: 5,
      withdraw_daily_max: 200_000,
      withdraw_open_from: '09:00',
      withdraw_open_to: '02:00',
      withdraw_second_approval_over: 10_000,
      deposit_second_approval_over: 50_000,
      turnover_waive_review_threshold: 5_000, // issue 25
      adjust_second_approval_over: 50_000, // issue 33
      adjust_daily_immediate_max: 200_000,
      withdrawusdtrate: 7.1,
      withdrawcashfee: 5,
      withdrawfeeusdttrc: 1,
    };
    expect(withdrawalsSettingsSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { withdraw_max_per_txn: 99 },
      { withdraw_daily_count: 0 },
      { withdraw_open_from: '24:00' },
      { withdrawusdtrate: 0 },
      { withdraw_max_per_txn: 300_000 },
      { deposit_second_approval_over: -1 },
    ]) {
      expect(withdrawalsSettingsSchema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
