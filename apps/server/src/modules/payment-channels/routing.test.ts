import { PAY_MSG, PAYMENT_CHANNEL_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { GatewayError, type PaymentGateway } from '../../adapters/payments/index.ts';
import { cardVaultOf } from '../cards/index.ts';
import { adminToken, approveChannel, memberWithCard } from '../payments/testing.ts';
import { createPaymentChannels } from './index.ts';

/** a seeded generator (mulberry32): the same draws every run, so the weight test cannot flake */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Issue 21 point 2: weighted routing, eligibility (range, fixed amounts, cap, state), failover, the pause. */
describe('payment channels: routing', () => {
  let t: TestApp;
  let admin: string;
  /** channels whose (fake) gateway refuses every order */
  const failing = new Set<number>();
  const fake = (id: number): PaymentGateway => ({
    name: `fake:${id}`,
    ack: 'success',
    async createOrder() {
      if (failing.has(id)) throw new GatewayError('refused', `channel ${id} refuses`);
      return { gatewayOrderNo: `G${id}`, cashierUrl: `https://pay.example/${id}` };
    },
    queryOrder: async () => {
      throw new GatewayError('refused', 'no');
    },
    verifyNotify: () => ({ ok: false, problem: 'bad_signature' }),
  });
  let random: () => number = Math.random;
  const channels = () =>
    createPaymentChannels(t.ctx, { settings: t.site.settings, vault: cardVaultOf(t.ctx.config), gateways: (spec) => fake(spec.id), publicBase: () => 'https://site.example', random: () => random() });

  beforeAll(async () => {
    t = await startApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.stop());

  let seq = 0;
  async function channel(body: Record<string, unknown>): Promise<number> {
    const r = await t.post('/admin/api/payment-channels/create', { name: `通道${++seq}`, gateway_type: 'sandbox', merchant_id: `M${seq}`, keys: { sign_key: 'sandbox-key-0000' }, ...body }, { token: admin });
    if (r.code !== 200) throw new Error(r.message);
    await approveChannel(t, r.data.id);
    return r.data.id;
  }
  const drop = (ids: number[]) => Promise.all(ids.map((id) => t.post('/admin/api/payment-channels/delete', { id }, { token: admin })));
  const route = (pc: ReturnType<typeof channels>, paytype: string, yuan: number, now = Date.now()) =>
    pc.routing.route({ paytype: paytype as 'ecny', amount: yuan * 100, now }, (_ch, gateway) =>
      gateway.createOrder({ merchantOrderNo: `D${Math.random()}`, amount: yuan * 100, payType: paytype, notifyUrl: 'https://site.example/n', returnUrl: 'https://site.example/r' }),
    );
  const landed = (o: Awaited<ReturnType<typeof route>>) => (o.ok ? o.routed.channel.id : o.why);

  it('1,000 orders land within 5% of the weights; each reserves its amount on its channel', { timeout: 120_000 }, async () => {
    random = seeded(20260521);
    const ids = [await channel({ methods: [{ paytype: 'ecny' }], weight: 10 }), await channel({ methods: [{ paytype: 'ecny' }], weight: 30 }), await channel({ methods: [{ paytype: 'ecny' }], weight: 60 })];
    const pc = channels();
    const counts = new Map<number | string, number>();
    for (let i = 0; i < 1000; i++) {
      const at = landed(await route(pc, 'ecny', 100));
      counts.set(at, (counts.get(at) ?? 0) + 1);
    }
    const shares = ids.map((id) => (counts.get(id) ?? 0) / 1000);
    for (const [i, want] of [0.1, 0.3, 0.6].entries()) expect(Math.abs(shares[i] - want), `channel ${i}: ${shares[i]}`).toBeLessThan(0.05);
    const days = await t.ctx.db.selectFrom('payment_channel_days').selectAll().where('channel_id', 'in', ids).execute();
    expect(days.reduce((n, d) => n + Number(d.routed), 0)).toBe(1000 * 10000);
    await drop(ids);
  });

  it('eligibility: the method, its range or fixed amounts, the daily cap, and only enabled channels', async () => {
    random = Math.random;
    const range = await channel({ methods: [{ paytype: 'alipay', min: 100, max: 500 }], daily_cap: 600 });
    const fixed = await channel({ methods: [{ paytype: 'alipay', amounts: [1000, 2000] }] });
    const off = await channel({ methods: [{ paytype: 'alipay' }, { paytype: 'qqpay' }], state: 'disabled' });
    const paused = await channel({ methods: [{ paytype: 'alipay' }] });
    await t.ctx.db.updateTable('payment_channels').set({ state: 'paused' }).where('id', '=', paused).execute();
    const gone = await channel({ methods: [{ paytype: 'alipay' }] });
    await drop([gone]);
    const pc = channels();
    for (let i = 0; i < 5; i++) {
      expect(landed(await route(pc, 'alipay', 1000))).toBe(fixed);
      expect(landed(await route(pc, 'alipay', 2000))).toBe(fixed);
    }
    expect(landed(await route(pc, 'alipay', 700))).toBe('none');
    expect(landed(await route(pc, 'alipay', 50))).toBe('none');
    expect(landed(await route(pc, 'qqpay', 100))).toBe('none');
    // the cap: 300 + 300 fill the 600 yuan of the day; the third finds no channel
    expect(landed(await route(pc, 'alipay', 300))).toBe(range);
    expect(landed(await route(pc, 'alipay', 300))).toBe(range);
    expect(landed(await route(pc, 'alipay', 300))).toBe('none');
    expect((await t.post('/admin/api/payment-channels/get', { id: range }, { token: admin })).data).toMatchObject({ daily_cap: 600, today_cap_left: 0 });
    // an order that expires unpaid gives its amount back
    await pc.routing.release(range, Date.now(), 30000);
    expect(landed(await route(pc, 'alipay', 300))).toBe(range);
    // tomorrow is another day
    expect(landed(await route(pc, 'alipay', 300, Date.now() + 86_400_000))).toBe(range);
    await drop([range, fixed, off, paused]);
  });

  it('an order the gateway refuses goes to the next eligible channel; the refusal gives the cap back', async () => {
    random = () => 0; // the first channel listed is drawn first
    const bad = await channel({ methods: [{ paytype: 'wxpay' }], daily_cap: 10000, weight: 1000 });
    const good = await channel({ methods: [{ paytype: 'wxpay' }], weight: 1 });
    failing.add(bad);
    const pc = channels();
    const o = await route(pc, 'wxpay', 500);
    expect(landed(o)).toBe(good);
    expect(await t.ctx.db.selectFrom('payment_channel_failures').select('error').where('channel_id', '=', bad).execute()).toEqual([{ error: `channel ${bad} refuses` }]);
    expect((await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data.today_cap_left).toBe(10000);
    // every eligible channel refusing: 'failed', not 'none'
    failing.add(good);
    expect(landed(await route(pc, 'wxpay', 500))).toBe('failed');
    failing.clear();
    await drop([bad, good]);
  });

  it('N failures within M minutes pause a channel and raise the operators\' pending count; older ones and those before a re-enable do not count', async () => {
    random = () => 0;
    await t.site.set('payment_channel_pause_failures', 3);
    await t.site.set('payment_channel_pause_minutes', 10);
    const bad = await channel({ methods: [{ paytype: 'unionpay' }], weight: 1000 });
    const good = await channel({ methods: [{ paytype: 'unionpay' }], weight: 1 });
    failing.add(bad);
    const pc = channels();
    const pending = async () => (await t.post('/admin/api/dashboard/summary', {}, { token: admin })).data.pending.payment_channels_paused;
    expect(await pending()).toBe(0);
    for (let i = 0; i < 2; i++) expect(landed(await route(pc, 'unionpay', 30))).toBe(good);
    expect((await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data.state).toBe('enabled');
    expect(landed(await route(pc, 'unionpay', 30))).toBe(good);
    const row = (await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data;
    expect(row).toMatchObject({ state: 'paused', state_name: '已自动暂停', paused_reason: expect.stringContaining('10分钟内下单失败3次，已自动暂停'), paused_at: expect.any(String) });
    expect(await pending()).toBe(1);
    // paused: no longer tried
    for (let i = 0; i < 3; i++) expect(landed(await route(pc, 'unionpay', 30))).toBe(good);
    expect(await t.ctx.db.selectFrom('payment_channel_failures').select('id').where('channel_id', '=', bad).execute()).toHaveLength(3);

    // the operator switches it back on: the three failures before that no longer count
    expect((await t.post('/admin/api/payment-channels/update', { id: bad, state: 'enabled' }, { token: admin })).data.state).toBe('enabled');
    expect(await pending()).toBe(0);
    const later = Date.now() + 1000;
    expect(landed(await route(pc, 'unionpay', 30, later))).toBe(good);
    expect((await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data.state).toBe('enabled');
    // failures older than M minutes do not count: two more, 11 minutes on, and it is still enabled
    expect(landed(await route(pc, 'unionpay', 30, later + 11 * 60_000))).toBe(good);
    expect(landed(await route(pc, 'unionpay', 30, later + 22 * 60_000))).toBe(good);
    expect((await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data.state).toBe('enabled');
    // 0 failures: never pause
    await t.site.set('payment_channel_pause_failures', 0);
    for (let i = 0; i < 4; i++) await route(pc, 'unionpay', 30, later + 22 * 60_000);
    expect((await t.post('/admin/api/payment-channels/get', { id: bad }, { token: admin })).data.state).toBe('enabled');
    await t.site.set('payment_channel_pause_failures', 5);
    failing.clear();
    await drop([bad, good]);
  });
});

/** Issue 21 point 1: the cashier offers a method only while an enabled channel serves it. */
describe('payment channels: what the cashier offers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.stop());

  const create = async (body: Record<string, unknown>) => {
    const r = await t.post('/admin/api/payment-channels/create', { gateway_type: 'sandbox', keys: { sign_key: 'sandbox-key-0000' }, ...body }, { token: admin });
    if (r.code !== 200) throw new Error(r.message);
    await approveChannel(t, r.data.id as number);
    return r.data.id as number;
  };
  const methods = async (token: string) =>
    Object.fromEntries(((await t.get('/api/get_pay_way', { token })).data.methods as { type: string; min_price: number; max_price: number; amounts: number[] }[]).map((m) => [m.type, [m.min_price, m.max_price, m.amounts]]));

  it('no channel: every online method as the settings say; channels: only what an enabled one serves, at its amounts', async () => {
    const m = await memberWithCard(t, 'offer');
    expect(Object.keys(await methods(m.token))).toEqual(['bank', 'usdtpay', 'wxpay', 'alipay', 'ecny', 'qqpay', 'unionpay']);

    const a = await create({ name: '支付宝区间', merchant_id: 'A', methods: [{ paytype: 'alipay', min: 50, max: 800 }, { paytype: 'wxpay' }] });
    expect(await methods(m.token)).toEqual({
      bank: [100, 10000, []],
      usdtpay: [100, 10000, []],
      // the site's range where the channel sets none
      wxpay: [200, 2000, []],
      // the channel's range instead of the site's fixed list
      alipay: [50, 800, []],
    });
    const ways = (await t.get('/api/get_pay_way', { token: m.token })).data;
    expect(ways).toMatchObject({ alipay: 1, wxpay: 1, wechat: 1 });
    expect(ways.ecny).toBeUndefined();
    expect(await t.post('/api/getPayRange', { type: 'alipay' }, { token: m.token })).toMatchObject({ code: 200, data: { min_price: 50, max_price: 800, amounts: [] } });
    expect(await t.post('/api/getPayRange', { type: 'ecny' }, { token: m.token })).toMatchObject({ code: 400, message: PAY_MSG.payTypeClosed });
    expect(await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: m.token })).toMatchObject({ code: 400, message: PAY_MSG.payTypeClosed });
    expect(await t.post('/api/recharge', { paytype: 'alipay', amount: 900 }, { token: m.token })).toMatchObject({ code: 400, message: '请输入有效的金额范围：50 - 800' });

    // a fixed list beside a range: the offer spans both; an amount no channel takes is refused when routed
    const b = await create({ name: '支付宝固定', merchant_id: 'B', methods: [{ paytype: 'alipay', amounts: [1000] }, { paytype: 'unionpay' }] });
    expect((await methods(m.token)).alipay).toEqual([50, 1000, []]);
    expect((await methods(m.token)).unionpay).toEqual([30, 50, [30, 50]]);
    const before = await t.ctx.db.selectFrom('deposits').select('id').execute();
    expect(await t.post('/api/recharge', { paytype: 'alipay', amount: 900 }, { token: m.token })).toMatchObject({ code: 400, message: PAYMENT_CHANNEL_MSG.noChannelForAmount });
    const made = await t.ctx.db.selectFrom('deposits').selectAll().where('id', 'not in', before.length ? before.map((d) => d.id) : [0]).execute();
    expect(made.map((d) => [d.status, d.review_reason, d.channel_id])).toEqual([['failed', '没有可用的支付通道', null]]);

    // the site's own switch still closes a method whatever the channels say
    const s = await t.site.settings();
    await t.site.set('pay_methods', { ...s.pay_methods, alipay: { ...s.pay_methods.alipay, on: 0 } });
    expect((await methods(m.token)).alipay).toBeUndefined();
    await t.site.set('pay_methods', s.pay_methods);

    // a cap with no room for the smallest amount hides the channel's method
    await t.post('/admin/api/payment-channels/update', { id: b, daily_cap: 40 }, { token: admin });
    expect((await methods(m.token)).unionpay).toEqual([30, 50, [30, 50]]);
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await t.ctx.db.insertInto('payment_channel_days').values({ channel_id: b, day, routed: 1500 }).execute();
    expect((await methods(m.token)).unionpay).toBeUndefined();

    // every channel switched off: no online method at all; every channel deleted: the settings again
    for (const id of [a, b]) await t.post('/admin/api/payment-channels/update', { id, state: 'disabled' }, { token: admin });
    expect(Object.keys(await methods(m.token))).toEqual(['bank', 'usdtpay']);
    for (const id of [a, b]) await t.post('/admin/api/payment-channels/delete', { id }, { token: admin });
    expect(Object.keys(await methods(m.token))).toEqual(['bank', 'usdtpay', 'wxpay', 'alipay', 'ecny', 'qqpay', 'unionpay']);
  });
});
