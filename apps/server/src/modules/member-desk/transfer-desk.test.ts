import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TRANSFER_MSG, CODE } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { arm, centralFen, expectLedgerSound, newMember, startVenueApp, venueFen, type Member } from '../transfers/testing.ts';

/** Pending venue transfers at the cashier desk, live venue balances and recover-all, over real HTTP to the sandbox. */
describe('venue transfers and balances for operators', () => {
  let t: TestApp;
  let owner: string;
  let m: Member;
  const call = (path: string, body: Record<string, unknown>) => t.post(path, body, { token: owner });

  beforeAll(async () => {
    t = await startVenueApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    m = await newMember(t, 'desk0001', 1000);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
  });
  afterAll(() => t.stop());

  it('lists a transfer left pending and settles it by asking the venue, once', async () => {
    await arm(t, 'lost_reply', 1, 'deposit');
    const into = await t.post('/api/transfer', { amount: 300, sourcetype: 'userbalance', targettype: 'pp' }, { token: m.token });
    expect(into.data.status).toBe(2);
    const list = await call('/admin/api/transfers/list', {});
    expect(list.data.total).toBe(1);
    const row = list.data.data[0];
    expect(row).toMatchObject({ username: 'desk0001', platform: 'pp', direction: 'to_venue', amount: 300, status: 2 });

    const settled = await call('/admin/api/transfers/settle', { transfer_id: row.transfer_id });
    expect(settled).toMatchObject({ code: 200, message: ADMIN_TRANSFER_MSG.settled, data: { status: 1 } });
    expect((await call('/admin/api/transfers/list', {})).data.total).toBe(0);
    expect((await call('/admin/api/transfers/list', { state: 'success', username: 'desk0001' })).data.data[0]).toMatchObject({ transfer_id: row.transfer_id, status: 1 });
    // asking again changes nothing
    expect(await call('/admin/api/transfers/settle', { transfer_id: row.transfer_id })).toMatchObject({ data: { status: 1 } });
    expect(await venueFen(t, m.id, 'pp')).toBe(30_000);
    expect(await centralFen(t, m.id)).toBe(70_000);
    const audit = await call('/admin/api/audit/list', { target: `transfer:${row.transfer_id}` });
    expect(audit.data.data.map((r: { detail: { after: { status: number } } }) => r.detail.after.status)).toEqual([1, 1]);
    expect(await call('/admin/api/transfers/settle', { transfer_id: 'nope' })).toMatchObject({ code: CODE.notFound, message: ADMIN_TRANSFER_MSG.notFound });
    await expectLedgerSound(t);
  });

  it('reads the venue balances live and recovers them all to the central wallet', async () => {
    const b = await call('/admin/api/members/balances', { username: 'desk0001' });
    expect(b.data).toMatchObject({ central: 700, withdraw_hold: 0, transit: 0 });
    expect(b.data.venues.find((v: { platform: string }) => v.platform === 'pp')).toMatchObject({ balance: 300, live: true });
    expect(b.data.venues.find((v: { platform: string }) => v.platform === 'pp')).not.toHaveProperty('seamless');
    const r = await call('/admin/api/members/recover-venues', { username: 'desk0001', reason: '会员申请回收' });
    expect(r).toMatchObject({ code: 200, data: { recovered: 1, total: 300 } });
    expect(await centralFen(t, m.id)).toBe(100_000);
    expect(await venueFen(t, m.id, 'pp')).toBe(0);
    const audit = await call('/admin/api/audit/list', { action: 'member.venues.recover' });
    // the log keeps fen; operators read yuan (issue 25)
    expect(audit.data.data[0].detail).toMatchObject({ reason: '会员申请回收', total: 300 });
    expect(audit.data.data[0].detail).not.toHaveProperty('total_fen');
    await expectLedgerSound(t);
  });

  it('marks a 免转 venue among the balances (issue 38: its balance is the central wallet)', async () => {
    expect(await call('/admin/api/venues/mode', { platform: 'ag', mode: 'seamless' })).toMatchObject({ code: 200 });
    const b = await call('/admin/api/members/balances', { username: 'desk0001' });
    expect(b.data.venues.find((v: { platform: string }) => v.platform === 'ag')).toMatchObject({ balance: 0, seamless: true });
    expect(b.data.venues.find((v: { platform: string }) => v.platform === 'pp')).not.toHaveProperty('seamless');
  });
});
