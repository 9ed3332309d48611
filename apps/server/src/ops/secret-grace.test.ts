import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { central, memberWithCard, noticeFor, sendNotice } from '../modules/payments/testing.ts';

/**
 * Issue 23 point 7: rotating the payment gateway's merchant secret. The gateway may go on
 * signing notifies with the previous secret for a while: PAYMENT_SECRET_OLD is accepted until
 * SECRET_GRACE_UNTIL, and refused after it (the member is then credited by the next notify
 * signed with the new secret, or the order query).
 */
const OLD = 'a'.repeat(64);
const NEW = 'b'.repeat(64);

describe('payment secret grace window', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  async function notifyWithOld(graceUntil: number) {
    t = await startApp({ listen: true, paymentSecret: NEW, paymentSecretOld: OLD, secretGraceUntil: graceUntil });
    const m = await memberWithCard(t, 'grace');
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    const body = await noticeFor(t, r.data.deposit_no, 30000);
    return { m, body, answer: await sendNotice(t, body, { secret: OLD }) };
  }

  it('accepts a notify signed with the previous secret inside the window and credits once', async () => {
    const { m, answer, body } = await notifyWithOld(Date.now() + 3_600_000);
    expect(answer).toEqual({ status: 200, body: 'success' });
    expect(await central(t!, m.id)).toBe(30000);
    // the new secret works too; a secret that is neither is refused
    expect(await sendNotice(t!, body, { secret: NEW })).toEqual({ status: 200, body: 'success' });
    expect(await sendNotice(t!, body, { secret: 'c'.repeat(64) })).toEqual({ status: 401, body: 'fail' });
    expect(await central(t!, m.id)).toBe(30000);
  });

  it('refuses the previous secret once the window has closed', async () => {
    const { m, answer } = await notifyWithOld(Date.now() - 1000);
    expect(answer).toEqual({ status: 401, body: 'fail' });
    expect(await central(t!, m.id)).toBe(0);
  });

  it('an old secret without the end of its window does not start', () => {
    expect(() => loadConfig({ PAYMENT_SECRET: NEW, SANDBOX_SECRET: NEW, PAYMENT_SECRET_OLD: OLD, DATA_DIR: '/tmp/grace-none' })).toThrow('SECRET_GRACE_UNTIL');
    expect(loadConfig({ PAYMENT_SECRET: NEW, SANDBOX_SECRET: NEW, PAYMENT_SECRET_OLD: OLD, SECRET_GRACE_UNTIL: '2026-12-01 12:00:00', DATA_DIR: '/tmp/grace-none' }).secretGraceUntil).toBe(Date.UTC(2026, 11, 1, 4, 0, 0));
  });
});
