import { CODE, LIVE_LIMITS, LIVE_MSG, MSG, type LiveEvent } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';
import { sendToMember } from '../inbox/index.ts';
import { memberWithCard } from '../payments/testing.ts';
import { wallet } from '../wallet/index.ts';
import { admin as adminCall, bindBank, newMember, operator, PAY, withdraw } from '../withdrawals/testing.ts';
import { openLive } from './sse.testing.ts';

/**
 * issue 37: one process (SQLite, or PostgreSQL with TEST_DATABASE_URL): the ticket's attacks,
 * what a stream carries, and what ends one. Two processes and restarts: two-process.test.ts.
 */

let seq = 0;
const is = <T extends LiveEvent['type']>(type: T, test: (e: Extract<LiveEvent, { type: T }>) => boolean = () => true) => (e: LiveEvent) =>
  e.type === type && test(e as Extract<LiveEvent, { type: T }>);

describe('live-update stream, one process', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ listen: true });
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  const member = async () => {
    const name = `live${String(++seq).padStart(3, '0')}${Math.random().toString(36).slice(2, 5)}`;
    const token = await t.register(name);
    const { id } = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    return { token, id: Number(id) };
  };
  const ticket = async (token: string) => {
    const r = await t.post('/api/stream/ticket', {}, { token });
    expect(r.code, r.message).toBe(200);
    return r.data.ticket as string;
  };
  const stream = async (token: string) => openLive(`${t.origin}/api/stream?ticket=${encodeURIComponent(await ticket(token))}`);
  const credit = (id: number, fen: number) => wallet.creditFromHouse(t.ctx.db, { memberId: id, house: 'deposits', amount: fen, reference: `live${++seq}`, idempotencyKey: `live:test:${seq}` });

  it('asks a member token for a ticket, and refuses a body naming anyone', async () => {
    expect(await t.post('/api/stream/ticket', {})).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
    const a = await member();
    const b = await member();
    // B asking for a ticket of A's: refused as malformed, no ticket issued
    expect(await t.post('/api/stream/ticket', { member_id: a.id }, { token: b.token })).toMatchObject({ code: CODE.invalid, message: MSG.badRequest, data: null });
    const r = await t.post('/api/stream/ticket', {}, { token: b.token });
    expect(r).toMatchObject({ code: 200, data: { expires_in: LIVE_LIMITS.ticketSeconds } });
    expect(r.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('streams with headers for proxies, then ready, the balance and the inbox; pushes a posting and a message', async () => {
    const m = await member();
    await credit(m.id, 12_34);
    const s = await stream(m.token);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(s.res.headers.get('x-content-type-options')).toBe('nosniff');
    await s.next(is('ready'));
    await s.next(is('balance', (e) => e.balance === 12.34));
    await s.next(is('inbox', (e) => e.count === 0));
    expect(s.events[0]).toEqual({ type: 'ready' });

    await credit(m.id, 100_00);
    await s.next(is('balance', (e) => e.balance === 112.34));
    await sendToMember(t.ctx, m.id, '到账通知', '您的存款已到账');
    await s.next(is('inbox', (e) => e.count === 1));
    // read on another tab: this one's count follows
    const list = await t.post('/api/messagelist', { page: 1 }, { token: m.token });
    const id = list.data.data[0].id;
    expect((await t.post('/api/readmessage', { id }, { token: m.token })).code).toBe(200);
    await s.next(is('inbox', (e) => e.count === 0) as (e: LiveEvent) => boolean);
    await s.close();
  });

  it('refuses a ticket used twice, an expired one, a member token in its place, and none', async () => {
    const m = await member();
    const tk = await ticket(m.token);
    const first = await openLive(`${t.origin}/api/stream?ticket=${tk}`);
    await first.next(is('ready'));
    const again = await openLive(`${t.origin}/api/stream?ticket=${tk}`);
    expect(again.isStream).toBe(false);
    expect(again.refusal).toMatchObject({ code: CODE.unauthorized, message: LIVE_MSG.ticket, data: null });
    await first.close();

    const expired = await t.liveStream.tickets.issue({ memberId: m.id, tokenHash: hashToken(m.token) }, Date.now() - LIVE_LIMITS.ticketSeconds * 1000 - 1);
    expect((await openLive(`${t.origin}/api/stream?ticket=${expired.ticket}`)).refusal).toMatchObject({ code: CODE.unauthorized, message: LIVE_MSG.ticket });
    // the member token is not a ticket (and never goes in a URL)
    expect((await openLive(`${t.origin}/api/stream?ticket=${m.token}`)).refusal).toMatchObject({ code: CODE.unauthorized });
    expect((await openLive(`${t.origin}/api/stream`)).refusal).toMatchObject({ code: CODE.unauthorized });
    expect((await openLive(`${t.origin}/api/stream?ticket=${'x'.repeat(5000)}`)).refusal).toMatchObject({ code: CODE.unauthorized });
    // a bearer header does not open a stream either
    const withHeader = await fetch(`${t.origin}/api/stream`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(await withHeader.json()).toMatchObject({ code: CODE.unauthorized });
  });

  it("gives another member's ticket holder nothing of this member's", async () => {
    const a = await member();
    const b = await member();
    const sa = await stream(a.token);
    const sb = await stream(b.token);
    await Promise.all([sa.next(is('inbox')), sb.next(is('inbox'))]);
    await credit(a.id, 7_00);
    await sa.next(is('balance', (e) => e.balance === 7));
    await credit(b.id, 3_00);
    await sb.next(is('balance', (e) => e.balance === 3));
    expect(sb.events.filter((e) => e.type === 'balance').map((e) => (e as { balance: number }).balance)).toEqual([0, 3]);
    await Promise.all([sa.close(), sb.close()]);
  });

  it('pushes deposit and withdrawal decisions with their record states, and the balance they move', async () => {
    const m = await memberWithCard(t, 'livedep');
    const s = await stream(m.token);
    await s.next(is('inbox'));
    const order = await t.post('/api/recharge', { paytype: 'bank', amount: 500, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行' }, { token: m.token });
    expect(order.code, order.message).toBe(200);
    expect((await t.post('/admin/api/deposits/approve', { deposit_no: order.message }, { token: admin })).code).toBe(200);
    await s.next(is('order', (e) => e.kind === 'deposit' && e.order_no === order.message && e.state === 2));
    await s.next(is('balance', (e) => e.balance === 500));
    const second = await t.post('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行' }, { token: m.token });
    expect((await t.post('/admin/api/deposits/reject', { deposit_no: second.message, reason: '未收到款项' }, { token: admin })).code).toBe(200);
    await s.next(is('order', (e) => e.kind === 'deposit' && e.order_no === second.message && e.state === 3));
    await s.close();

    // a withdrawal rejected: its state, the hold back in the balance, and the inbox message about it
    const finance = await operator(t, 'livefin01');
    const w = await newMember(t, 'livewd01', 500);
    const card = await bindBank(t, w.token);
    const ws = await stream(w.token);
    await ws.next(is('balance', (e) => e.balance === 500));
    const r = await withdraw(t, w.token, { bank: card, amount: 200, password: PAY });
    expect(r.code, r.message).toBe(200);
    await ws.next(is('balance', (e) => e.balance === 300));
    expect((await adminCall(t, finance, 'reject', { withdraw_no: r.data.withdraw_no, reason: '银行卡户名与实名不符' })).code).toBe(200);
    await ws.next(is('order', (e) => e.kind === 'withdrawal' && e.order_no === r.data.withdraw_no && e.state === 3));
    await ws.next(is('balance', (e) => e.balance === 500));
    await ws.next(is('inbox', (e) => e.count === 1));
    await ws.close();
  });

  it('ends the streams of a session signed out, and finds a session ended without an announcement by its row', async () => {
    const m = await member();
    const s = await stream(m.token);
    await s.next(is('ready'));
    expect((await t.post('/api/logoff', {}, { token: m.token })).code).toBe(200);
    await s.next(is('bye', (e) => e.reason === 'revoked'));
    await s.ended;

    const n = await member();
    const quiet = await stream(n.token);
    await quiet.next(is('ready'));
    // the row goes with no announcement (as when it was missed): the heartbeat's check ends the stream
    await t.ctx.db.deleteFrom('sessions').where('token_hash', '=', hashToken(n.token)).execute();
    await t.liveStream.hub.checkSessions();
    await quiet.next(is('bye', (e) => e.reason === 'revoked'));
    await quiet.ended;
    // and a ticket issued before a sign-out opens nothing after it
    const o = await member();
    const tk = await ticket(o.token);
    await t.post('/api/logoff', {}, { token: o.token });
    expect((await openLive(`${t.origin}/api/stream?ticket=${tk}`)).refusal).toMatchObject({ code: CODE.unauthorized, message: LIVE_MSG.ticket });
  });

  it(`keeps at most ${LIVE_LIMITS.streamsPerMember} streams per member: the oldest goes`, async () => {
    const m = await member();
    const open = [];
    for (let i = 0; i < LIVE_LIMITS.streamsPerMember; i++) {
      const s = await stream(m.token);
      await s.next(is('ready'));
      open.push(s);
    }
    const newest = await stream(m.token);
    await newest.next(is('ready'));
    await open[0].next(is('bye', (e) => e.reason === 'limit'));
    await open[0].ended;
    expect(t.liveStream.hub.countOf(m.id)).toBe(LIVE_LIMITS.streamsPerMember);
    await Promise.all([...open, newest].map((s) => s.close()));
  });
});
