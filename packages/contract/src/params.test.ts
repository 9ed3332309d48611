import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { check } from './validate.ts';
import { intParam, codeParam } from './schemas/params.ts';
import { betRecordQuerySchema, transferSchema, transferStatusSchema, transRecordQuerySchema, WALLET_MSG } from './schemas/wallet.ts';
import { activityApplySchema, getFanshuiSchema, pageOnlySchema } from './schemas/promotions.ts';
import {
  activityDetailSchema,
  activityListSchema,
  articleSchema,
  bannerListSchema,
  CONTENT_MSG,
  noticeListSchema,
} from './schemas/content.ts';
import { messageListSchema, readMessageSchema } from './schemas/inbox.ts';
import { GAME_MSG, gameListByCodeSchema, gameListQuerySchema, gameUrlSchema } from './schemas/games.ts';
import { chatHistorySchema, chatTypingSchema } from './schemas/chat.ts';
import { delCardSchema, getCardSchema } from './schemas/cards.ts';
import { PAY_MSG, payRangeQuerySchema, rechargeSchema } from './schemas/payments.ts';
import { withdrawSchema, WITHDRAW_MSG } from './schemas/withdrawals.ts';
import { z } from 'zod';

/**
 * Issue 19, DESIGN.md section 3: "an optional field sent as '' means 'not set'; numbers may arrive
 * as digit strings" - on every member call - while the money fields keep their spec messages.
 */
describe('intParam and codeParam', () => {
  const page = z.object({ page: intParam(1, 100, 1, 'bad page') });
  it("reads missing, null, '' and blanks as the fallback", () => {
    for (const v of [undefined, null, '', '  ']) expect(check(page, { page: v })).toEqual({ ok: true, data: { page: 1 } });
  });
  it('reads numbers and digit strings', () => {
    expect(check(page, { page: 7 })).toEqual({ ok: true, data: { page: 7 } });
    expect(check(page, { page: '7' })).toEqual({ ok: true, data: { page: 7 } });
    expect(check(page, { page: ' 12 ' })).toEqual({ ok: true, data: { page: 12 } });
  });
  it('refuses anything else with its message', () => {
    for (const v of ['x', '1.5', 1.5, -1, 0, 101, '101', '-1', true, [], {}, '1e2']) {
      expect(check(page, { page: v })).toEqual({ ok: false, message: 'bad page' });
    }
  });
  it('a fallback outside the range makes the field required', () => {
    const id = z.object({ id: intParam(1, 9, 0, 'choose one') });
    expect(check(id, { id: '' })).toEqual({ ok: false, message: 'choose one' });
    expect(check(id, {})).toEqual({ ok: false, message: 'choose one' });
    expect(check(id, { id: '3' })).toEqual({ ok: true, data: { id: 3 } });
  });
  it("codeParam: '' is every venue, a code is kept, odd text refused", () => {
    const q = z.object({ api_type: codeParam() });
    expect(check(q, { api_type: '' })).toEqual({ ok: true, data: { api_type: '' } });
    expect(check(q, {})).toEqual({ ok: true, data: { api_type: '' } });
    expect(check(q, { api_type: ' pp ' })).toEqual({ ok: true, data: { api_type: 'pp' } });
    expect(check(q, { api_type: 'a b' })).toEqual({ ok: false, message: MSG.badRequest });
    expect(check(q, { api_type: 'x'.repeat(33) })).toEqual({ ok: false, message: MSG.badRequest });
  });
});

describe("every optional field sent as '' means not set", () => {
  it('the record lists answer their defaults (issue 19: getfanshui used to answer 请求格式错误)', () => {
    expect(check(getFanshuiSchema, { date: 4, page: 1, api_type: '', type: '' })).toEqual({
      ok: true,
      data: { date: 4, page: 1, api_type: '', type: 0 },
    });
    expect(check(getFanshuiSchema, { date: '', page: '', api_type: '', type: '' })).toEqual({
      ok: true,
      data: { date: 4, page: 1, api_type: '', type: 0 },
    });
    expect(check(betRecordQuerySchema, { date: '', page: '', api_type: '' })).toEqual({ ok: true, data: { date: 4, page: 1, api_type: '' } });
    expect(check(transRecordQuerySchema, { date: '', type: '', page: '', api_type: '' })).toEqual({
      ok: true,
      data: { date: 4, type: 1, page: 1, api_type: '', pending: 0 },
    });
  });

  it('paged lists and content filters', () => {
    // activityApplyLog, redpacket and userredpacket (query) share pageOnlySchema
    expect(check(pageOnlySchema, { page: '' })).toEqual({ ok: true, data: { page: 1 } });
    expect(check(pageOnlySchema, { page: null })).toEqual({ ok: true, data: { page: 1 } });
    expect(check(noticeListSchema, { page: '' })).toEqual({ ok: true, data: { page: 1 } });
    expect(check(messageListSchema, { page: '' })).toEqual({ ok: true, data: { page: 1 } });
    expect(check(activityListSchema, { type: '', page: '' })).toEqual({ ok: true, data: { type: 0, page: 1 } });
    expect(check(bannerListSchema, { type: '' })).toEqual({ ok: true, data: { type: 2 } });
    expect(check(gameListQuerySchema, { category: '' })).toEqual({ ok: true, data: { category: null } });
    expect(check(gameListQuerySchema, { category_id: '' })).toEqual({ ok: true, data: { category: null } });
    expect(check(gameUrlSchema, { plat_name: 'pp', game_type: '', game_code: '', is_mobile_url: '' })).toMatchObject({
      ok: true,
      data: { plat_name: 'pp', game_code: null },
    });
    expect(check(chatHistorySchema, { before_id: '', after_id: '', limit: '' })).toMatchObject({ ok: true });
  });

  it('deposit options: no bonus, default protocol', () => {
    const schema = rechargeSchema({ usdtpay: { min: 100, max: 10_000, amounts: [] } });
    expect(check(schema, { paytype: 'usdtpay', amount: '200', catepay: '', amount_proportion: '' })).toMatchObject({
      ok: true,
      data: { paytype: 'usdtpay', amount: 20_000, catepay: 'TRC20', bonusPercent: 0 },
    });
  });

  it('required ids stay required', () => {
    expect(check(activityDetailSchema, { id: '' })).toEqual({ ok: false, message: CONTENT_MSG.activityNotFound });
    expect(check(articleSchema, { type: '' })).toEqual({ ok: false, message: CONTENT_MSG.articleType });
    expect(check(activityApplySchema, { id: '' })).toEqual({ ok: false, message: MSG.badRequest });
    expect(check(gameListByCodeSchema, { gamecode: '' })).toEqual({ ok: false, message: GAME_MSG.platformRequired });
  });
});

