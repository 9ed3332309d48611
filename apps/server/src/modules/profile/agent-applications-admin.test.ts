import { AGENT_ADMIN_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

/** The agent applications queue (issue 13): one decision each, reason on reject, member told, audited (SQLite and PostgreSQL). */
describe('agent applications in the back-office', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let finance: string;
  const tokens: Record<string, string> = {};

  const login = async (username: string, role: string) => {
    const created = await t.post('/admin/api/operators/create', { username, password: `${username}-pass-123`, role }, { token: admin });
    if (created.code !== 200) throw new Error(`operators/create: ${created.message}`);
    return (await t.post('/admin/api/login', { username, password: `${username}-pass-123` })).data.token as string;
  };
  const list = (body: object, token = admin) => t.post('/admin/api/agent-applications/list', body, { token });
  const inbox = async (name: string) => (await t.post('/api/messagelist', { page: 1 }, { token: tokens[name] })).data.data as { title: string; content: string }[];
  const audits = (id: number) => t.ctx.db.selectFrom('admin_audit').select(['action', 'detail']).where('target', '=', `agent_application:${id}`).execute();

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    support = await login('agsupport', 'support');
    finance = await login('agfinance', 'finance');
    for (const [i, name] of ['agentq01', 'agentq02', 'agentq03'].entries()) {
      tokens[name] = await t.register(name);
      const r = await t.post('/api/applyagentdo', { mobile: `1381234567${i}`, apply_info: `我有推广渠道${i}` }, { token: tokens[name] });
      expect(r.code).toBe(200);
    }
  });
  afterAll(() => t.stop());

  it('lists the pending queue oldest first, by member, paged; refuses operators without promotions.view', async () => {
    const r = await list({ state: 1, page: 1 }, support);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 3, current_page: 1, per_page: 20 });
    expect(r.data.data.map((a: { username: string }) => a.username)).toEqual(['agentq01', 'agentq02', 'agentq03']);
    expect(r.data.data[0]).toMatchObject({ realname: '张三', mobile: '13812345670', apply_info: '我有推广渠道0', state: 1, reviewed_at: null });
    expect((await list({ username: 'AGENTQ02', page: 1 })).data.data.map((a: { username: string }) => a.username)).toEqual(['agentq02']);
    expect((await list({ username: 'nobody', page: 1 })).data.total).toBe(0);
    expect((await list({ state: 2, page: 1 })).data.total).toBe(0);
    expect((await list({ state: 9, page: 1 })).message).toBe(AGENT_ADMIN_MSG.state);
    expect((await list({ page: 'x' })).code).toBe(400);
    expect((await list({ page: 1 }, finance)).code).toBe(403);
  });

  it('approves once whatever the number of operators: one audit row, one inbox message, the other decision refused', async () => {
    const id = (await list({ username: 'agentq01', page: 1 })).data.data[0].id;
    const replies = await Promise.all(Array.from({ length: 4 }, () => t.post('/admin/api/agent-applications/approve', { id }, { token: admin })));
    expect(replies.every((r) => r.code === 200 && r.message === AGENT_ADMIN_MSG.approved)).toBe(true);
    expect(replies.filter((r) => r.data.replayed === false)).toHaveLength(1);
    expect(await t.post('/admin/api/agent-applications/reject', { id, reason: '资料不全' }, { token: admin })).toMatchObject({ code: 400, message: AGENT_ADMIN_MSG.alreadyDecided });
    expect((await audits(id)).map((a) => a.action)).toEqual(['agent_application.approve']);
    // the list names who decided (the operator's name, not the 'admin:<id>' the row keeps)
    expect((await list({ username: 'agentq01', page: 1 })).data.data[0]).toMatchObject({ state: 2, reviewed_by: 'admin' });
    expect(JSON.parse((await audits(id))[0].detail)).toMatchObject({ before: { state: 1 }, after: { state: 2, reviewed_by: expect.stringMatching(/^admin:/) } });
    expect((await inbox('agentq01')).filter((m) => m.title === '代理申请已通过')).toHaveLength(1);
    expect((await t.post('/api/applyagentinfo', {}, { token: tokens.agentq01 })).data).toMatchObject({ state: 2 });
    expect((await list({ state: 1, page: 1 })).data.total).toBe(2);
  });

  it('rejects with a reason the member reads, after which the member may apply again', async () => {
    const id = (await list({ username: 'agentq02', page: 1 })).data.data[0].id;
    for (const [body, message] of [
      [{ id }, AGENT_ADMIN_MSG.reason],
      [{ id, reason: '   ' }, AGENT_ADMIN_MSG.reason],
      [{ id, reason: 'x'.repeat(201) }, AGENT_ADMIN_MSG.reason],
      [{ id, reason: '资料\u202e不全' }, '拒绝原因不能包含控制字符或不可见的格式字符'],
      [{ id: 'abc', reason: '资料不全' }, AGENT_ADMIN_MSG.id],
    ] as [object, string][]) {
      expect(await t.post('/admin/api/agent-applications/reject', body, { token: admin })).toMatchObject({ code: 400, message });
    }
    expect((await audits(id))).toHaveLength(0);
    const r = await t.post('/admin/api/agent-applications/reject', { id, reason: '推广渠道资料不全' }, { token: admin });
    expect(r).toMatchObject({ code: 200, message: AGENT_ADMIN_MSG.rejected, data: { state: 3, review_note: '推广渠道资料不全' } });
    expect((await t.post('/admin/api/agent-applications/approve', { id }, { token: admin })).message).toBe(AGENT_ADMIN_MSG.alreadyDecided);
    const told = (await inbox('agentq02')).find((m) => m.title === '代理申请未通过');
    expect(told?.content).toContain('推广渠道资料不全');
    expect(JSON.parse((await audits(id))[0].detail)).toMatchObject({ after: { state: 3, review_note: '推广渠道资料不全' } });
    expect((await t.post('/api/applyagentdo', { mobile: '13812345671', apply_info: '补充资料' }, { token: tokens.agentq02 })).code).toBe(200);
    expect((await list({ state: 1, page: 1 })).data.data.map((a: { username: string }) => a.username)).toEqual(['agentq03', 'agentq02']);
  });

  it('refuses unknown applications and operators without promotions.manage', async () => {
    expect(await t.post('/admin/api/agent-applications/approve', { id: 987_654 }, { token: admin })).toMatchObject({ code: 404, message: AGENT_ADMIN_MSG.id });
    expect((await t.post('/admin/api/agent-applications/approve', {}, { token: admin })).message).toBe(AGENT_ADMIN_MSG.id);
    expect((await t.post('/admin/api/agent-applications/approve', null, { token: admin })).code).toBe(400);
    const id = (await list({ username: 'agentq03', page: 1 })).data.data[0].id;
    expect((await t.post('/admin/api/agent-applications/approve', { id }, { token: support })).code).toBe(403);
    expect((await t.post('/admin/api/agent-applications/reject', { id, reason: '不符合' }, { token: support })).code).toBe(403);
    expect((await list({ username: 'agentq03', page: 1 })).data.data[0].state).toBe(1);
    expect((await t.post('/admin/api/agent-applications/list', { page: 1 })).code).toBe(401);
  });
});
