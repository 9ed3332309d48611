import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import * as repo from './repo.ts';
import { dateOfDay } from './service.ts';

/**
 * Issue 37 point 4: the members and agents reports over a kept window (7 days, 30 days, month to
 * date) read per-member rows the rollup keeps; every page, count and total must be what summing
 * the member-days gives, to the fen: after the first build, after bets and ledger money land on
 * days inside and outside the windows (a new member among them), and after the windows move a day.
 */
const HOUR = 3_600_000;
/** 2026-03-04 00:00:00 Beijing: the month to date is 4 days, the 7 and 30 days reach into February */
const TODAY = Date.UTC(2026, 2, 3, 16);
const at = (dayOffset: number, hours: number) => TODAY + dayOffset * 24 * HOUR + hours * HOUR;

describe('reports over the kept windows', () => {
  let t: TestApp;
  const ids: number[] = [];
  let betNo = 0;
  let key = 0;

  const bet = (member: number, stake: number, result: number, settledAt: number) => ({
    platform: 'pp', bet_id: `wb${++betNo}`, member_id: member, game_code: 'g', game_name: '游戏', category_id: 'realbet', bet_amount: stake, valid_amount: stake - 100,
    win_loss: result, status: 1, created_at: settledAt - HOUR, settled_at: settledAt, pulled_at: settledAt,
  });
  const credit = (memberId: number, amount: number, kind: 'deposit' | 'bonus' | 'rebate' | 'red_packet' | 'adjustment', now: number) => {
    const house = ({ deposit: 'deposits', bonus: 'bonus', rebate: 'rebate', red_packet: 'red_packet', adjustment: 'adjustments' } as const)[kind];
    const k = `w-${++key}`;
    return wallet.creditFromHouse(t.ctx.db, { memberId, amount, house, kind, reference: k, idempotencyKey: k, now });
  };

  /** every page of both reports over each window, at a few page sizes: the kept rows against the member-days */
  async function agree(today: number) {
    for (const w of repo.windowsOn(repo.dayNumber(today))) {
      // the fast path answers for these days (not a vacuous comparison)
      expect(await repo.windowMembersPage(t.ctx.db, { from: w.from, to: w.to, limit: 1, offset: 0 })).not.toBeNull();
      const range = { from: dateOfDay(w.from), to: dateOfDay(w.to) };
      for (const per_page of [1, 3, 20]) {
        const members = await t.reports.members({ ...range, page: 1, per_page }, true);
        for (let page = 1; page <= members.last_page + 1; page++) {
          expect(await t.reports.members({ ...range, page, per_page }), `${w.name} members page ${page} of ${per_page}`).toEqual(await t.reports.members({ ...range, page, per_page }, true));
        }
        const agents = await t.reports.agents({ ...range, page: 1, per_page }, true);
        for (let page = 1; page <= agents.last_page + 1; page++) {
          expect(await t.reports.agents({ ...range, page, per_page }), `${w.name} agents page ${page} of ${per_page}`).toEqual(await t.reports.agents({ ...range, page, per_page }, true));
        }
      }
    }
  }

  beforeAll(async () => {
    t = await startApp();
    // 14 members: a third referred by wnd0000, a third by an outside code, a third by no one
    for (let i = 0; i < 14; i++) {
      await t.register(`wnd${String(i).padStart(4, '0')}`, i % 3 === 0 ? { pid: 'wnd0000' } : i % 3 === 1 ? { pid: 'AGX01' } : {});
    }
    const rows = await t.ctx.db.selectFrom('members').select(['id', 'username']).where('username', 'like', 'wnd%').orderBy('username').execute();
    ids.push(...rows.map((r) => Number(r.id)));
    // bets over 40 days before today (stakes repeat, so ranks tie and fall back to the member id)
    const bets = [];
    for (let i = 0; i < ids.length; i++) {
      for (const d of [-35, -29, -28, -10, -6, -3, -1, 0]) {
        if ((i + d) % 4 === 0) continue;
        bets.push(bet(ids[i], 1000 * (((i * 7 - d) % 5) + 1), ((i + d) % 3) * 700 - 700, at(d, 12 + (i % 10))));
      }
    }
    await t.ctx.db.insertInto('bets').values(bets).execute();
    // ledger money on some of those days (one member with money and no bets at all: wnd0013's bets are dropped below)
    for (let i = 0; i < ids.length; i++) {
      await credit(ids[i], 10_000 + i * 100, 'deposit', at(-(i % 9), 10));
      if (i % 2 === 0) await credit(ids[i], 500, 'bonus', at(-(i % 31), 11));
      if (i % 3 === 2) await credit(ids[i], 120, 'rebate', at(-2, 9));
      if (i % 5 === 0) await credit(ids[i], 60, 'red_packet', at(-30, 23) + 59 * 60_000);
    }
    await wallet.debitToHouse(t.ctx.db, { memberId: ids[4], amount: 35, house: 'adjustments', kind: 'adjustment', reference: 'w-adj-out', idempotencyKey: 'w-adj-out', now: at(-5, 8) });
    await t.ctx.db.deleteFrom('bets').where('member_id', '=', ids[13]).execute();
    const run = await t.reports.rollup(at(0, 20));
    expect(run.windows).toBe(3);
  });
  afterAll(() => t?.stop());

  it('answers from the windows what the member-days sum to, after the first build', async () => {
    const d30 = repo.windowsOn(repo.dayNumber(TODAY))[1];
    const page = await t.reports.members({ from: dateOfDay(d30.from), to: dateOfDay(d30.to), page: 1, per_page: 20 });
    expect(page.total).toBeGreaterThan(10);
    await agree(at(0, 20));
  });

  it('keeps agreeing as bets and money land inside and outside the windows, and a member joins one', async () => {
    await t.register('wnd0014', { pid: 'AGX01' });
    const late = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'wnd0014').executeTakeFirstOrThrow()).id);
    await t.ctx.db
      .insertInto('bets')
      .values([bet(ids[1], 4000, 2500, at(0, 21)), bet(ids[2], 9000, -9000, at(-20, 5)), bet(late, 3000, -100, at(-1, 7)), bet(ids[5], 1000, 0, at(-40, 7))])
      .execute();
    await credit(ids[13], 7000, 'deposit', at(0, 21));
    await credit(late, 800, 'bonus', at(0, 21));
    await credit(ids[6], 100, 'adjustment', at(0, 21));
    // a rollup run already going while others start: each bet is added once, to the windows too
    await Promise.all([t.reports.rollup(at(0, 22)), t.reports.rollup(at(0, 22))]);
    await agree(at(0, 22));
    const mtd = repo.windowsOn(repo.dayNumber(TODAY))[2];
    const one = await t.reports.members({ from: dateOfDay(mtd.from), to: dateOfDay(mtd.to), page: 1, per_page: 50 });
    expect(one.data.find((r) => r.username === 'wnd0014')).toMatchObject({ bets: 30, bonuses: 8 });
  });

  it('moves the windows with the day and still agrees', async () => {
    await t.ctx.db.insertInto('bets').values([bet(ids[3], 2000, 1000, at(1, 1)), bet(ids[7], 5000, -5000, at(1, 2))]).execute();
    await credit(ids[8], 3000, 'deposit', at(1, 3));
    const run = await t.reports.rollup(at(1, 4));
    expect(run.windows).toBe(3);
    await agree(at(1, 4));
  });

  it('leaves the ledger consistent', async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
