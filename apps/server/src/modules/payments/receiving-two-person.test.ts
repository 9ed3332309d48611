import { CODE, RECEIVING_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { memberWithCard } from './testing.ts';

/**
 * The attacker's view of the receiving accounts (收款账户): the bank card or USDT address a
 * manual deposit order tells the member to pay. Like a channel's merchant id and keys they decide
 * where members' money goes, yet one operator holding settings.update (not a money permission)
 * could put in their own address, or change a live account's number, and the next members' orders
 * pointed there at once. Now a new account, or a change of its bank, owner, number or address, is
 * handed to members only once a second, different operator holding payments.channels_keys
 * approves it; switching an account off (or back on) stays immediate.
 */
describe('receiving accounts: a second operator approves where members pay', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp();
    const owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/roles/create', { code: 'site_cfg', name: 'site_cfg', permissions: ['deposits.view', 'settings.view', 'settings.update'] }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/roles/create', { code: 'keys_cfg', name: 'keys_cfg', permissions: ['deposits.view', 'settings.view', 'settings.update', 'payments.channels_keys'] }, { token: owner })).code).toBe(200);
    for (const [name, role] of [['rcvsite', 'site_cfg'], ['rcvkeya', 'keys_cfg'], ['rcvkeyb', 'keys_cfg']]) {
      expect((await t.post('/admin/api/operators/create', { username: name, password: `${name}-pass-1`, role }, { token: owner })).code).toBe(200);
      tokens[name] = (await t.post('/admin/api/login', { username: name, password: `${name}-pass-1` })).data.token;
    }
  });
  afterAll(() => t.stop());

  const call = (path: string, body: unknown, token: string) => t.post(`/admin/api/deposit-accounts/${path}`, body, { token });
  /** the receiving USDT address a new member's order is told to pay */
  async function addressShown(name: string): Promise<string> {
    const m = await memberWithCard(t, name);
    const o = await t.post('/api/recharge', { paytype: 'usdtpay', amount: 700, catepay: 'TRC20' }, { token: m.token });
    // no approved account at all: the member is told so (never the waiting one)
    if (o.code !== 200) return o.message as string;
    const info = await t.post('/api/payinfo', { deposit_no: o.message }, { token: m.token });
    return JSON.stringify(info.data);
  }

  it("one operator's new address or changed number reaches no member until a second operator approves it", async () => {
    const EVIL = 'TEvilAttackerAddr0000000000000001';
    // the live accounts, each switched to the attacker's address (an update), and a new one of theirs
    const live = (await call('list', {}, tokens.rcvsite)).data.filter((a: { type: string }) => a.type === 'usdt');
    expect(live.length).toBeGreaterThan(0);
    for (const a of live) expect((await call('update', { id: a.id, bank_no: EVIL }, tokens.rcvsite)).code).toBe(200);
    const made = await call('create', { type: 'usdt', bank_name: 'TRC20', bank_no: `${EVIL}x` }, tokens.rcvsite);
    expect(made.code, made.message).toBe(200);
    // no member is sent to it
    const shown = await addressShown('rcvm1');
    expect(shown).not.toContain(EVIL);
    expect(made.data.approved).toBe(false);
    // the one who changed it cannot approve it, nor can settings.update alone
    expect(await call('approve', { id: made.data.id }, tokens.rcvsite)).toMatchObject({ code: CODE.forbidden });
    const own = await call('create', { type: 'usdt', bank_name: 'TRC20', bank_no: 'TOwnAddrOfKeyA000000000000000001' }, tokens.rcvkeya);
    expect(await call('approve', { id: own.data.id }, tokens.rcvkeya)).toMatchObject({ code: CODE.forbidden, message: RECEIVING_MSG.sameApprover });
    // a second operator with payments.channels_keys approves: now it is handed out
    for (const a of live) expect(await call('approve', { id: a.id }, tokens.rcvkeyb)).toMatchObject({ code: 200, data: { approved: true, bank_no: EVIL } });
    expect(await addressShown('rcvm2')).toContain(EVIL);
    // switching one off and on again needs nobody else
    expect(await call('update', { id: live[0].id, enabled: 0 }, tokens.rcvsite)).toMatchObject({ code: 200, data: { enabled: 0, approved: true } });
    expect(await call('update', { id: live[0].id, enabled: 1 }, tokens.rcvsite)).toMatchObject({ code: 200, data: { enabled: 1, approved: true } });
  });
});
