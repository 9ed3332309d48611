import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';
import { playerName } from '../../src/adapters/venues/index.ts';
import { remaining } from '../../src/modules/turnover/index.ts';
import { wallet } from '../../src/modules/wallet/index.ts';
import { VENUES, type Model } from './model.ts';

/**
 * The model test's checks (issue 35 point 1). After every command, what the command could have
 * changed, each read in one statement: the sequence's members' central, hold and transit
 * balances; their venue balances (the sandbox provider's own book, one read); turnover owed;
 * every house and venue clearing account against the moves the model expects (money conserved).
 * At each sequence's end, everything: verify() over the whole ledger, the venue balances the
 * member's own call answers, and each number's one final state in its table.
 */
export interface Real {
  t: TestApp;
  /** two operators: a decision by one, a race between both, a second approval */
  admin: string;
  admin2: string;
  /** a third operator: adjusts agent statements (whoever raises a total never approves it) */
  admin3: string;
  members: Map<string, { token: string; id: number; cardId: number }>;
  /** house and venue clearing balances when the sequence began */
  houseStart: Map<string, number>;
  /** shared by every sequence of the app: the operators' immediate adjustments today (fen) */
  shared: Shared;
}

export interface Shared {
  adjustedToday: Map<string, number>;
  /** the site's two-person threshold and daily immediate cap of adjustments (fen) */
  adjustRules: { threshold: number; cap: number };
  /** the sandbox provider's own records, read-only */
  venueBook: Database.Database;
  promo: Promo;
}

/** the promotions' and agents' terms the model needs, and the clocks the commands move */
export interface Promo {
  /** the promotions clock's offset from the real one while a command sets it (null: real time) */
  clock: { offset: number | null };
  /** the rebate rate of the slots (electronic) at VIP level 0, basis points; its turnover multiple */
  rebateBp: number;
  rebateMultiple: number;
  /** the model test's red-packet rule (fen) */
  redPacket: { depositMin: number; grabs: number; amountMin: number; amountMax: number; multiple: number };
  /** the activities shown to members */
  activities: number[];
  /** agent commission: its turnover multiple and the total above which a second operator approves (fen) */
  commissionMultiple: number;
  statementThreshold: number;
  /** the next fresh rebate day and agent month (counters over the app's sequences) */
  nextDay: number;
  nextMonth: number;
}

export function openVenueBook(t: TestApp): Database.Database {
  return new Database(path.join(t.ctx.config.sandboxDataDir!, 'sandbox-provider.sqlite'), { readonly: true, fileMustExist: true });
}

export async function houseBalances(t: TestApp): Promise<Map<string, number>> {
  const rows = await sql<{ code: string; balance: number | string }>`select code, balance from ledger_accounts where member_id is null`.execute(t.ctx.db);
  return new Map(rows.rows.map((r) => [r.code, Number(r.balance)]));
}

export const stats = { commands: 0, byKind: new Map<string, number>(), msByKind: new Map<string, number>(), last: 0, tally: new Map<string, number>() };

/** counts an outcome worth seeing in the run's summary (so a run whose commands were all refused shows it) */
export const tally = (what: string) => stats.tally.set(what, (stats.tally.get(what) ?? 0) + 1);

