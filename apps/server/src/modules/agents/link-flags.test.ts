import { AGENT_FLAG_KIND_LABEL } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { monthFigures } from './figures.ts';
import { monthOf } from './settlement-month.ts';

/**
 * Issue 36 point 6, on SQLite and PostgreSQL: the agent programme flags a downline member linked
 * to its agent by the links of risk control (a device, a registration or sign-in address, a card,
 * a USDT address, a real name, a mobile); a member linked by nothing, or only by loopback or the
 * operator's proxies (TRUSTED_PROXIES), is not. A flagged member's deposits never reach the
 * agent's figures.
 */
describe('agents: flags are the links of risk control', () => {
  let t: TestApp;
  let admin: string;
  let agentId: number;
  let code: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const DEV_AGENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
  const CARD = '6222026677889900';
  const USDT = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcAGNT';
  const MOBILE = '13700001111';
  let ipSeq = 0;
  let seq = 0;

  const reg = async (name: string, o: { ip?: string; device?: string; realname?: string; pid?: string } = {}) => {
    const headers: Record<string, string> = o.device ? { 'x-device-id': o.device } : {};
    const body = { name, password: 'secret123', confirmPass: 'secret123', realname: o.realname ?? `林${name}`, paypassword: '654321', ...(o.pid ? { pid: o.pid } : {}) };
    const r = await t.post('/api/register', body, { ip: o.ip ?? `198.18.40.${++ipSeq}`, headers });
    expect(r.code, r.message).toBe(200);
    tokens[name] = r.data.api_token;
    ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
  };
  const signIn = async (name: string, ip: string) => expect((await t.post('/api/login', { name, password: 'secret123' }, { ip })).code).toBe(200);
  const bind = async (name: string, body: Record<string, string>) => {
    const r = await t.post('/api/bindcard', { ...body, pay_pass: '654321' }, { token: tokens[name] });
    expect(r.code, r.message).toBe(200);
  };
  const bank = (name: string) => bind(name, { bank_owner: '林某', bank: '招商银行', bank_no: CARD, bank_address: '深圳市福田支行' });
  const usdt = (name: string) => bind(name, { bank: 'USDT', bank_owner: 'TRC20', bank_no: USDT });
  const mobile = async (name: string) => expect((await t.post('/api/updateuserinfo', { mobile: MOBILE, email: `${name}@example.com`, birthday: '1990-01-01' }, { token: tokens[name] })).code).toBe(200);
  const openFlags = async () => {
    const r = await t.post('/admin/api/agent-flags/list', { state: 1, agent_id: agentId, per_page: 100 }, { token: admin });
    expect(r.code, r.message).toBe(200);
    return (r.data.data as { username: string; kind: string; detail: string }[]).map((f) => [f.username, f.kind, f.detail]).sort();
  };
  const deposit = (name: string, fen: number) =>
    wallet.creditFromHouse(t.ctx.db, { memberId: ids[name], amount: fen, reference: `lf-${name}`, idempotencyKey: `lf-${name}-${++seq}`, house: 'deposits' });

  beforeAll(async () => {
    t = await startApp({ trustedProxies: ['10.9.0.0/16'] });
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    // the agent: its device, registration and sign-in addresses, card, USDT address, real name and mobile
    await reg('lfagent', { ip: '203.0.113.50', device: DEV_AGENT, realname: '慕容复' });
    await signIn('lfagent', '203.0.113.51');
    await signIn('lfagent', '127.0.0.1');
    await signIn('lfagent', '10.9.5.5');
    await bank('lfagent');
    await usdt('lfagent');
    await mobile('lfagent');
    const made = await t.post('/admin/api/agents/create', { username: 'lfagent' }, { token: admin });
    expect(made.code, made.message).toBe(200);
    agentId = made.data.id;
    code = made.data.code;
    await t.agents.tick();

    const pid = code;
    await reg('lfdevice', { device: DEV_AGENT, pid });
    await reg('lfregip', { ip: '203.0.113.50', pid });
    await reg('lflogip', { pid });
    await signIn('lflogip', '203.0.113.51');
    await reg('lfcard', { pid });
    await bank('lfcard');
    await reg('lfusdt', { pid });
    await usdt('lfusdt');
    await reg('lfname', { realname: '慕容复', pid });
    await reg('lfmobile', { pid });
    await mobile('lfmobile');
    // loopback and the site's proxy: the agent's addresses too, never a link
    await reg('lfloop', { ip: '127.0.0.1', pid });
    await signIn('lfloop', '::1');
    await reg('lfproxy', { ip: '10.9.5.5', pid });
    await signIn('lfproxy', '10.9.77.1');
    await reg('lfplain', { pid });
    for (const name of Object.keys(ids)) if (name !== 'lfagent') await deposit(name, 10_000);
    await t.agents.tick();
  }, 120_000);
  afterAll(() => t?.stop());

  it('a downline member linked to its agent by each kind is flagged, named in Chinese', async () => {
    expect(await openFlags()).toEqual(
      [
        ['lfcard', 'card', '银行卡尾号 9900'],
        ['lfdevice', 'device', `设备 ${DEV_AGENT.slice(0, 8)}`],
        ['lflogip', 'login_ip', '地址 203.0.113.51'],
        ['lfmobile', 'mobile', '手机号 137****1111'],
        ['lfname', 'realname', '真实姓名 慕**'],
        ['lfregip', 'register_ip', '地址 203.0.113.50'],
        ['lfusdt', 'usdt', 'USDT地址尾号 AGNT'],
      ].sort(),
    );
    for (const kind of ['usdt', 'realname', 'mobile'] as const) expect(AGENT_FLAG_KIND_LABEL[kind]).toMatch(/^与代理/);
  });

  it('unlinked members, and members sharing only loopback or a proxy address with the agent, are not flagged', async () => {
    const flagged = new Set((await openFlags()).map(([username]) => username));
    for (const name of ['lfloop', 'lfproxy', 'lfplain']) expect(flagged.has(name), name).toBe(false);
  });

  it('a flag never raises the agent\'s figures: only the unflagged members\' deposits count', async () => {
    const f = await monthFigures(t.ctx.db, { agentId, month: monthOf(Date.now()), depositFeeBp: 0 });
    expect(f.deposits).toBe(30_000);
    expect((await t.post('/admin/api/agents/list', { username: 'lfagent' }, { token: admin })).data.data[0].open_flags).toBe(7);
  });

  it('a later link is caught by the next pass: the plain member signs in on the agent\'s address', async () => {
    await signIn('lfplain', '203.0.113.51');
    await t.agents.tick();
    expect((await openFlags()).filter(([u]) => u === 'lfplain')).toEqual([['lfplain', 'login_ip', '地址 203.0.113.51']]);
    const f = await monthFigures(t.ctx.db, { agentId, month: monthOf(Date.now()), depositFeeBp: 0 });
    expect(f.deposits).toBe(20_000);
  });
});
