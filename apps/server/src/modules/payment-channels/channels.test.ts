import { randomBytes } from 'node:crypto';
import { CODE, PAYMENT_CHANNEL_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { resealAll } from '../../ops/rotate-card-key.ts';
import { cardVaultOf, createCardVault, loadCardKey } from '../cards/index.ts';
import { adminToken, approveChannel } from '../payments/testing.ts';

/** Issue 21 point 1: operators add, edit, switch, delete channels; keys sealed, shown masked, revealed with an audit row. */
describe('payment channels: back-office calls', () => {
  let t: TestApp;
  let admin: string;
  const KEY = `k${randomBytes(12).toString('hex')}`;
  const base = {
    name: '支付宝A',
    gateway_type: 'sifang',
    merchant_id: '10086',
    keys: { sign_key: KEY },
    methods: [{ paytype: 'alipay', min: 100, max: '5000.5', code: '904' }, { paytype: 'wxpay', amounts: [100, 200] }],
    daily_cap: 20000,
    weight: 30,
    notify_ips: ['127.0.0.1', '10.0.0.0/8'],
    sifang: { order_url: 'https://gw.example/pay', query_url: 'https://gw.example/query', fields: { order_no: 'pay_orderid' } },
  };
  beforeAll(async () => {
    t = await startApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.stop());

  const call = (path: string, body: unknown, token = admin) => t.post(`/admin/api/payment-channels/${path}`, body, { token });

  it('creates a channel: keys sealed at rest, answered masked; fields in yuan; the notify URL to give the gateway', async () => {
    const r = await call('create', base);
    // issue 33: a new channel waits for a second operator's approval of its settings
    expect(r).toMatchObject({ code: 200, message: PAYMENT_CHANNEL_MSG.createdPending, data: { approved: false, pending_key_change: expect.any(Number) } });
    const id = r.data.id as number;
    expect(r.data).toMatchObject({
      name: '支付宝A',
      gateway_type: 'sifang',
      gateway_type_name: '通用四方支付',
      merchant_id: '10086',
      keys: { sign_key: `••••${KEY.slice(-4)}`, notify_key: '' },
      methods: [
        { paytype: 'alipay', paytype_name: '支付宝扫码', code: '904', min: 100, max: 5000.5, amounts: [] },
        { paytype: 'wxpay', code: '', min: null, max: null, amounts: [100, 200] },
      ],
      daily_cap: 20000,
      weight: 30,
      notify_ips: ['127.0.0.1', '10.0.0.0/8'],
      state: 'enabled',
      state_name: '启用',
      paused_reason: null,
      notify_url: `/pay/notify/ch/${id}`,
      today_orders: 0,
      today_volume: 0,
      today_cap_left: 20000,
    });
    // the generic adapter's defaults fill what the operator left out
    expect(r.data.sifang).toMatchObject({ sign_type: 'md5', amount_unit: 'yuan', ack: 'success', success_status: '1', fields: { order_no: 'pay_orderid', merchant_id: 'mch_id', sign: 'sign' } });
    // nowhere in the answer, nor in the row, is the key itself
    expect(JSON.stringify(r.data)).not.toContain(KEY);
    const row = await t.ctx.db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(cardVaultOf(t.ctx.config).open(row.sign_key)).toBe(KEY);
    expect(Number(row.daily_cap)).toBe(2_000_000);

    expect(await call('get', { id })).toMatchObject({ code: 200, data: { id, keys: { sign_key: `••••${KEY.slice(-4)}` } } });
    expect(await call('create', base)).toMatchObject({ code: 400, message: PAYMENT_CHANNEL_MSG.nameTaken });
  });

  it('refuses bad channel fields with their message, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: ' ' }, PAYMENT_CHANNEL_MSG.name],
      [{ ...base, gateway_type: 'paypal' }, PAYMENT_CHANNEL_MSG.gatewayType],
      [{ ...base, merchant_id: 'a b' }, PAYMENT_CHANNEL_MSG.merchantId],
      [{ ...base, methods: [] }, PAYMENT_CHANNEL_MSG.methods],
      [{ ...base, methods: [{ paytype: 'bank' }] }, PAYMENT_CHANNEL_MSG.paytype],
      [{ ...base, methods: [{ paytype: 'alipay' }, { paytype: 'alipay' }] }, PAYMENT_CHANNEL_MSG.methods],
      [{ ...base, methods: [{ paytype: 'alipay', min: 500, max: 100 }] }, PAYMENT_CHANNEL_MSG.range],
      [{ ...base, methods: [{ paytype: 'alipay', amounts: [0.001] }] }, PAYMENT_CHANNEL_MSG.amount],
      [{ ...base, daily_cap: -1 }, PAYMENT_CHANNEL_MSG.dailyCap],
      [{ ...base, weight: 0 }, PAYMENT_CHANNEL_MSG.weight],
      [{ ...base, notify_ips: ['not-an-ip'] }, PAYMENT_CHANNEL_MSG.notifyIps],
      [{ ...base, sifang: undefined }, PAYMENT_CHANNEL_MSG.sifang],
      [{ ...base, sifang: { order_url: 'ftp://x' } }, PAYMENT_CHANNEL_MSG.url],
      [{ ...base, sifang: { ...base.sifang, sign_type: 'rsa' } }, PAYMENT_CHANNEL_MSG.signType],
      [{ ...base, sifang: { ...base.sifang, fields: { sign: '' } } }, PAYMENT_CHANNEL_MSG.fieldRequired('签名')],
      [{ ...base, sifang: { ...base.sifang, fields: { amount: 'a b' } } }, PAYMENT_CHANNEL_MSG.field],
      [{ ...base, keys: { sign_key: '' } }, PAYMENT_CHANNEL_MSG.signKey],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      // each under a name of its own, so only the field under test is wrong
      const r = await call('create', { ...body, name: body.name === ' ' ? ' ' : `坏通道${i}` });
      expect({ message: r.message, code: r.code }).toEqual({ message, code: 400 });
    }
  });

  it('updates only what is sent: state, cap, keys; a paused channel is resumed by enabling it; every change audited', async () => {
    const { data } = await call('create', { ...base, name: '微信B', merchant_id: 'W1' });
    const id = data.id as number;
    await approveChannel(t, id);
    const off = await call('update', { id, state: 'disabled' });
    expect(off).toMatchObject({ code: 200, data: { state: 'disabled', state_name: '停用', weight: 30, merchant_id: 'W1', keys: { sign_key: `••••${KEY.slice(-4)}` } } });
    const NEW = `n${randomBytes(12).toString('hex')}`;
    // issue 33: the cap and weight at once; the keys once a second operator approves them
    const changed = await call('update', { id, daily_cap: '', keys: { sign_key: NEW, notify_key: `${NEW}x` }, weight: '7' });
    expect(changed).toMatchObject({ message: PAYMENT_CHANNEL_MSG.keyChangePending, data: { daily_cap: 0, today_cap_left: null, weight: 7, keys: { sign_key: `••••${KEY.slice(-4)}`, notify_key: '' } } });
    await approveChannel(t, id);
    expect((await call('get', { id })).data.keys).toEqual({ sign_key: `••••${NEW.slice(-4)}`, notify_key: `••••${NEW.slice(-3)}x` });
    expect((await call('update', { id, keys: { notify_key: '-' } })).message).toBe(PAYMENT_CHANNEL_MSG.keyChangePending);
    await approveChannel(t, id);
    expect((await call('get', { id })).data.keys.notify_key).toBe('');
    // the server pauses; an operator's "enabled" resumes it and clears the reason
    await t.ctx.db.updateTable('payment_channels').set({ state: 'paused', paused_reason: '测试暂停', paused_at: Date.now() }).where('id', '=', id).execute();
    expect((await call('get', { id })).data).toMatchObject({ state: 'paused', state_name: '已自动暂停', paused_reason: '测试暂停' });
    expect((await call('update', { id, state: 'enabled' })).data).toMatchObject({ state: 'enabled', paused_reason: null, paused_at: null });
    expect(await call('update', { id: 999999, weight: 1 })).toMatchObject({ code: 404, message: PAYMENT_CHANNEL_MSG.notFound });

    const audit = await t.post('/admin/api/audit/list', { target: `payment_channel:${id}`, page: 1 }, { token: admin });
    const actions = audit.data.data.map((a: { action: string }) => a.action);
    expect(actions).toEqual([
      'payment_channel.update',
      'payment_channel.key_approve',
      'payment_channel.key_change',
      'payment_channel.key_approve',
      'payment_channel.key_change',
      'payment_channel.update',
      'payment_channel.update',
      'payment_channel.key_approve',
      'payment_channel.create',
    ]);
    expect(audit.data.data[0]).toMatchObject({ action_name: '修改支付通道', target_name: `支付通道 #${id}` });
    // keys are named in the audit, never written there
    const details = JSON.stringify(audit.data.data.map((a: { detail: unknown }) => a.detail));
    expect(details).toContain('sign_key');
    expect(details).not.toContain(NEW);
    expect(details).not.toContain(KEY);
    // money in the audit detail reads in yuan
    expect(audit.data.data[8].detail.after.daily_cap).toBe(20000);
  });

  it('lists with filters; a deleted channel leaves the list but its row stays for its orders', async () => {
    const { data } = await call('create', { ...base, name: '云闪付C', merchant_id: 'U1', methods: [{ paytype: 'unionpay' }], gateway_type: 'sandbox', sifang: null });
    const id = data.id as number;
    expect(data).toMatchObject({ gateway_type: 'sandbox', gateway_type_name: '沙盒网关（签名JSON）', sifang: null });
    const names = async (body: Record<string, unknown>) => (await call('list', { page: 1, ...body })).data.data.map((c: { name: string }) => c.name);
    expect(await names({ paytype: 'unionpay' })).toEqual(['云闪付C']);
    expect(await names({ gateway_type: 'sandbox' })).toEqual(['云闪付C']);
    expect(await names({ keyword: 'W1' })).toEqual(['微信B']);
    expect(await names({ state: 'disabled' })).toEqual([]);
    expect(await call('delete', { id })).toMatchObject({ code: 200, data: { id }, message: PAYMENT_CHANNEL_MSG.deleted });
    expect(await names({ paytype: 'unionpay' })).toEqual([]);
    expect(await call('get', { id })).toMatchObject({ code: 404 });
    expect(await call('delete', { id })).toMatchObject({ code: 404 });
    expect(await t.ctx.db.selectFrom('payment_channels').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ deleted_at: expect.any(Number) });
    // its name is free again
    expect((await call('create', { ...base, name: '云闪付C', merchant_id: 'U2' })).code).toBe(200);
  });

  it('reveals the keys only to holders of payments.channels_reveal, with the reason in the audit log', async () => {
    const { data } = await call('create', { ...base, name: '揭示D', keys: { sign_key: KEY, notify_key: 'notify-key-0001' } });
    const id = data.id as number;
    expect(await call('reveal', { id })).toMatchObject({ code: 400, message: PAYMENT_CHANNEL_MSG.reason });
    expect(await call('reveal', { id, reason: '核对网关密钥' })).toEqual({ code: 200, message: expect.any(String), data: { sign_key: KEY, notify_key: 'notify-key-0001' } });
    const audit = await t.post('/admin/api/audit/list', { action: 'payment_channel.reveal', page: 1 }, { token: admin });
    expect(audit.data.data[0]).toMatchObject({ action_name: '查看支付通道密钥', target: `payment_channel:${id}`, detail: { reason: '核对网关密钥', merchant_id: '10086' } });
    expect(JSON.stringify(audit.data.data[0])).not.toContain(KEY);

    // a role with the channels but not the reveal
    const role = await t.post('/admin/api/roles/create', { code: 'paychan', name: '通道管理', permissions: ['payments.channels'] }, { token: admin });
    expect(role.code, role.message).toBe(200);
    expect((await t.post('/admin/api/operators/create', { username: 'chanop', password: 'chan-pass-123', role: 'paychan' }, { token: admin })).code).toBe(200);
    const op = (await t.post('/admin/api/login', { username: 'chanop', password: 'chan-pass-123' })).data.token as string;
    expect((await call('get', { id }, op)).data.keys.sign_key).toBe(`••••${KEY.slice(-4)}`);
    expect(await call('reveal', { id, reason: '越权' }, op)).toMatchObject({ code: CODE.forbidden });
    // a finance operator (no channel permission at all) sees nothing
    expect((await t.post('/admin/api/operators/create', { username: 'finop', password: 'fin-pass-1234', role: 'finance' }, { token: admin })).code).toBe(200);
    const fin = (await t.post('/admin/api/login', { username: 'finop', password: 'fin-pass-1234' })).data.token as string;
    expect(await call('list', { page: 1 }, fin)).toMatchObject({ code: CODE.forbidden });
  });

  it('rotating the card key re-seals the channel keys too', async () => {
    const { data } = await call('create', { ...base, name: '轮换E', keys: { sign_key: KEY, notify_key: 'notify-key-0002' } });
    const oldVault = cardVaultOf(t.ctx.config);
    const next = randomBytes(32);
    // as `npm run rotate-card-key` runs it: the new key, and the previous one still read
    const rotated = createCardVault(next, loadCardKey(t.ctx.config));
    const report = await resealAll(t.ctx.db, rotated);
    expect(report.remaining).toBe(0);
    expect(report.channelKeys).toBeGreaterThanOrEqual(2);
    const row = await t.ctx.db.selectFrom('payment_channels').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    const newOnly = createCardVault(next);
    expect(newOnly.open(row.sign_key)).toBe(KEY);
    expect(newOnly.open(row.notify_key)).toBe('notify-key-0002');
    expect(() => oldVault.open(row.sign_key)).toThrow();
  });
});
