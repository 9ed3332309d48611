import { randomBytes } from 'node:crypto';
import { CODE, PAYMENT_CHANNEL_MSG as M } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { adminToken, central, depositRow, memberWithCard, noticeFor, sifangChannel, sifangMerchant, sifangNoticeText } from '../payments/testing.ts';
import { wallet } from '../wallet/index.ts';

/**
 * The attacker's view of a 四方 channel's reading rules. Which field is the amount, its unit,
 * which status value means paid: these decide what a genuinely signed notify credits, so they
 * are credentials like the key. An operator holding only payments.channels changed them at once:
 * success_status set to the gateway's failure value made the gateway's own signed "payment
 * failed" notify credit the order (money for nothing), with no second operator. Now a change of
 * them needs payments.channels_keys and a second, different operator, as keys and URLs do.
 */
describe('a 四方 channel\'s reading rules are credentials: a second operator approves', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [60_000] } });
    const admin = await adminToken(t);
    const role = async (code: string, permissions: string[]) => expect((await t.post('/admin/api/roles/create', { code, name: code, permissions }, { token: admin })).code).toBe(200);
    await role('rules_chan', ['payments.channels']);
    await role('rules_keys', ['payments.channels', 'payments.channels_keys']);
    for (const [username, r] of [['ruleschan', 'rules_chan'], ['ruleskeya', 'rules_keys'], ['ruleskeyb', 'rules_keys']]) {
      expect((await t.post('/admin/api/operators/create', { username, password: `${username}-pass-1`, role: r }, { token: admin })).code).toBe(200);
      tokens[username] = (await t.post('/admin/api/login', { username, password: `${username}-pass-1` })).data.token as string;
    }
  });
  afterAll(() => t.stop());
  afterEach(async () => expect(await wallet.verify(t.ctx.db)).toEqual([]));

  const call = (path: string, body: unknown, token: string) => t.post(`/admin/api/payment-channels/${path}`, body, { token });
  const stored = (id: number) => t.ctx.db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notify = async (id: number, text: string) => {
    const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: text, remoteAddress: '127.0.0.1' });
    return { status: res.statusCode, body: res.body };
  };
  async function channelWithOrder(prefix: string) {
    const m = await sifangMerchant(t, { merchant_id: `${prefix}${randomBytes(4).toString('hex')}`, amount_unit: 'fen' });
    const id = await sifangChannel(t, m, { notify_ips: ['127.0.0.1'] });
    const member = await memberWithCard(t, prefix);
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: member.token });
    expect(r.code, r.message).toBe(200);
    return { m, id, member, no: r.data.deposit_no as string };
  }
  const sifangOf = (m: Awaited<ReturnType<typeof sifangMerchant>>, over: Record<string, unknown> = {}) => ({
    order_url: `${t.origin}/sandbox/pay/sifang/order`,
    query_url: `${t.origin}/sandbox/pay/sifang/query`,
    sign_type: m.sign_type,
    amount_unit: m.amount_unit,
    ack: m.ack,
    success_status: m.success_status,
    fields: m.fields,
    ...over,
  });

  it('payments.channels alone cannot change the success status, amount unit or field names; the signed failure notify credits nothing', async () => {
    const { m, id, member, no } = await channelWithOrder('rla');
    const before = await stored(id);
    const attempts = [
      { success_status: 'fail' }, // the gateway's own failure value
      { amount_unit: 'yuan' }, // 100 yuan asked as 100 fen: a 1-yuan payment would credit 100 yuan
      { fields: { ...m.fields, amount: m.fields.order_no } },
    ];
    for (const over of attempts) {
      const r = await call('update', { id, sifang: sifangOf(m, over) }, tokens.ruleschan);
      expect(r, JSON.stringify(over)).toMatchObject({ code: CODE.forbidden, message: M.keysForbidden });
    }
    expect({ ...(await stored(id)) }).toEqual({ ...before });
    // the gateway's genuinely signed "failed" notify: nothing credited
    await notify(id, sifangNoticeText(m, await noticeFor(t, no, null, 'failed')));
    expect(await depositRow(t, no)).not.toMatchObject({ status: 'credited' });
    expect(await central(t, member.id)).toBe(0);
    // the form sends the whole configuration back unchanged with a harmless edit: allowed at once
    expect(await call('update', { id, sifang: sifangOf(m), weight: 7 }, tokens.ruleschan)).toMatchObject({ code: 200, data: { weight: 7, pending_key_change: null } });
  });

  it('a holder of payments.channels_keys proposes a rule change; it applies only when a second operator approves', async () => {
    const { m, id } = await channelWithOrder('rlb');
    const proposed = await call('update', { id, sifang: sifangOf(m, { success_status: 'PAID' }) }, tokens.ruleskeya);
    expect(proposed).toMatchObject({ code: 200, message: M.keyChangePending, data: { sifang: { success_status: m.success_status }, pending_key_change: expect.any(Number) } });
    const changeId = proposed.data.pending_key_change as number;
    expect(JSON.parse((await stored(id)).sifang).success_status).toBe(m.success_status);
    const row = (await call('key-changes', { page: 1, channel_id: id }, tokens.ruleskeyb)).data.data.find((k: { id: number }) => k.id === changeId);
    expect(row.changes.map((c: { field: string }) => c.field)).toEqual(['sifang']);
    expect(row.changes[0].after).toContain('PAID');
    expect(row.changes[0].before).toContain(m.success_status);
    expect(await call('key-change-approve', { id: changeId }, tokens.ruleskeya)).toMatchObject({ code: CODE.forbidden, message: M.keyChangeSelf });
    expect(await call('key-change-approve', { id: changeId }, tokens.ruleskeyb)).toMatchObject({ code: 200, data: { sifang: { success_status: 'PAID', order_url: `${t.origin}/sandbox/pay/sifang/order` }, pending_key_change: null } });
    expect(JSON.parse((await stored(id)).sifang).success_status).toBe('PAID');
  });
});