/** what a command could change, against the model: after every command */
export async function checkStep(m: Model, r: Real, label: string) {
  const { t } = r;
  stats.commands++;
  const kind = label.replace(/\(.*$/, '');
  stats.byKind.set(kind, (stats.byKind.get(kind) ?? 0) + 1);
  // the time since the previous check ended: this command's own cost (a rough profile)
  const now = performance.now();
  if (stats.last) stats.msByKind.set(kind, (stats.msByKind.get(kind) ?? 0) + (now - stats.last));
  stats.last = now;
  const ids = m.members.map((mm) => r.members.get(mm.name)!.id);
  const prefix = t.ctx.config.venuePlayerPrefix;
  const [accounts, house, owed] = await Promise.all([
    t.ctx.db.selectFrom('ledger_accounts').select(['member_id', 'code', 'balance']).where('member_id', 'in', ids).execute(),
    houseBalances(t),
    Promise.all(ids.map((id) => remaining(t.ctx.db, id))),
  ]);
  const venueRows = r.shared.venueBook
    .prepare(`select username, platform, balance_fen from wallets where username in (${ids.map(() => '?').join(',')})`)
    .all(...ids.map((id) => playerName(prefix, id))) as { username: string; platform: string; balance_fen: number }[];
  const real = m.members.map((mm, i) => {
    const id = ids[i]!;
    const bal = (kind: string) => Number(accounts.find((a) => a.code === `member:${id}:${kind}`)?.balance ?? 0);
    const venues = Object.fromEntries(VENUES.map((v) => [v, venueRows.find((x) => x.username === playerName(prefix, id) && x.platform === v)?.balance_fen ?? 0]));
    return { member: mm.name, central: bal('central'), hold: bal('withdraw_hold'), transit: bal('transit'), owed: owed[i], venues };
  });
  const expected = m.members.map((mm) => ({ member: mm.name, central: mm.central, hold: mm.hold, transit: 0, owed: mm.owed, venues: mm.venues }));
  expect(real, `${label}: members`).toEqual(expected);
  // no negative balance anywhere on the members' side (verify() checks every member at the end)
  expect(
    accounts.filter((a) => Number(a.balance) < 0),
    `${label}: no negative balance`,
  ).toEqual([]);
  // conserved: each house and clearing account moved by what the model says, nothing else
  const moved = new Map<string, number>();
  for (const [code, fen] of house) if (fen !== (r.houseStart.get(code) ?? 0)) moved.set(code, fen - (r.houseStart.get(code) ?? 0));
  const want = new Map([...m.house].filter(([, fen]) => fen !== 0));
  expect(Object.fromEntries(moved), `${label}: house accounts`).toEqual(Object.fromEntries(want));
  // the check's own time, apart from the commands'
  stats.last = performance.now();
  stats.msByKind.set('(checks after each command)', (stats.msByKind.get('(checks after each command)') ?? 0) + (stats.last - now));
}

/** everything, at each sequence's end */
export async function checkEnd(m: Model, r: Real, label: string) {
  const { t } = r;
  expect(await wallet.verify(t.ctx.db), `${label}: verify()`).toEqual([]);
  // the balances the member's own call answers (over HTTP from the venue) agree with its book
  for (const mm of m.members) {
    const real = r.members.get(mm.name)!;
    const list = await t.post('/api/balancelist', {}, { token: real.token });
    const venues = Object.fromEntries(VENUES.map((v) => [v, Math.round(Number((list.data as { platname: string; balance: number }[]).find((x) => x.platname === v)?.balance ?? 0) * 100)]));
    expect({ label, member: mm.name, venues }).toEqual({ label, member: mm.name, venues: mm.venues });
    // each number reached its one final state, and the table holds that state
    for (const [key, state] of mm.finals) {
      const [kind, no] = key.split(':') as [string, string];
      const got =
        kind === 'deposit'
          ? (await t.ctx.db.selectFrom('deposits').select('status').where('deposit_no', '=', no).executeTakeFirst())?.status
          : kind === 'withdrawal'
            ? { 1: 'pending', 2: 'paid', 3: 'rejected' }[Number((await t.ctx.db.selectFrom('withdrawals').select('state').where('withdraw_no', '=', no).executeTakeFirst())?.state)]
            : kind === 'adjustment'
              ? (await t.ctx.db.selectFrom('member_adjustments').select('state').where('adjustment_no', '=', no).executeTakeFirst())?.state
              : kind === 'transfer'
                ? String((await t.ctx.db.selectFrom('venue_transfers').select('status').where('transfer_id', '=', no).executeTakeFirst())?.status)
                : kind === 'activity'
                  ? { 1: 'pending', 2: 'approved', 3: 'rejected' }[Number((await t.ctx.db.selectFrom('activity_applications').select('state').where('apply_no', '=', no).executeTakeFirst())?.state)]
                  : kind === 'statement'
                    ? { 1: 'pending', 2: 'approved once', 3: 'paid', 4: 'rejected' }[Number((await t.ctx.db.selectFrom('agent_statements').select('state').where('statement_no', '=', no).executeTakeFirst())?.state)]
                    : `unknown kind ${kind}`;
      expect({ label, key, state: got }).toEqual({ label, key, state });
    }
  }
  await checkStep(m, r, label);
}
