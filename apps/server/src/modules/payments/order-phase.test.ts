import { CODE, CONTENT_MSG, DEPOSIT_PHASE } from '@casino/contract';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { depositRow, memberWithCard, noticeFor, sendNotice, until } from './testing.ts';

/**
 * Issue 33 (point 7, third bullet) and issue 34 (points 2 and 3), over real HTTP through the
 * in-process sandbox gateway, on SQLite and (TEST_DATABASE_URL) PostgreSQL:
 * - without PUBLIC_URL the cashier's return and notify addresses are on the origin the member's
 *   request reached (localhost:<port> here), never the listen address (127.0.0.1:<port>);
 * - getVisitUrl answers no address when h5_url is the origin the client is on;
 * - every member reply names an order's state the same way (the contract's DEPOSIT_PHASE), an
 *   under-paid order is 待审核 with its why everywhere, and 待处理订单 lists unpaid orders only.
 */
describe('absolute URLs without PUBLIC_URL, and one name per deposit state (issues 33, 34)', () => {
  let t: TestApp;
  let port: string;
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [300, 600, 1200] } });
    port = new URL(t.origin).port;
  });
  afterAll(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    await t.stop();
  });

  /** POST as a browser on `host` would (and with any other headers) */
  const postAs = async (host: string, path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
    (
      await t.http.inject({ method: 'POST', url: path, headers: { host, 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, payload: JSON.stringify(body) })
    ).json();
  /** the sandbox gateway's record of an order: the return and notify addresses it was given */
  const gatewayOrder = (depositNo: string) => {
    const db = new Database(path.join(t.ctx.config.sandboxDataDir!, 'sandbox-pay.sqlite'), { readonly: true });
    try {
      return db.prepare('SELECT return_url, notify_url FROM pay_orders WHERE merchant_order_no = ?').get(depositNo) as { return_url: string; notify_url: string } | undefined;
    } finally {
      db.close();
    }
  };

  it('hands out the return and notify addresses on the origin the request reached, never the listen address', async () => {
    const m = await memberWithCard(t, 'origin');
    const local = `http://localhost:${port}`;
    const r = await postAs(`localhost:${port}`, '/api/recharge', { paytype: 'alipay', amount: 200 }, m.token);
    expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
    const no = r.data.deposit_no as string;
    expect(gatewayOrder(no)).toMatchObject({ return_url: `${local}/#/recharge?orderNo=${no}`, notify_url: `${local}/pay/notify/sandbox` });
    // the cashier's 返回商户 leads there
    const html = await (await fetch(t.origin + r.data.url)).text();
    expect(html).toContain(`href="${local}/#/recharge?orderNo=${no}"`);
    expect(html).not.toContain(`${t.origin}/#/recharge`);
    // and the notify sent to localhost reaches us: paid in full, credited
    await fetch(`${t.origin}${r.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=200.00', redirect: 'manual' });
    const s = await until(() => t.get(`/pay/api/queryOrderNo?orderNo=${no}`, { token: m.token }), (x) => x.data?.state === 2);
    expect(s.data).toMatchObject({ status: 'credited', phase: 'credited', phase_name: '已到账' });

    // X-Forwarded-* are not believed without TRUST_PROXY; a Host that is not a host is never used
    const fwd = await postAs(`localhost:${port}`, '/api/recharge', { paytype: 'alipay', amount: 100 }, m.token, { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' });
    expect(gatewayOrder(fwd.data.deposit_no)?.return_url).toBe(`${local}/#/recharge?orderNo=${fwd.data.deposit_no}`);
    for (const bad of ['evil.test"><script>', 'a b', 'user@evil.test', 'evil.test/path', `localhost:${port}:1`, 'localhost:99999']) {
      const b = await postAs(bad, '/api/recharge', { paytype: 'alipay', amount: 100 }, m.token);
      expect(b.code, bad + JSON.stringify(b)).toBe(200);
      const back = gatewayOrder(b.data.deposit_no)!.return_url;
      expect(back, bad).toBe(`${t.origin}/#/recharge?orderNo=${b.data.deposit_no}`);
      // (at most 5 unpaid orders a member)
      await t.ctx.db.updateTable('deposits').set({ status: 'failed' }).where('deposit_no', '=', b.data.deposit_no).execute();
    }
  });

  it('getVisitUrl: an h5_url equal to the origin the client is on answers no address (the original client would reload for ever)', async () => {
    const visit = async (host: string) => (await t.http.inject({ method: 'GET', url: '/api/getVisitUrl', headers: { host } })).json();
    await t.site.set('h5_url', `http://localhost:${port}`);
    expect(await visit(`localhost:${port}`)).toMatchObject({ code: CODE.notFound, message: CONTENT_MSG.noVisitUrl, data: null });
    expect(await visit(`LOCALHOST:${port}`)).toMatchObject({ code: CODE.notFound });
    // a member on another address of ours is sent to the entry address
    expect(await visit(`127.0.0.1:${port}`)).toMatchObject({ code: 200, data: { url: `http://localhost:${port}/` } });
    await t.site.set('h5_url', '');
    expect(await visit(`localhost:${port}`)).toMatchObject({ code: CODE.notFound });
  });

  it('an under-paid order is 待审核 with its why in every member reply, never 待支付 again; 待处理订单 lists unpaid orders only', async () => {
    const m = await memberWithCard(t, 'phase');
    const create = async (amount: number) => {
      const r = await t.post('/api/recharge', { paytype: 'wxpay', amount }, { token: m.token });
      expect(r.code, r.message).toBe(200);
      return r.data.deposit_no as string;
    };
    const under = await create(200);
    const unpaid = await create(300);
    expect(await sendNotice(t, await noticeFor(t, under, 15000))).toEqual({ status: 200, body: 'success' });
    expect((await depositRow(t, under)).status).toBe('review');

    const seen = async (no: string) => {
      const info = (await t.post('/api/payinfo', { deposit_no: no }, { token: m.token })).data.info;
      const status = (await t.get(`/pay/api/queryOrderNo?orderNo=${no}`, { token: m.token })).data;
      const rec = (await t.post('/api/gettransrecord', { type: 1, date: 1, page: 1 }, { token: m.token })).data.data.find((x: { out_trade_no: string }) => x.out_trade_no === no);
      return [info, status, rec].map((x) => ({ phase: x.phase, phase_name: x.phase_name, why: x.why }));
    };
    const review = { phase: 'review', phase_name: DEPOSIT_PHASE.review.name, why: '金额不符：实付 ¥150.00，订单 ¥200.00，等待财务审核' };
    expect(await seen(under)).toEqual([review, review, review]);
    expect(DEPOSIT_PHASE.review.name).toBe('待审核');
    const waiting = { phase: 'unpaid', phase_name: '待支付', why: '' };
    expect(await seen(unpaid)).toEqual([waiting, waiting, waiting]);
    // the spec's numeric state is kept for the original client (1 pending review)
    expect((await t.post('/api/payinfo', { deposit_no: under }, { token: m.token })).data.info.state).toBe(1);

    // 待处理订单: the unpaid order only (not the one in review)
    const pending = async () => (await t.post('/api/gettransrecord', { type: 1, date: 1, page: 1, pending: 1 }, { token: m.token })).data;
    expect((await pending()).data.map((x: { out_trade_no: string }) => x.out_trade_no)).toEqual([unpaid]);
    expect((await pending()).data[0]).toMatchObject({ phase: 'unpaid', phase_name: '待支付', expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    // past its deadline (before the expiry job ran) an unpaid order is 已过期 everywhere and leaves 待处理订单
    await t.ctx.db.updateTable('deposits').set({ expires_at: Date.now() - 1000 }).where('deposit_no', '=', unpaid).execute();
    const expired = { phase: 'expired', phase_name: '已过期', why: '订单超时未支付' };
    expect(await seen(unpaid)).toEqual([expired, expired, expired]);
    expect((await pending()).data).toEqual([]);
    expect((await pending()).total).toBe(0);

    // a payment after the deadline: 待审核, 超时到账
    const late = await create(250);
    const d = await depositRow(t, late);
    await t.payments.service.expire(Number(d.expires_at) + 1);
    expect(await sendNotice(t, await noticeFor(t, late, 25000, 'paid', Number(d.expires_at) + 5000))).toEqual({ status: 200, body: 'success' });
    const lateSeen = { phase: 'review', phase_name: '待审核', why: '超时到账：实付 ¥250.00，等待财务审核' };
    expect(await seen(late)).toEqual([lateSeen, lateSeen, lateSeen]);

    // an operator's rejection: 已拒绝 with their reason
    const admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/deposits/reject', { deposit_no: under, reason: '金额不符，请联系客服退款' }, { token: admin })).code).toBe(200);
    const rejected = { phase: 'rejected', phase_name: '已拒绝', why: '金额不符，请联系客服退款' };
    expect(await seen(under)).toEqual([rejected, rejected, rejected]);
  });
});
