import type { MemberLinks } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { PAY } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { LINKS_LISTED, linkCount, memberLinks } from './links.ts';

/**
 * A real name shared by a crowd (issue 36 point 9: about 2,000 members share one at 1 million):
 * a member's links list the strongest LINKS_LISTED and count the rest, so the answer's size and
 * time do not grow with the crowd. SQLite and PostgreSQL.
 */
describe('risk: links of a member whose real name a crowd shares', () => {
  let t: TestApp;
  let owner: string;
  const CROWD = LINKS_LISTED + 4;
  const DEV = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
  const filter = addressFilter([]);

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const r = await t.post('/api/register', { name: 'capsubj01', password: 'secret123', confirmPass: 'secret123', realname: '欧阳众', paypassword: PAY }, { ip: '198.18.9.1', headers: { 'x-device-id': DEV } });
    expect(r.code, r.message).toBe(200);
    // the crowd: real rows like the subject's, each with its own address and mobile, the same real name
    const { id: _id, ...row } = await t.ctx.db.selectFrom('members').selectAll().where('username', '=', 'capsubj01').executeTakeFirstOrThrow();
    const crowd = Array.from({ length: CROWD }, (_, i) => ({ ...row, username: `capcrowd${String(i).padStart(3, '0')}`, mobile: `1390000${String(i).padStart(4, '0')}`, register_ip: `198.18.10.${i + 1}`, created_at: Number(row.created_at) + 1000 * (i + 1) }));
    await t.ctx.db.insertInto('members').values(crowd).execute();
    // the last of the crowd also signed in on the subject's device: the strongest link, listed first
    const last = await t.ctx.db.selectFrom('members').select('id').where('username', '=', `capcrowd${String(CROWD - 1).padStart(3, '0')}`).executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('member_logins').values({ member_id: last.id, ip: '198.18.11.1', user_agent: 'test', device: DEV, kind: 'login', created_at: Date.now() }).execute();
  }, 120_000);
  afterAll(() => t?.stop());

  it('lists the strongest LINKS_LISTED, counts them all, and says the list is cut', async () => {
    const r = await t.post('/admin/api/members/links', { username: 'capsubj01' }, { token: owner });
    expect(r.code, r.message).toBe(200);
    const links = r.data as MemberLinks;
    expect(links.members).toHaveLength(LINKS_LISTED);
    expect(links.total).toBe(CROWD);
    expect(links.truncated).toBe(true);
    expect(links.members[0].username).toBe(`capcrowd${String(CROWD - 1).padStart(3, '0')}`);
    expect(links.members[0].shared.map((s) => s.kind)).toEqual(['device', 'realname']);
    // after the strongest, the oldest links first: the crowd in the order they joined
    expect(links.members[1].username).toBe('capcrowd000');
    expect(links.members[1].shared).toEqual([{ kind: 'realname', value: '欧**', since: links.members[1].created_at }]);
    expect(await linkCount(t.ctx.db, filter, 'capsubj01')).toBe(CROWD);
    // one of the crowd sees the subject and the rest of the crowd the same way
    const other = await memberLinks(t.ctx.db, filter, 'capcrowd000');
    expect([other.members.length, other.total, other.truncated]).toEqual([LINKS_LISTED, CROWD, true]);
  });

  it('a member with few links lists them all: total equals the list, not cut', async () => {
    const r = await t.post('/api/register', { name: 'capfew01', password: 'secret123', confirmPass: 'secret123', realname: '司马少', paypassword: PAY }, { ip: '198.18.9.2', headers: { 'x-device-id': DEV } });
    expect(r.code, r.message).toBe(200);
    const links = await memberLinks(t.ctx.db, filter, 'capfew01');
    expect(links.members.map((m) => m.username).sort()).toEqual([`capcrowd${String(CROWD - 1).padStart(3, '0')}`, 'capsubj01']);
    expect([links.total, links.truncated]).toEqual([2, false]);
  });
});
