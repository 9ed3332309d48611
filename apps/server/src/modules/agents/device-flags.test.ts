import { AGENT_FLAG_KIND_LABEL, auditDetailLines } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { monthFigures } from './figures.ts';
import { monthOf } from './settlement-month.ts';

/**
 * Issue 20 point 5, the device check, on SQLite and PostgreSQL: the member site sends its device
 * id as X-Device-Id; registration and every sign-in keep it; a downline member whose device the
 * agent registered or signed in with is flagged 'device' and left out of the agent's figures
 * until an operator clears it. A header that is no device id is kept as nothing.
 */
describe('agents: the device check', () => {
  let t: TestApp;
  let admin: string;
  let agentId: number;
  let code: string;
  const DEVICE_A = '3f2b8c1e-7d4a-4b9e-9c21-0a5e6f7d8b90';
  const DEVICE_B = 'a1b2c3d4-e5f6-4789-8abc-def012345678';
  const DEVICE_C = '0c9f1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
  const ids: Record<string, number> = {};
  let seq = 0;

  const device = (id: string) => ({ 'x-device-id': id });
  /** registers from its own address with a real name of its own (so only a device can match) with a device header */
  const reg = async (name: string, ip: string, headers: Record<string, string>, pid?: string) => {
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: `张${name}`, paypassword: '654321', ...(pid ? { pid } : {}) }, { ip, headers });
    expect(r.code, r.message).toBe(200);
    ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
  };
  const login = async (name: string, ip: string, headers: Record<string, string>) => {
    const r = await t.post('/api/login', { name, password: 'secret123' }, { ip, headers });
    expect(r.code, r.message).toBe(200);
  };
  const devicesOf = async (name: string) =>
    (await t.ctx.db.selectFrom('member_logins').select('device').where('member_id', '=', ids[name]).orderBy('id').execute()).map((r) => r.device);
  const openFlags = async () => {
    const r = await t.post('/admin/api/agent-flags/list', { state: 1, agent_id: agentId }, { token: admin });
    expect(r.code, r.message).toBe(200);
    return (r.data.data as { id: number; username: string; kind: string; detail: string }[]).map((f) => ({ id: f.id, username: f.username, kind: f.kind, detail: f.detail }));
  };
  const deposit = (name: string, fen: number) =>
    wallet.creditFromHouse(t.ctx.db, { memberId: ids[name], amount: fen, reference: `dev-dep-${name}`, idempotencyKey: `dev-dep-${name}-${++seq}`, house: 'deposits' });
  const deposits = async () => (await monthFigures(t.ctx.db, { agentId, month: monthOf(Date.now()), depositFeeBp: 0 })).deposits;

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    // the agent registers and signs in on device A
    await reg('devagent', '10.50.0.1', device(DEVICE_A));
    await login('devagent', '10.50.0.2', device(DEVICE_A.toUpperCase()));
    const made = await t.post('/admin/api/agents/create', { username: 'devagent' }, { token: admin });
    expect(made.code, made.message).toBe(200);
    agentId = made.data.id;
    code = made.data.code;
    await t.agents.tick();
  });
  afterAll(() => t.stop());

  it('registration and sign-in keep the device id, lower-cased', async () => {
    expect(await devicesOf('devagent')).toEqual([DEVICE_A, DEVICE_A]);
  });

  it('a member registered through the agent on the agent\'s device is flagged "device" and left out; one on another device from another address is not', async () => {
    await reg('devsame', '10.60.0.1', device(DEVICE_A), code);
    await reg('devother', '10.60.0.2', device(DEVICE_B), code);
    await deposit('devsame', 50_000);
    await deposit('devother', 20_000);
    await t.agents.tick();
    const flags = await openFlags();
    expect(flags.map((f) => [f.username, f.kind])).toEqual([['devsame', 'device']]);
    expect(flags[0].detail).toBe(`设备 ${DEVICE_A.slice(0, 8)}`);
    // the back-office names the reason in Chinese (flag review and the clearing's audit line)
    expect(AGENT_FLAG_KIND_LABEL.device).toBe('与代理使用相同设备');
    expect((await deposits())).toBe(20_000);
    expect((await t.post('/admin/api/agents/list', { username: 'devagent' }, { token: admin })).data.data[0].open_flags).toBe(1);

    const cleared = await t.post('/admin/api/agent-flags/clear', { id: flags[0].id, reason: '核实为代理家人' }, { token: admin });
    expect(cleared.code, cleared.message).toBe(200);
    expect(await deposits()).toBe(70_000);
    const audit = await t.ctx.db.selectFrom('admin_audit').select(['action', 'detail']).where('action', '=', 'agent_flag.clear').executeTakeFirstOrThrow();
    const detail = typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail;
    expect(auditDetailLines(audit.action, detail).find((l) => l.key === 'kind')?.value).toBe('与代理使用相同设备');
  });

  it('a sign-in on the agent\'s device flags a member later, and the agent signing in on a member\'s device does too', async () => {
    await login('devother', '10.60.0.3', device(DEVICE_A));
    await reg('devthird', '10.60.0.4', device(DEVICE_C), code);
    await t.agents.tick();
    expect((await openFlags()).map((f) => [f.username, f.kind])).toEqual([['devother', 'device']]);
    await login('devagent', '10.50.0.3', device(DEVICE_C));
    await t.agents.tick();
    expect((await openFlags()).map((f) => [f.username, f.kind]).sort()).toEqual([
      ['devother', 'device'],
      ['devthird', 'device'],
    ]);
  });

  it('a header that is no device id (too long, not a UUID, none) is kept as nothing and matches nothing', async () => {
    const hostile = [
      `${DEVICE_A}ffff`, // the agent's id with a tail: never cut down to it
      'x'.repeat(5000),
      'not-a-device-id',
      `${DEVICE_A.slice(0, 35)}g`,
      "' or 1=1 --",
    ];
    for (const [i, value] of hostile.entries()) {
      const name = `devbad0${i}`;
      await reg(name, `10.70.0.${i + 1}`, device(value), code);
      await login(name, `10.70.1.${i + 1}`, device(value));
      expect(await devicesOf(name)).toEqual([null, null]);
    }
    // no header at all
    await reg('devnone1', '10.70.2.1', {}, code);
    expect(await devicesOf('devnone1')).toEqual([null]);
    await t.agents.tick();
    const flagged = new Set((await openFlags()).map((f) => f.username));
    for (const name of [...hostile.map((_, i) => `devbad0${i}`), 'devnone1']) expect(flagged.has(name), name).toBe(false);
  });
});
