import { describe, expect, it } from 'vitest';
import { PAYMENT_CHANNEL_MSG, paymentChannelCreateSchema, paymentChannelUpdateSchema, SIFANG_FIELD_DEFAULTS } from './payment-channels.ts';

const base = { name: '通道', gateway_type: 'sifang', merchant_id: 'M1', keys: { sign_key: 'k' }, methods: [{ paytype: 'alipay' }], sifang: { order_url: 'https://gw.example/pay' } };

describe('payment channel schemas', () => {
  it('turns yuan into fen and fills the defaults an operator leaves out', () => {
    const r = paymentChannelCreateSchema.parse({ ...base, methods: [{ paytype: 'wxpay', min: '10.5', max: 200 }, { paytype: 'alipay', amounts: [100, '200'] }], daily_cap: '1000.01' });
    expect(r.methods).toEqual([
      { paytype: 'wxpay', code: '', min: 1050, max: 20000, amounts: [] },
      { paytype: 'alipay', code: '', min: null, max: null, amounts: [10000, 20000] },
    ]);
    expect(r).toMatchObject({ daily_cap: 100001, weight: 100, notify_ips: [], state: 'enabled', keys: { sign_key: 'k', notify_key: '' } });
    expect(r.sifang).toEqual({ order_url: 'https://gw.example/pay', query_url: '', sign_type: 'md5', amount_unit: 'yuan', ack: 'success', success_status: '1', fields: { ...SIFANG_FIELD_DEFAULTS } });
  });

  it('an update carries only what was sent: no cap sent keeps the cap, an empty one clears it', () => {
    expect(paymentChannelUpdateSchema.parse({ id: '7', state: 'disabled' })).toEqual({ id: 7, state: 'disabled' });
    expect(paymentChannelUpdateSchema.parse({ id: 7, daily_cap: '' }).daily_cap).toBe(0);
    expect(paymentChannelUpdateSchema.parse({ id: 7, keys: { notify_key: '-' } }).keys).toEqual({ sign_key: '', notify_key: '-' });
    // 'paused' is the server's to set
    expect(paymentChannelUpdateSchema.safeParse({ id: 7, state: 'paused' }).error?.issues[0].message).toBe(PAYMENT_CHANNEL_MSG.state);
  });

  it('answers the first wrong field with its message', () => {
    const msg = (body: unknown) => paymentChannelCreateSchema.safeParse(body).error?.issues[0].message;
    expect(msg({ ...base, keys: { sign_key: '' } })).toBe(PAYMENT_CHANNEL_MSG.signKey);
    expect(msg({ ...base, sifang: null })).toBe(PAYMENT_CHANNEL_MSG.sifang);
    expect(msg({ ...base, gateway_type: 'sandbox', sifang: null })).toBeUndefined();
    expect(msg({ ...base, sifang: { ...base.sifang, fields: { pay_url: '' } } })).toBe(PAYMENT_CHANNEL_MSG.fieldRequired('支付链接'));
    expect(msg({ ...base, notify_ips: ['10.0.0.0/33'] })).toBe(PAYMENT_CHANNEL_MSG.notifyIps);
    expect(msg({ ...base, methods: [{ paytype: 'alipay', min: 0 }] })).toBe(PAYMENT_CHANNEL_MSG.amount);
  });
});