describe('numbers may arrive as digit strings', () => {
  it('ids, types, pages and flags', () => {
    expect(check(activityDetailSchema, { id: '5' })).toEqual({ ok: true, data: { id: 5 } });
    expect(check(articleSchema, { type: '7' })).toEqual({ ok: true, data: { type: 7 } });
    expect(check(bannerListSchema, { type: '2' })).toEqual({ ok: true, data: { type: 2 } });
    expect(check(activityListSchema, { type: '3', page: '2' })).toEqual({ ok: true, data: { type: 3, page: 2 } });
    expect(check(getCardSchema, { type: '2' })).toEqual({ ok: true, data: { type: 2 } });
    expect(check(delCardSchema, { id: '12' })).toEqual({ ok: true, data: { id: 12 } });
    expect(check(readMessageSchema, { id: '4' })).toEqual({ ok: true, data: { id: 4 } });
    expect(check(transferStatusSchema, { transferstatus: '0' })).toEqual({ ok: true, data: { transferstatus: 0 } });
    expect(check(chatTypingSchema, { typing: '1' })).toEqual({ ok: true, data: { typing: true } });
    expect(check(getFanshuiSchema, { date: '1', page: '3', api_type: 'pp', type: '2' })).toEqual({
      ok: true,
      data: { date: 1, page: 3, api_type: 'pp', type: 2 },
    });
  });

  it('money: amounts and card ids as strings', () => {
    expect(check(transferSchema, { amount: '10.5', sourcetype: 'userbalance', targettype: 'ag' })).toMatchObject({ ok: true, data: { amount: 1050 } });
    expect(check(withdrawSchema, { amount: '100', bank: '3', password: '666888' })).toEqual({
      ok: true,
      data: { amount: 10_000, bank: 3, password: '666888' },
    });
  });
});

describe('money fields stay strict, with the spec messages', () => {
  it("an empty amount, card or password is not 'not set'", () => {
    expect(check(transferSchema, { amount: '', sourcetype: 'userbalance', targettype: 'ag' })).toEqual({ ok: false, message: WALLET_MSG.amountRequired });
    expect(check(withdrawSchema, { amount: '', bank: '', password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.cardRequired });
    expect(check(withdrawSchema, { amount: '', bank: '3', password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.amountMin });
    expect(check(withdrawSchema, { amount: '100', bank: '3', password: '' })).toEqual({ ok: false, message: WITHDRAW_MSG.passwordRequired });
    const schema = rechargeSchema({ bank: { min: 100, max: 10_000, amounts: [] } });
    expect(check(schema, { paytype: 'bank', amount: '' })).toEqual({ ok: false, message: PAY_MSG.amountRange(100, 10_000) });
    expect(check(schema, { paytype: '', amount: '100' })).toEqual({ ok: false, message: PAY_MSG.payTypeRequired });
  });
});

describe('the names the original front-end sends', () => {
  it('gamelistBycode {platform_name}, game/list ?category_id=', () => {
    expect(check(gameListByCodeSchema, { platform_name: 'pp' })).toEqual({ ok: true, data: { gamecode: 'pp' } });
    expect(check(gameListByCodeSchema, { gamecode: 'ag', platform_name: 'pp' })).toEqual({ ok: true, data: { gamecode: 'ag' } });
    expect(check(gameListQuerySchema, { category_id: 'fishing' })).toEqual({ ok: true, data: { category: 'fishing' } });
    expect(check(gameListQuerySchema, { category_id: 'casino' })).toEqual({ ok: false, message: GAME_MSG.category });
  });

  it('deposit methods: usdt, wechat, usdt-trc20, card', () => {
    expect(check(payRangeQuerySchema, { type: 'wechat' })).toEqual({ ok: true, data: { type: 'wxpay' } });
    expect(check(payRangeQuerySchema, { type: 'usdt-erc20' })).toEqual({ ok: true, data: { type: 'usdtpay' } });
    expect(check(payRangeQuerySchema, { type: 'card' })).toEqual({ ok: true, data: { type: 'bank' } });
    expect(check(payRangeQuerySchema, { type: 'bitcoin' })).toEqual({ ok: false, message: PAY_MSG.payTypeRequired });
    const schema = rechargeSchema({ usdtpay: { min: 100, max: 10_000, amounts: [] } });
    expect(check(schema, { paytype: 'usdt', amount: 100, catepay: 'ERC20' })).toMatchObject({ ok: true, data: { paytype: 'usdtpay', catepay: 'ERC20' } });
  });
});
