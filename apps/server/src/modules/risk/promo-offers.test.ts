import { BONUS_PERCENTS, RISK_MSG, type PayWaysReply, type RedPacketInfo, type UserInfo } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { central, memberWithCard } from '../payments/testing.ts';
import { wallet } from '../wallet/index.ts';
import { operator } from '../withdrawals/testing.ts';

/**
 * 限制优惠 as the member meets it (issue 36 point 4, follow-up): the deposit form is offered no
 * bonus choice (get_pay_way's bonus.percents is empty) instead of choices that only meet a
 * refusal at recharge, and a VIP upgrade reward (晋级礼金, claimed as the vip-upgrade activity)
 * is neither claimable nor payable; the red-packet info and userInfo say so beside their spec
 * fields, so the pages show a note instead of buttons; a 正常 member keeps all. SQLite and PostgreSQL.
 */
describe('限制优惠: no bonus offered, no VIP upgrade reward', () => {
  let t: TestApp;
  let owner: string;
  let risk: string;
  let limited: { token: string; id: number; name: string };
  let plain: { token: string; id: number; name: string };
  let vipActivity: number;

  const setLevel = (username: string, level: string) => t.post('/admin/api/members/risk-level', { username, level, reason: '优惠套利嫌疑' }, { token: risk });
  const offered = async (token: string) => {
    const r = await t.get('/api/get_pay_way', { token });
    expect(r.code, r.message).toBe(200);
    return (r.data as PayWaysReply).bonus.percents;
  };

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    risk = await operator(t, 'riskoff01', 'risk');
    limited = await memberWithCard(t, 'rklim');
    plain = await memberWithCard(t, 'rkok');
    const row = await t.ctx.db.selectFrom('activities').select('id').where('slug', '=', 'vip-upgrade').executeTakeFirst();
    expect(row, 'the seeded vip-upgrade activity').toBeTruthy();
    vipActivity = Number(row!.id);
  });
  afterAll(() => t?.close());

  it('get_pay_way offers a 限制优惠 member no bonus choice, a 正常 one all of them; the spec flags stay', async () => {
    const all = BONUS_PERCENTS.filter((p) => p > 0);
    expect(await offered(limited.token)).toEqual(all);
    expect((await setLevel(limited.name, 'no_promo')).code).toBe(200);
    expect(await offered(limited.token)).toEqual([]);
    expect(await offered(plain.token)).toEqual(all);
    // the reply keeps the spec's per-method flags and the terms the form shows
    const r = await t.get('/api/get_pay_way', { token: limited.token });
    expect(r.data.bank).toBe(1);
    expect(r.data.bonus).toMatchObject({ deposit_multiple: expect.any(Number), daily_cap: expect.any(Number) });
    // what the form then sends (no bonus) is taken; a forged bonus still meets the refusal
    const order = (token: string, amount_proportion: number) =>
      t.post('/api/recharge', { paytype: 'bank', amount: '100', bank: '招商银行', bank_no: '6225881200001111', bank_owner: '张三', bank_address: '深圳', amount_proportion }, { token });
    expect((await order(limited.token, 0)).code).toBe(200);
    expect(await order(limited.token, 0.1)).toMatchObject({ code: 400, message: RISK_MSG.noDepositBonus });
    // 观察 and 提款必审 keep the bonus; back to 正常 the choices come back
    for (const level of ['watch', 'withdraw_review', 'normal']) {
      expect((await setLevel(limited.name, level)).code).toBe(200);
      expect(await offered(limited.token)).toEqual(all);
    }
  });

  it('the red-packet info and userInfo say 限制优惠 beside the spec fields (the pages show a note, not the buttons); others see no such field', async () => {
    const info = async (token: string) => {
      const r = await t.get('/api/userredpacket', { token });
      expect(r.code, r.message).toBe(200);
      return r.data as RedPacketInfo;
    };
    const user = async (token: string) => {
      const r = await t.post('/api/user', {}, { token });
      expect(r.code, r.message).toBe(200);
      return r.data as UserInfo;
    };
    const m = await memberWithCard(t, 'rkhb');
    expect(await info(m.token)).not.toHaveProperty('withheld');
    expect(await user(m.token)).not.toHaveProperty('promo_withheld');
    expect((await setLevel(m.name, 'no_promo')).code).toBe(200);
    const limitedInfo = await info(m.token);
    expect(limitedInfo.withheld).toBe(true);
    // the spec's fields are all still there, with their types
    expect(limitedInfo).toMatchObject({ switch: expect.any(Number), sendnums: expect.any(Number), acquirednum: expect.any(Number), max_times: expect.any(Number), rules: expect.any(Array) });
    expect((await user(m.token)).promo_withheld).toBe(1);
    expect(await info(plain.token)).not.toHaveProperty('withheld');
    // a guest reads the rules, with no such field
    const guest = await t.get('/api/userredpacket');
    expect(guest.code).toBe(200);
    expect(guest.data).not.toHaveProperty('withheld');
    expect((await setLevel(m.name, 'watch')).code).toBe(200);
    expect(await info(m.token)).not.toHaveProperty('withheld');
    expect(await user(m.token)).not.toHaveProperty('promo_withheld');
  });

  it('a VIP upgrade reward is neither claimable nor payable at 限制优惠; a 正常 member gets it', async () => {
    const apply = (token: string) => t.post('/api/activityApply', { id: vipActivity }, { token });
    const approve = (applyNo: string, bonus: number) => t.post('/admin/api/activity-applications/approve', { apply_no: applyNo, bonus, turnover_multiple: 1 }, { token: owner });
    // a member of its own: claimed while normal, the level set before the operator pays it
    const vip = await memberWithCard(t, 'rkvip');
    const claimed = await apply(vip.token);
    expect(claimed.code, claimed.message).toBe(200);
    expect((await setLevel(vip.name, 'no_promo')).code).toBe(200);
    expect(await apply(vip.token)).toMatchObject({ code: 400, message: RISK_MSG.noActivity });
    expect(await approve(claimed.data.apply_no, 38)).toMatchObject({ code: 400, message: RISK_MSG.noActivityBonus });
    expect(await central(t, vip.id)).toBe(0);
    // the 正常 member's claim is paid
    const ok = await apply(plain.token);
    expect(ok.code, ok.message).toBe(200);
    expect((await approve(ok.data.apply_no, 38)).code).toBe(200);
    expect(await central(t, plain.id)).toBe(3_800);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
