import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { central, memberWithCard, noticeFor, sendNotice } from '../modules/payments/testing.ts';
import { centralFen, newMember, startVenueApp, venueFen } from '../modules/transfers/testing.ts';
import { signRequest } from '@casino/sandbox';

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

/**
 * Issue 23 point 7: rotating the venue (sandbox provider) secret. Only the provider verifies it
 * (venues never call us); the in-process sandbox takes SANDBOX_SECRET_OLD until
 * SECRET_GRACE_UNTIL, so a process or standalone caller still on the old secret is served while
 * the others restart. Our own calls are always signed with the new secret.
 */
describe('venue secret grace window', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  /** a signed provider call straight to the app's own sandbox, answering the HTTP status */
  async function createPlayer(secret: string, username: string) {
    const path = '/sandbox/provider/api/player/create';
    const signed = signRequest(secret, { path, body: { username } });
    const res = await fetch(t!.origin + path, { method: 'POST', headers: signed.headers, body: signed.body });
    return res.status;
  }

  it('inside the window: the old secret and the new are accepted, another is not; the site signs with the new', async () => {
    t = await startVenueApp({ sandboxSecret: NEW, sandboxSecretOld: OLD, secretGraceUntil: Date.now() + 3_600_000 });
    expect(await createPlayer(OLD, 'graceold01')).toBe(200);
    expect(await createPlayer(NEW, 'gracenew01')).toBe(200);
    expect(await createPlayer('c'.repeat(64), 'gracebad01')).toBe(401);
    // a member's transfer into a venue: the server's own adapter call, signed with the new secret
    const m = await newMember(t, 'gracemem1', 50);
    const r = await t.post('/api/transfer', { amount: 20, sourcetype: 'userbalance', targettype: 'ag' }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    expect(await venueFen(t, m.id, 'ag')).toBe(2000);
    expect(await centralFen(t, m.id)).toBe(3000);
  });

  it('after the window: the old secret is refused, the new one still works', async () => {
    t = await startVenueApp({ sandboxSecret: NEW, sandboxSecretOld: OLD, secretGraceUntil: Date.now() - 1000 });
    expect(await createPlayer(OLD, 'graceold02')).toBe(401);
    expect(await createPlayer(NEW, 'gracenew02')).toBe(200);
    const m = await newMember(t, 'gracemem2', 50);
    expect((await t.post('/api/transfer', { amount: 20, sourcetype: 'userbalance', targettype: 'ag' }, { token: m.token })).code).toBe(200);
    expect(await venueFen(t, m.id, 'ag')).toBe(2000);
  });

  it('an old venue secret without the end of its window does not start', () => {
    expect(() => loadConfig({ PAYMENT_SECRET: NEW, SANDBOX_SECRET: NEW, SANDBOX_SECRET_OLD: OLD, DATA_DIR: '/tmp/grace-none' })).toThrow('SANDBOX_SECRET_OLD needs SECRET_GRACE_UNTIL');
    const c = loadConfig({ PAYMENT_SECRET: NEW, SANDBOX_SECRET: NEW, SANDBOX_SECRET_OLD: OLD, SECRET_GRACE_UNTIL: '2026-12-01 12:00:00', DATA_DIR: '/tmp/grace-none' });
    expect(c).toMatchObject({ sandboxSecret: NEW, sandboxSecretOld: OLD, secretGraceUntil: Date.UTC(2026, 11, 1, 4, 0, 0) });
  });
});
