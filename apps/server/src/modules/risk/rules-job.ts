import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { AddressFilter } from './addresses.ts';
import { loadRules } from './rules.ts';
import { checkBet, checkClaim, checkWithdrawal, signalContext, type BetRow, type SignalContext } from './rules-signals.ts';

/**
 * The rules job (issue 36 point 3): every 15 s, the rows written since its saved watermark (never
 * the whole table) go through the signals of rules-signals.ts:
 * - bets by pulled_at (the pull stamps a row each time it is written, so a bet settled later is
 *   seen again when it settles): the (pulled_at, member_id) index;
 * - withdrawals by created_at (submission): the (created_at) index;
 * - red-packet grabs by id, activity applications by (created_at, id).
 * Each source is read from OVERLAP_MS before its mark (a row committed late, after a later one was
 * read, is still seen) up to the run's `now`, in keyset pages; events are keyed by their evidence,
 * so reading a row twice opens nothing twice. A first run starts FIRST_LOOKBACK_MS back.
 */

const OVERLAP_MS = 2 * 60_000;
const FIRST_LOOKBACK_MS = 60 * 60_000;
const PAGE = 1000;
/** match sides kept this long (a match is bet on for days at most) */
const SIDES_KEPT_MS = 14 * 86_400_000;
const n = (v: unknown) => Number(v ?? 0);

async function markOf(db: Kysely<DB>, name: string): Promise<number | null> {
  const r = await db.selectFrom('risk_marks').select('value').where('name', '=', name).executeTakeFirst();
  return r ? n(r.value) : null;
}
async function setMark(db: Kysely<DB>, name: string, value: number) {
  await db.insertInto('risk_marks').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

/** from (mark - overlap) to now: the window a source is read in */
async function windowOf(db: Kysely<DB>, name: string, now: number) {
  const mark = await markOf(db, name);
  return { from: (mark ?? now - FIRST_LOOKBACK_MS) - OVERLAP_MS, to: now };
}

async function bets(s: SignalContext, from: number, to: number) {
  let after = { t: from - 1, id: Number.MAX_SAFE_INTEGER };
  for (;;) {
    const rows = await s.db
      .selectFrom('bets')
      .select(['id', 'platform', 'bet_id', 'member_id', 'game_code', 'game_name', 'bet_amount', 'win_loss', 'status', 'detail', 'created_at', 'settled_at', 'pulled_at'])
      .where((eb) => eb.or([eb('pulled_at', '>', after.t), eb.and([eb('pulled_at', '=', after.t), eb('id', '>', after.id)])]))
      .where('pulled_at', '>=', from)
      .where('pulled_at', '<', to)
      .orderBy('pulled_at')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      const b: BetRow = { ...r, id: n(r.id), member_id: n(r.member_id), bet_amount: n(r.bet_amount), win_loss: n(r.win_loss), status: n(r.status), created_at: n(r.created_at), settled_at: r.settled_at === null ? null : n(r.settled_at) };
      await checkBet(s, b);
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { t: n(last.pulled_at), id: n(last.id) };
  }
}

async function withdrawals(s: SignalContext, from: number, to: number) {
  let afterId = 0;
  for (;;) {
    const rows = await s.db
      .selectFrom('withdrawals')
      .select(['id', 'withdraw_no', 'member_id', 'amount', 'created_at'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const w of rows) await checkWithdrawal(s, { id: n(w.id), withdraw_no: w.withdraw_no, member_id: n(w.member_id), amount: n(w.amount), created_at: n(w.created_at) });
    if (rows.length < PAGE) return;
    afterId = n(rows[rows.length - 1].id);
  }
}

async function claims(s: SignalContext, from: number, to: number) {
  let afterId = 0;
  for (;;) {
    const rows = await s.db
      .selectFrom('activity_applications')
      .select(['id', 'apply_no', 'member_id', 'activity_id', 'activity_name', 'bonus', 'state', 'created_at'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('id', '>', afterId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const a of rows) {
      if (n(a.state) === 3) continue;
      await checkClaim(s, { kind: 'activity', id: n(a.id), no: a.apply_no, member_id: n(a.member_id), of: n(a.activity_id), title: a.activity_name, amount: n(a.bonus), created_at: n(a.created_at) });
    }
    if (rows.length < PAGE) break;
    afterId = n(rows[rows.length - 1].id);
  }
}

/** grabs by id (their table has no time index of its own): the ids past the mark, less a margin for late commits */
async function grabs(s: SignalContext, now: number) {
  const mark = await markOf(s.db, 'red_packet_grabs');
  let afterId = mark === null ? n((await s.db.selectFrom('red_packet_grabs').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m) - PAGE : mark - 200;
  let top = mark ?? 0;
  const names = new Map<number, string>();
  for (;;) {
    const rows = await s.db.selectFrom('red_packet_grabs').select(['id', 'grab_no', 'member_id', 'rule_id', 'amount', 'created_at']).where('id', '>', afterId).where('created_at', '<', now).orderBy('id').limit(PAGE).execute();
    for (const g of rows) {
      const ruleId = n(g.rule_id);
      if (!names.has(ruleId)) names.set(ruleId, (await s.db.selectFrom('red_packet_rules').select('name').where('id', '=', ruleId).executeTakeFirst())?.name ?? `#${ruleId}`);
      await checkClaim(s, { kind: 'red_packet', id: n(g.id), no: g.grab_no, member_id: n(g.member_id), of: ruleId, title: names.get(ruleId)!, amount: n(g.amount), created_at: n(g.created_at) });
      top = Math.max(top, n(g.id));
    }
    if (rows.length < PAGE) break;
    afterId = n(rows[rows.length - 1].id);
  }
  await setMark(s.db, 'red_packet_grabs', top);
}

/** One run at `now` (tests pass their own clock; DESIGN.md section 6). */
export async function runRiskRules(db: Kysely<DB>, filter: AddressFilter, now: number): Promise<void> {
  const rules = await loadRules(db);
  const s = signalContext(db, filter, rules, now);
  if (rules.big_win.enabled || rules.linked_opposite.enabled) {
    const w = await windowOf(db, 'bets', now);
    await bets(s, w.from, w.to);
  }
  await setMark(db, 'bets', now);
  if (rules.bonus_hunt.enabled || rules.low_turnover.enabled) {
    const w = await windowOf(db, 'withdrawals', now);
    await withdrawals(s, w.from, w.to);
  }
  await setMark(db, 'withdrawals', now);
  if (rules.linked_same_promo.enabled) {
    const w = await windowOf(db, 'activity_applications', now);
    await claims(s, w.from, w.to);
    await grabs(s, now);
  } else {
    // re-enabled later: start again from the newest grabs, never from where it stopped
    await db.deleteFrom('risk_marks').where('name', '=', 'red_packet_grabs').execute();
  }
  await setMark(db, 'activity_applications', now);
  await db.deleteFrom('risk_bet_sides').where('created_at', '<', now - SIDES_KEPT_MS).execute();
}

export function riskJobs(db: Kysely<DB>, filter: AddressFilter): Job[] {
  return [{ name: 'risk_rules', everySeconds: 15, leaseMs: 5 * 60_000, run: async (_ctx, now) => void (await runRiskRules(db, filter, now)) }];
}
