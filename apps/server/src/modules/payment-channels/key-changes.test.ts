import { randomBytes } from 'node:crypto';
import { CODE, PAYMENT_CHANNEL_MSG as M } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { cardVaultOf } from '../cards/index.ts';
import { adminToken, central, depositRow, memberWithCard, noticeFor, sifangChannel, sifangMerchant, sifangNoticeText } from '../payments/testing.ts';
import { wallet } from '../wallet/index.ts';
import { fingerprint } from './service.ts';

/**
 * Issue 33 point 2, the attacker's view: channel credentials mint money. An operator holding only
 * payments.channels set a channel's signing key, cleared its notify allowlist and credited an
 * order with a notify signed by that key. Now credentials need payments.channels_keys and a
 * second, different operator's approval; the audit keeps fingerprints. SQLite and PostgreSQL.
 */
describe('payment channel credentials: a second operator approves', () => {
  let t: TestApp;
  let admin: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [60_000] } });
    admin = await adminToken(t);
    const role = async (code: string, permissions: string[]) => expect((await t.post('/admin/api/roles/create', { code, name: code, permissions }, { token: admin })).code).toBe(200);
    await role('chan_only', ['payments.channels']);
    await role('chan_keys', ['payments.channels', 'payments.channels_keys']);
    for (const [username, r] of [
      ['chanonly', 'chan_only'],
      ['keyera', 'chan_keys'],
      ['keyerb', 'chan_keys'],
    ]) {
      expect((await t.post('/admin/api/operators/create', { username, password: `${username}-pass-1`, role: r }, { token: admin })).code).toBe(200);
      tokens[username] = (await t.post('/admin/api/login', { username, password: `${username}-pass-1` })).data.token as string;
    }
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    for (const c of (await call('list', { page: 1, per_page: 100 })).data.data) await call('delete', { id: c.id });
  });

  const call = (path: string, body: unknown, token = admin) => t.post(`/admin/api/payment-channels/${path}`, body, { token });
  const stored = (id: number) => t.ctx.db.selectFrom('payment_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const notify = async (id: number, text: string) => {
    const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: text, remoteAddress: '127.0.0.1' });
    return { status: res.statusCode, body: res.body };
  };
  /** a channel (approved by a second operator) whose notifies may come from 127.0.0.1 only, and a pending order through it */
  async function channelWithOrder(prefix: string, yuan = 100) {
    const m = await sifangMerchant(t, { merchant_id: `${prefix}${randomBytes(4).toString('hex')}` });
    const id = await sifangChannel(t, m, { notify_ips: ['127.0.0.1'] });
    const member = await memberWithCard(t, prefix);
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: yuan }, { token: member.token });
    expect(r.code, r.message).toBe(200);
    const no = r.data.deposit_no as string;
    expect(await depositRow(t, no)).toMatchObject({ channel_id: id, status: 'pending' });
    return { m, id, member, no };
  }

  it('an operator with only payments.channels cannot change keys, allowlist, merchant id or URLs: refused, nothing changes, the forged notify is still refused', async () => {
    const { m, id, member, no } = await channelWithOrder('atk');
    const before = await stored(id);
    const ATTACK = `attacker-${randomBytes(12).toString('hex')}`;
    const attempts: Record<string, unknown>[] = [
      { id, keys: { sign_key: ATTACK }, notify_ips: [] },
      { id, keys: { sign_key: ATTACK } },
      { id, keys: { notify_key: ATTACK } },
      { id, notify_ips: [] },
      { id, notify_ips: ['0.0.0.0/0'] },
      { id, merchant_id: 'EVIL01' },
      { id, sifang: { order_url: 'https://evil.example/pay', fields: m.fields } },
      { id, gateway_type: 'sandbox' },
      // a harmless field beside a credential: the whole call is refused
      { id, weight: 5, notify_ips: [] },
    ];
    for (const body of attempts) {
      expect(await call('update', body, tokens.chanonly), JSON.stringify(body)).toMatchObject({ code: CODE.forbidden, message: M.keysForbidden });
    }
    // creating a channel carries keys: the same permission
    expect(await call('create', { name: '攻击者通道', gateway_type: 'sandbox', merchant_id: 'EVIL', keys: { sign_key: ATTACK }, methods: [{ paytype: 'alipay' }] }, tokens.chanonly)).toMatchObject({ code: CODE.forbidden, message: M.keysForbidden });
    const after = await stored(id);
    expect({ ...after }).toEqual({ ...before });
    expect(await t.ctx.db.selectFrom('payment_channel_key_changes').select('id').where('channel_id', '=', id).where('status', '=', 'pending').execute()).toEqual([]);

    // the notify signed with the attacker's key: refused, nothing credited
    const forged = sifangNoticeText(m, await noticeFor(t, no, 10_000), ATTACK);
    expect((await notify(id, forged)).status).toBe(401);
    expect(await depositRow(t, no)).toMatchObject({ status: 'pending' });
    expect(await central(t, member.id)).toBe(0);

    // the same credentials sent back unchanged (the form saves every field), with a harmless change: allowed
    const same = await call('update', { id, merchant_id: m.merchant_id, notify_ips: ['127.0.0.1'], keys: { sign_key: m.key }, weight: 20 }, tokens.chanonly);
    expect(same).toMatchObject({ code: 200, message: M.saved, data: { weight: 20, pending_key_change: null } });
  });

  it('a holder of payments.channels_keys proposes; the proposer cannot approve; a second operator approves, and only then does the new key credit', async () => {
    const { m, id, member, no } = await channelWithOrder('two');
    // a second order made while the gateway still knows the old key (it keeps it: only our side changes here)
    const second = await memberWithCard(t, 'two');
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 200 }, { token: second.token });
    expect(r.code, r.message).toBe(200);
    const NEW = `new-${randomBytes(12).toString('hex')}`;
    const proposed = await call('update', { id, keys: { sign_key: NEW }, notify_ips: ['127.0.0.1', '10.0.0.0/8'], weight: 55 }, tokens.keyera);
    expect(proposed).toMatchObject({ code: 200, message: M.keyChangePending, data: { weight: 55, notify_ips: ['127.0.0.1'], keys: { sign_key: `••••${m.key.slice(-4)}` }, pending_key_change: expect.any(Number) } });
    const changeId = proposed.data.pending_key_change as number;
    // the stored key is still the old one
    expect(cardVaultOf(t.ctx.config).open((await stored(id)).sign_key)).toBe(m.key);
    // a second proposal meanwhile waits its turn
    expect(await call('update', { id, keys: { sign_key: `${NEW}x` } }, tokens.keyerb)).toMatchObject({ code: 400, message: M.keyChangeBusy });

    // not yet: the new key's notify is refused
    const signedNew = sifangNoticeText(m, await noticeFor(t, no, 10_000), NEW);
    expect((await notify(id, signedNew)).status).toBe(401);
    expect(await depositRow(t, no)).toMatchObject({ status: 'pending' });

    // the waiting change, as the approver reads it: fingerprints, never keys
    const list = await call('key-changes', { page: 1 }, tokens.keyerb);
    expect(list.code).toBe(200);
    const row = list.data.data.find((k: { id: number }) => k.id === changeId);
    expect(row).toMatchObject({ channel_id: id, kind: 'update', kind_name: '修改通道设置', status: 'pending', status_name: '待批准', proposed_by: 'keyera', mine: false });
    expect(row.changes).toEqual([
      { field: 'sign_key', field_name: '商户密钥', before: `指纹 ${fingerprint(m.key)}`, after: `指纹 ${fingerprint(NEW)}` },
      { field: 'notify_ips', field_name: '回调IP白名单', before: '127.0.0.1', after: '127.0.0.1、10.0.0.0/8' },
    ]);
    expect(JSON.stringify(list)).not.toContain(NEW);
    expect((await call('key-changes', { page: 1 }, tokens.keyera)).data.data.find((k: { id: number }) => k.id === changeId).mine).toBe(true);

    // the proposer may not approve; nor may an operator without payments.channels_keys
    expect(await call('key-change-approve', { id: changeId }, tokens.keyera)).toMatchObject({ code: CODE.forbidden, message: M.keyChangeSelf });
    expect(await call('key-change-approve', { id: changeId }, tokens.chanonly)).toMatchObject({ code: CODE.forbidden });
    expect(await call('key-changes', { page: 1 }, tokens.chanonly)).toMatchObject({ code: CODE.forbidden });
    expect((await notify(id, signedNew)).status).toBe(401);
    // the bell and the dashboard count it while it waits
    const waiting = async () => (await t.post('/admin/api/dashboard/summary', {}, { token: admin })).data.pending.channel_key_changes as number;
    const before = await waiting();
    expect(before).toBeGreaterThanOrEqual(1);

    // bad input: a clear message, never a 500
    expect(await call('key-change-approve', { id: 'x' }, tokens.keyerb)).toMatchObject({ code: 400, message: M.keyChangeId });
    expect(await call('key-change-reject', { id: changeId }, tokens.keyerb)).toMatchObject({ code: 400, message: M.reason });
    expect(await call('key-change-approve', { id: 99999999 }, tokens.keyerb)).toMatchObject({ code: 404, message: M.keyChangeNotFound });

    const approved = await call('key-change-approve', { id: changeId }, tokens.keyerb);
    expect(approved).toMatchObject({ code: 200, message: M.keyChangeApproved, data: { id, notify_ips: ['127.0.0.1', '10.0.0.0/8'], keys: { sign_key: `••••${NEW.slice(-4)}` }, pending_key_change: null, weight: 55 } });
    expect(await call('key-change-approve', { id: changeId }, tokens.keyerb)).toMatchObject({ code: 404, message: M.keyChangeNotFound });
    expect(await waiting()).toBe(before - 1);

    // now the new key's notify credits, once
    expect(await notify(id, signedNew)).toMatchObject({ status: 200, body: m.ack });
    expect(await depositRow(t, no)).toMatchObject({ status: 'credited' });
    expect(await central(t, member.id)).toBe(10_000);
    // and the old key's notify is refused
    expect((await notify(id, sifangNoticeText(m, await noticeFor(t, r.data.deposit_no, 20_000), m.key))).status).toBe(401);
    expect(await central(t, second.id)).toBe(0);

    // the audit: the proposal and the approval, with fingerprints and never a key
    const audit = await t.post('/admin/api/audit/list', { target: `payment_channel:${id}`, page: 1 }, { token: admin });
    const actions = audit.data.data.map((a: { action: string }) => a.action);
    expect(actions.slice(0, 3)).toEqual(['payment_channel.key_approve', 'payment_channel.key_change', 'payment_channel.update']);
    expect(audit.data.data[0]).toMatchObject({ action_name: '批准支付通道密钥修改', detail: { change_id: changeId, after: { sign_key: fingerprint(NEW) } } });
    expect(audit.data.data[1]).toMatchObject({ action_name: '提交支付通道密钥修改', detail: { change_id: changeId, before: { sign_key: fingerprint(m.key) }, after: { sign_key: fingerprint(NEW) } } });
    const text = JSON.stringify(audit.data.data);
    expect(text).not.toContain(NEW);
    expect(text).not.toContain(m.key);
    const raw = JSON.stringify(await t.ctx.db.selectFrom('admin_audit').select('detail').where('target', '=', `payment_channel:${id}`).execute());
    expect(raw).not.toContain(NEW);
    expect(raw).not.toContain(m.key);
    expect(raw).toContain(fingerprint(NEW));
  });

  it('a new channel is neither routed nor offered until a second operator approves its settings; a rejected one is deleted', async () => {
    const m = await sifangMerchant(t, { merchant_id: `NEW${randomBytes(4).toString('hex')}` });
    const body = {
      name: '新通道待批',
      gateway_type: 'sifang',
      merchant_id: m.merchant_id,
      keys: { sign_key: m.key },
      methods: [{ paytype: 'qqpay' }],
      sifang: { order_url: `${t.origin}/sandbox/pay/sifang/order`, query_url: `${t.origin}/sandbox/pay/sifang/query`, fields: m.fields, sign_type: m.sign_type, amount_unit: m.amount_unit, ack: m.ack, success_status: m.success_status },
    };
    const created = await call('create', body, tokens.keyera);
    expect(created).toMatchObject({ code: 200, message: M.createdPending, data: { approved: false, pending_key_change: expect.any(Number), state: 'enabled' } });
    const id = created.data.id as number;
    // an approved channel serving alipay only, so channels are in use
    const other = await sifangMerchant(t, { merchant_id: `OTH${randomBytes(4).toString('hex')}` });
    await sifangChannel(t, other, { methods: [{ paytype: 'alipay' }] });

    const member = await memberWithCard(t, 'newch');
    const offered = async () => ((await t.get('/api/get_pay_way', { token: member.token })).data.methods as { type: string }[]).map((x) => x.type);
    expect(await offered()).not.toContain('qqpay');
    expect((await t.post('/api/recharge', { paytype: 'qqpay', amount: 100 }, { token: member.token })).code).not.toBe(200);
    // the channels screen says which methods members do not see, and why
    const coverage = await call('coverage', {});
    expect(coverage.data).toMatchObject({ channels_active: true, hidden: expect.arrayContaining([{ paytype: 'qqpay', paytype_name: 'QQ钱包', why: 'no_channel', why_name: '没有启用的通道支持此方式' }]) });
    expect(coverage.data.hidden.map((h: { paytype: string }) => h.paytype)).not.toContain('alipay');

    // the creator cannot approve it; a second operator does
    const change = created.data.pending_key_change as number;
    expect(await call('key-change-approve', { id: change }, tokens.keyera)).toMatchObject({ code: CODE.forbidden, message: M.keyChangeSelf });
    const list = await call('key-changes', { page: 1, channel_id: id }, tokens.keyerb);
    expect(list.data.data[0]).toMatchObject({ kind: 'create', kind_name: '新增通道' });
    expect(list.data.data[0].changes).toEqual(expect.arrayContaining([{ field: 'sign_key', field_name: '商户密钥', before: '-', after: `指纹 ${fingerprint(m.key)}` }]));
    expect(await call('key-change-approve', { id: change }, tokens.keyerb)).toMatchObject({ code: 200, data: { id, approved: true, pending_key_change: null } });
    expect(await offered()).toContain('qqpay');
    const r = await t.post('/api/recharge', { paytype: 'qqpay', amount: 100 }, { token: member.token });
    expect(r.code, r.message).toBe(200);
    expect(await depositRow(t, r.data.deposit_no)).toMatchObject({ channel_id: id });
    // the operator's deposit list says which channel took the order
    const deposits = await t.post('/admin/api/deposits/list', { username: member.name, page: 1 }, { token: admin });
    expect(deposits.data.data[0]).toMatchObject({ deposit_no: r.data.deposit_no, channel_id: id, channel_name: '新通道待批' });

    // a rejected new channel is deleted (its name free again); the audit names the reason
    const rejected = await call('create', { ...body, name: '被拒通道' }, tokens.keyera);
    const rid = rejected.data.id as number;
    expect(await call('key-change-reject', { id: rejected.data.pending_key_change, reason: '商户号不对' }, tokens.keyerb)).toMatchObject({ code: 200, message: M.keyChangeRejected });
    expect(await call('get', { id: rid })).toMatchObject({ code: 404 });
    const audit = await t.post('/admin/api/audit/list', { target: `payment_channel:${rid}`, page: 1 }, { token: admin });
    expect(audit.data.data[0]).toMatchObject({ action_name: '拒绝支付通道密钥修改', detail: { reason: '商户号不对' } });
    expect(JSON.stringify(audit.data.data)).not.toContain(m.key);
    expect(JSON.stringify(audit.data.data)).toContain(fingerprint(m.key));
  });
});
