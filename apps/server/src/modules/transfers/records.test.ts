import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, type TransferRecordRow } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { newMember, startVenueApp, type Member } from './testing.ts';

describe('transaction records of transfers (types 3 and 4)', () => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await startVenueApp();
    a = await newMember(t, 'records01', 300);
    b = await newMember(t, 'records02', 300);
  });
  afterAll(() => t.stop());

  const records = async (body: Record<string, unknown>, who: Member = a) => {
    const reply = await t.post('/api/gettransrecord', body, { token: who.token });
    expect(reply.code, reply.message).toBe(200);
    return reply.data as { data: TransferRecordRow[]; total: number; last_page: number; current_page: number; per_page: number };
  };
  const transfer = (m: Member, amount: number, source: string, target: string) =>
    t.post('/api/transfer', { amount, sourcetype: source, targettype: target }, { token: m.token });

  it('type 4 lists money sent from the central wallet into venues, type 3 money that came back', async () => {
    await transfer(a, 100, 'userbalance', 'pp');
    await transfer(a, 50, 'userbalance', 'ag');
    await transfer(a, 30, 'pp', 'userbalance');
    const out = await records({ type: 4, date: 1, page: 1 });
    expect(out).toMatchObject({ total: 2, last_page: 1, current_page: 1, per_page: 15 });
    expect(out.data[0]).toMatchObject({ amount: 50, pay_way: '平台钱包 → AG真人', state: 1, platform: 'ag' });
    expect(out.data[1]).toMatchObject({ amount: 100, pay_way: '平台钱包 → PP电子', state: 1, platform: 'pp' });
    expect(out.data[0].out_trade_no).toMatch(/^CST[0-9A-Z]{10,24}$/);
    expect(out.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const back = await records({ type: 3 });
    expect(back.total).toBe(1);
    expect(back.data[0]).toMatchObject({ amount: 30, pay_way: 'PP电子 → 平台钱包', state: 1 });
    expect((await records({ type: 4, api_type: 'pp' })).total).toBe(1);
    // deposits and withdrawals come with payments
    expect(await records({ type: 1 })).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect(await records({ type: 2 })).toMatchObject({ data: [], total: 0 });
  });

  it('never lists another member\'s transfers', async () => {
    expect((await records({ type: 4 }, b)).total).toBe(0);
    await transfer(b, 10, 'userbalance', 'pp');
    expect((await records({ type: 4 }, b)).total).toBe(1);
    expect((await records({ type: 4 })).total).toBe(2);
  });

  it('pages and filters by Beijing days, and refuses bad queries', async () => {
    const day = 86_400_000;
    const now = Date.now();
    await t.ctx.db
      .insertInto('venue_transfers')
      .values(
        Array.from({ length: 41 }, (_, i) => ({
          transfer_id: `OLD${i}`,
          member_id: b.id,
          platform: 'pp',
          direction: 'from_venue' as const,
          amount: 100 + i,
          status: i % 3,
          created_at: (i === 40 ? now - 45 * day : [now - 1000, now - 5 * day, now - 12 * day, now - 25 * day][Math.floor(i / 10)]) - i,
          settled_at: null,
        })),
      )
      .execute();
    const totals = [];
    for (const date of [1, 2, 3, 4]) totals.push((await records({ type: 3, date }, b)).total);
    expect(totals).toEqual([10, 20, 30, 40]);
    const p3 = await records({ type: 3, page: 3 }, b);
    expect(p3).toMatchObject({ total: 40, last_page: 3, current_page: 3 });
    expect(p3.data).toHaveLength(10);
    expect(p3.data.map((r) => r.state)).toContain(2);
    // newest first across pages
    const p1 = await records({ type: 3, page: 1 }, b);
    expect(p1.data[0].out_trade_no).toBe('OLD0');
    for (const body of [{ type: 5 }, { type: 3, date: 7 }, { type: 3, page: -1 }, { type: 3, page: 'x' }]) {
      expect((await t.post('/api/gettransrecord', body, { token: b.token })).code, JSON.stringify(body)).toBe(CODE.invalid);
    }
  });
});
