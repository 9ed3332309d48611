import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 34 point 7: a member registered with an agent's code shows that agent (its username and
 * code) as 推荐人 in the member list and the 360 view, the agent's 360 lists it under 推荐的会员,
 * and both follow an operator's move (agents/move-member). SQLite and PostgreSQL.
 */
describe('member desk: the referrer is the agent the member belongs to now', () => {
  let t: TestApp;
  let admin: string;
  const call = (path: string, body: Record<string, unknown>) => t.post(path, body, { token: admin });

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  it('shows the agent by username and code, lists the downline, and follows a move', async () => {
    await t.register('agentaa1');
    await t.register('agentbb1');
    const a = await call('/admin/api/agents/create', { username: 'agentaa1' });
    const b = await call('/admin/api/agents/create', { username: 'agentbb1' });
    expect(a.code, a.message).toBe(200);
    expect(b.code, b.message).toBe(200);
    await t.register('downmem1', { pid: a.data.code.toLowerCase() });

    const rowOf = async (username: string) => (await call('/admin/api/members/list', { username })).data.data[0];
    expect(await rowOf('downmem1')).toMatchObject({ referrer: a.data.code.toLowerCase(), agent: { username: 'agentaa1', code: a.data.code } });
    expect((await rowOf('agentbb1')).agent).toBeNull();

    const down = (await call('/admin/api/members/get', { username: 'downmem1' })).data;
    expect(down.referrer).toMatchObject({ username: 'agentaa1', code: a.data.code });
    expect(down.profile.agent).toEqual({ username: 'agentaa1', code: a.data.code });
    const agentView = (await call('/admin/api/members/get', { username: 'agentaa1' })).data;
    expect(agentView.referred).toMatchObject({ total: 1, recent: [{ username: 'downmem1' }] });

    const moved = await call('/admin/api/agents/move-member', { username: 'downmem1', to_agent_id: b.data.id, reason: '会员申请更换代理' });
    expect(moved.code, moved.message).toBe(200);
    expect(await rowOf('downmem1')).toMatchObject({ referrer: a.data.code.toLowerCase(), agent: { username: 'agentbb1', code: b.data.code } });
    expect((await call('/admin/api/members/get', { username: 'downmem1' })).data.referrer).toMatchObject({ username: 'agentbb1', code: b.data.code });
    expect((await call('/admin/api/members/get', { username: 'agentaa1' })).data.referred.total).toBe(0);
    expect((await call('/admin/api/members/get', { username: 'agentbb1' })).data.referred).toMatchObject({ total: 1, recent: [{ username: 'downmem1' }] });
  });
});
