import { ADMIN_COMMON_MSG, CODE, INBOX_ADMIN_MSG, MSG } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { broadcastKey, deliverBatch, deliverPending } from './index.ts';

/** a few thousand members inserted directly (registration hashes passwords: too slow for this) */
async function addMembers(t: TestApp, prefix: string, n: number, vip = 0) {
  const now = Date.now();
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      username: `${prefix}${String(i + k).padStart(5, '0')}`,
      password_hash: 'x',
      pay_password_hash: 'x',
      realname: '测试',
      register_ip: '127.0.0.1',
      created_at: now,
      vip,
    }));
    await t.ctx.db.insertInto('members').values(rows).execute();
  }
}

describe('inbox broadcasts', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  const call = (path: string, body: unknown, token = admin) => t.post(`/admin/api/${path}`, body, { token });
  const members = async () => Number((await t.ctx.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** [copies of the broadcast, members holding more than one] */
  const copies = async (id: number) => {
    const key = broadcastKey(id);
    const n = await t.ctx.db.selectFrom('member_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('dedupe_key', '=', key).executeTakeFirstOrThrow();
    const dup = await t.ctx.db
      .selectFrom('member_messages')
      .select('member_id')
      .where('dedupe_key', '=', key)
      .groupBy('member_id')
      .having(sql`count(*)`, '>', 1)
      .execute();
    return [Number(n.n), dup.length];
  };
  const row = (id: number) => t.ctx.db.selectFrom('inbox_broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await call('operators/create', { username: 'cs_inbox', password: 'support123', role: 'support' });
    support = (await t.post('/admin/api/login', { username: 'cs_inbox', password: 'support123' })).data.token;
    await addMembers(t, 'bulk', 3200);
    await addMembers(t, 'gold', 700, 3);
  }, 60_000);
  afterAll(() => t.stop());

  it('to one member: delivered at once, in their inbox, audited', async () => {
    const token = await t.register('bcone01');
    const r = await call('inbox/send', { target: 'member', username: 'BCONE01', title: '账户通知', content: '您好\n这是一条通知' });
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe(INBOX_ADMIN_MSG.sentOne);
    expect(r.data).toMatchObject({ target: 'member', target_label: 'bcone01', state: 'done', sent: 1, total: 1, operator: 'admin' });
    const inbox = await t.post('/api/messagelist', { page: 1 }, { token });
    expect(inbox.data.data[0]).toMatchObject({ title: '账户通知', content: '您好\n这是一条通知', is_read: 0 });
    expect((await t.post('/api/messagenum', {}, { token })).data.count).toBe(1);
    const [a] = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'inbox.send').orderBy('id', 'desc').execute();
    expect(a.target).toBe('member:bcone01');
    expect(JSON.parse(a.detail).after).toMatchObject({ broadcast_id: r.data.id, target: 'member', title: '账户通知', total: 1 });
  });

  it('to everyone: one row, delivered in batches; cut off midway and run again, every member has exactly one copy', async () => {
    const total = await members();
    expect(total).toBeGreaterThan(3900);
    const r = await call('inbox/send', { target: 'all', title: '系统维护通知', content: '今晚维护' });
    expect(r).toMatchObject({ code: 200, message: INBOX_ADMIN_MSG.queued, data: { state: 'sending', sent: 0, total, target_label: '全部会员' } });
    const id = r.data.id as number;
    expect(await copies(id)).toEqual([0, 0]);

    // two batches, then the run is cut off
    expect(await deliverPending(t.ctx.db, { maxBatches: 2 })).toBe(1000);
    expect(await row(id)).toMatchObject({ state: 'sending' });
    expect(Number((await row(id)).sent)).toBe(1000);
    expect(await copies(id)).toEqual([1000, 0]);
    const listed = await call('inbox/broadcasts', { state: 'sending' });
    expect(listed.data.data.find((b: { id: number }) => b.id === id)).toMatchObject({ sent: 1000, total, state: 'sending' });

    // copies already there ahead of the cursor (a run that wrote them and died): they stay single
    const ahead = await t.ctx.db.selectFrom('members').select('id').where('id', '>', Number((await row(id)).cursor_id)).orderBy('id').limit(3).execute();
    for (const m of ahead) await t.ctx.db.insertInto('member_messages').values({ member_id: m.id, title: '系统维护通知', content: '今晚维护', created_at: Date.now(), dedupe_key: broadcastKey(id), is_read: 0, read_at: null }).execute();

    // the job finishes it
    const job = t.scheduler.jobs.find((j) => j.name === 'inbox_broadcasts');
    expect(job).toBeDefined();
    // each run in a period of its own (the scheduler runs a period once)
    for (let period = 1; (await row(id)).state === 'sending'; period++) expect(await t.scheduler.runOnce(job!, Date.now() + period * 5_000)).toBe(true);
    const done = await row(id);
    expect(done).toMatchObject({ state: 'done' });
    expect(Number(done.sent)).toBe(total);
    expect(Number(done.total)).toBe(total);
    expect(done.finished_at).not.toBeNull();
    expect(await copies(id)).toEqual([total, 0]);
    // running again changes nothing
    expect(await deliverPending(t.ctx.db)).toBe(0);
    expect(await copies(id)).toEqual([total, 0]);
  }, 60_000);

  it('two runners at once: each member still gets one copy, counted once', async () => {
    const total = await members();
    const id = (await call('inbox/send', { target: 'all', title: '并发测试', content: '只收到一次' })).data.id as number;
    await Promise.all([deliverPending(t.ctx.db, { batch: 300 }), deliverPending(t.ctx.db, { batch: 300 }), deliverBatch(t.ctx.db, id, { batch: 300 })]);
    while ((await row(id)).state === 'sending') await deliverPending(t.ctx.db);
    expect(await copies(id)).toEqual([total, 0]);
    expect(Number((await row(id)).sent)).toBe(total);
  }, 60_000);

  it('to a VIP level: only its members; members who join later are not included', async () => {
    const r = await call('inbox/send', { target: 'vip', vip: '3', title: '黄金会员专享', content: '专属礼遇' });
    expect(r).toMatchObject({ code: 200, data: { target_label: 'VIP3', total: 700 } });
    await addMembers(t, 'late', 5, 3);
    while ((await row(r.data.id)).state === 'sending') await deliverPending(t.ctx.db);
    expect(await copies(r.data.id)).toEqual([700, 0]);
    const got = await t.ctx.db
      .selectFrom('member_messages as mm')
      .innerJoin('members as m', 'm.id', 'mm.member_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mm.dedupe_key', '=', broadcastKey(r.data.id))
      .where('m.username', 'like', 'gold%')
      .executeTakeFirstOrThrow();
    expect(Number(got.n)).toBe(700);
    const list = await call('inbox/broadcasts', { page: 1, per_page: 2 });
    expect(list.data).toMatchObject({ current_page: 1, per_page: 2 });
    expect(list.data.data[0]).toMatchObject({ id: r.data.id, state: 'done', sent: 700, total: 700 });
  }, 60_000);

  it('bad input: the Chinese message, no row; without content.manage: 403', async () => {
    const before = Number((await t.ctx.db.selectFrom('inbox_broadcasts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const ok = { target: 'all', title: '标题', content: '内容' };
    const cases: [unknown, string][] = [
      [{ ...ok, target: 'everyone' }, INBOX_ADMIN_MSG.target],
      [{ ...ok, target: 'member' }, INBOX_ADMIN_MSG.username],
      [{ ...ok, target: 'member', username: 'nobody_here' }, INBOX_ADMIN_MSG.memberNotFound],
      [{ ...ok, target: 'vip' }, INBOX_ADMIN_MSG.vip],
      [{ ...ok, target: 'vip', vip: 'x' }, INBOX_ADMIN_MSG.vip],
      [{ ...ok, target: 'vip', vip: 42 }, INBOX_ADMIN_MSG.vipNotFound],
      [{ ...ok, target: 'vip', vip: 6 }, INBOX_ADMIN_MSG.nobody],
      [{ ...ok, title: '' }, INBOX_ADMIN_MSG.title],
      [{ ...ok, title: 'x'.repeat(101) }, INBOX_ADMIN_MSG.title],
      [{ ...ok, title: '换\n行' }, '消息标题不能包含控制字符或不可见的格式字符'],
      [{ ...ok, content: '' }, INBOX_ADMIN_MSG.content],
      [{ ...ok, content: 'x'.repeat(5001) }, INBOX_ADMIN_MSG.content],
      [{ ...ok, content: ['a'] }, INBOX_ADMIN_MSG.content],
      ['nonsense', MSG.badRequest],
      [null, INBOX_ADMIN_MSG.target],
    ];
    for (const [body, message] of cases) {
      const r = await call('inbox/send', body);
      expect({ body, message: r.message, failed: r.code !== 200 && r.code !== 500 }).toEqual({ body, message, failed: true });
    }
    expect(await call('inbox/broadcasts', { page: -1 })).toMatchObject({ message: ADMIN_COMMON_MSG.page });
    expect(await call('inbox/broadcasts', { state: 'bogus' })).toMatchObject({ message: ADMIN_COMMON_MSG.badRequest });
    expect(await call('inbox/send', ok, support)).toMatchObject({ code: CODE.forbidden });
    expect(await call('inbox/broadcasts', {}, support)).toMatchObject({ code: CODE.forbidden });
    const after = Number((await t.ctx.db.selectFrom('inbox_broadcasts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});
