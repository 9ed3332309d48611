import { createHash } from 'node:crypto';
import { BET_SIDE_NAMES, fenToYuan, formatYuan, RISK_EVIDENCE_KIND_NAMES, type RiskEvidenceItem } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';
import type { AddressFilter } from './addresses.ts';
import { openEvent } from './events.ts';
import { linkHits } from './links.ts';
import { paramsToWire, type RuleSettings } from './rules.ts';

/**
 * The signals of issue 36 point 3, each checked on one new row (a bet, a withdrawal, a red-packet
 * grab, an activity application) with index reads bounded by that row's member, round or claim:
 * - big_win: a settled bet whose win is at least min_win;
 * - linked_opposite: a bet on a side of a shared round (bets.round_id and bets.side, from the
 *   provider's record: a match), and a member linked to its bettor on another side of the same
 *   round (risk_bet_sides by round), each side staking at least min_stake; the job checks a page of
 *   bets at once (checkBets: the sides, the link values of the bettors and of the other sides'
 *   members, and the pairs' bets each read once for the page, the links compared in memory);
 * - linked_same_promo: a grab or application, and a member linked to its taker who took the same
 *   red packet (rule) or activity, each for at least min_amount;
 * - bonus_hunt: a withdrawal within within_hours of a bonus, rebate, red packet or activity reward
 *   of at least min_bonus, with the valid bets between them at most margin_pct above the turnover
 *   that reward required;
 * - low_turnover: a withdrawal whose deposits of the last lookback_days (since the previous
 *   withdrawal), at least min_deposit, were played through less than turnover_pct.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const n = (v: unknown) => Number(v ?? 0);
const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);

export interface SignalContext {
  db: Kysely<DB>;
  filter: AddressFilter;
  rules: RuleSettings;
  now: number;
  /**
   * per run, read once: members' linked member ids (claims), the members' link values, usernames
   */
  cache: {
    links: Map<number, Set<number>>;
    /** members whose links in `links` were cut (a value shared by more holders than a lookup answers) */
    cut: Set<number>;
    subjects: Map<number, LinkSubject | null>;
    names: Map<number, string>;
    /** members' link values (checkBets) */
    values: Map<number, MemberValues>;
  };
}

export function signalContext(db: Kysely<DB>, filter: AddressFilter, rules: RuleSettings, now: number): SignalContext {
  return { db, filter, rules, now, cache: { links: new Map(), cut: new Set(), subjects: new Map(), names: new Map(), values: new Map() } };
}

/** what linkHits starts a member's links from */
type LinkSubject = Parameters<typeof linkHits>[2][number];

async function usernameOf(s: SignalContext, memberId: number): Promise<string> {
  const known = s.cache.names.get(memberId);
  if (known) return known;
  const m = await s.db.selectFrom('members').select('username').where('id', '=', memberId).executeTakeFirst();
  const name = m?.username ?? `#${memberId}`;
  s.cache.names.set(memberId, name);
  return name;
}

async function subjectOf(s: SignalContext, memberId: number): Promise<LinkSubject | null> {
  if (s.cache.subjects.has(memberId)) return s.cache.subjects.get(memberId)!;
  const m = await s.db.selectFrom('members').select(['id', 'register_ip', 'realname', 'mobile', 'created_at']).where('id', '=', memberId).executeTakeFirst();
  const subject = m ? { id: n(m.id), register_ip: m.register_ip, realname: m.realname ?? '', mobile: m.mobile ?? '', created_at: n(m.created_at) } : null;
  s.cache.subjects.set(memberId, subject);
  return subject;
}

/**
 * The members linked to this one (risk/links.ts: device, address, card, USDT, real name, mobile):
 * every link linkHits finds, not the 100 strongest that memberLinks lists for member 360 (a pair
 * past those was never seen). A value shared by a crowd still answers its first holders only.
 */
async function linkedIds(s: SignalContext, memberId: number): Promise<Set<number>> {
  const known = s.cache.links.get(memberId);
  if (known) return known;
  const subject = await subjectOf(s, memberId);
  const part = subject ? await linkHits(s.db, s.filter, [subject]) : null;
  const ids = new Set(part?.hits.map((h) => h.memberId) ?? []);
  ids.delete(memberId);
  if (part?.truncated.has(memberId)) s.cache.cut.add(memberId);
  s.cache.links.set(memberId, ids);
  return ids;
}

/** one event per pair, whichever member's row found it: the lower id first */
const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

export interface BetRow {
  id: number;
  platform: string;
  bet_id: string;
  member_id: number;
  game_code: string;
  game_name: string;
  bet_amount: number;
  win_loss: number;
  status: number;
  detail: string;
  created_at: number;
  settled_at: number | null;
  /**
   * the provider's round and the side taken (bets.round_id, bets.side); undefined when the
   * caller did not read them, and checkBet reads them by the row's id
   */
  round_id?: string | null;
  side?: string | null;
}

/**
 * The shared round of a bet and the side it took, or null: the provider's round id and side as
 * its bet record (or seamless call) gave them (bets.round_id, bets.side), never the settlement
 * text. A round nobody else can take a side of (slots, fishing, tables against the house) has no
 * side. The key is the venue's round: round ids are the provider's, unique per venue.
 */
export function roundOf(b: { platform: string; game_code: string; game_name: string; round_id?: string | null; side?: string | null }): { key: string; label: string; side: string } | null {
  if (!b.round_id || !b.side) return null;
  const label = `${b.game_name || b.game_code} ${b.round_id}`;
  return { key: createHash('sha256').update(`${b.platform}|${b.round_id}`).digest('hex').slice(0, 64), label, side: b.side };
}
const sideName = (side: string) => BET_SIDE_NAMES[side] ?? side;

const BET_COLUMNS = ['id', 'platform', 'bet_id', 'member_id', 'game_code', 'game_name', 'bet_amount', 'win_loss', 'status', 'detail', 'created_at', 'settled_at', 'round_id', 'side'] as const;

const betItem = (b: BetRow, username: string, note?: string): RiskEvidenceItem => ({
  kind: 'bet',
  ref: `${b.platform}:${b.bet_id}`,
  username,
  amount: fenToYuan(b.bet_amount),
  at: toWireTime(b.created_at),
  ...(note ? { note } : {}),
});

/** big_win and linked_opposite for one bet (checkBets with a page of one) */
export async function checkBet(s: SignalContext, b: BetRow): Promise<void> {
  await checkBets(s, [b]);
}

/** others on another side of a round one bet is compared with (the old per-bet query's limit) */
const OTHERS = 2000;
/** ids a statement reads values of (SQLite allows 32,766 parameters) */
const VALUES_CHUNK = 5000;

/** what a member's links are made of (links.ts), raw as linkHits compares them */
interface MemberValues {
  /** the member exists */
  found: boolean;
  realname: string;
  mobile: string;
  register_ip: string;
  /** distinct devices and sign-in addresses in the order read, card fingerprints */
  devices: string[];
  ips: string[];
  cards: string[];
}

/**
 * The link values of these members, one read of members, member_logins and member_cards for all
 * of them (cached per run): what linkHits reads of a subject, and what it looks a subject's
 * values up in (another member's device, sign-in or registration address, card, real name, mobile).
 */
async function valuesOf(s: SignalContext, memberIds: Iterable<number>): Promise<Map<number, MemberValues>> {
  const cache = s.cache.values;
  const ask = [...new Set(memberIds)].filter((id) => !cache.has(id));
  for (let i = 0; i < ask.length; i += VALUES_CHUNK) {
    const ids = ask.slice(i, i + VALUES_CHUNK);
    const [members, logins, cards] = await Promise.all([
      s.db.selectFrom('members').select(['id', 'register_ip', 'realname', 'mobile']).where('id', 'in', ids).execute(),
      s.db.selectFrom('member_logins').select(['member_id', 'device', 'ip']).where('member_id', 'in', ids).groupBy(['member_id', 'device', 'ip']).execute(),
      s.db.selectFrom('member_cards').select(['member_id', 'number_key']).where('member_id', 'in', ids).execute(),
    ]);
    const v = new Map<number, MemberValues>(ids.map((id) => [id, { found: false, realname: '', mobile: '', register_ip: '', devices: [], ips: [], cards: [] }]));
    for (const m of members) Object.assign(v.get(n(m.id))!, { found: true, realname: m.realname ?? '', mobile: m.mobile ?? '', register_ip: m.register_ip ?? '' });
    const seen = new Set<string>();
    for (const l of logins) {
      const x = v.get(n(l.member_id))!;
      if (l.device !== null && !seen.has(`${l.member_id}|d|${l.device}`)) (seen.add(`${l.member_id}|d|${l.device}`), x.devices.push(l.device));
      if (!seen.has(`${l.member_id}|i|${l.ip}`)) (seen.add(`${l.member_id}|i|${l.ip}`), x.ips.push(l.ip));
    }
    for (const c of cards) if (c.number_key !== null) v.get(n(c.member_id))!.cards.push(c.number_key);
    for (const [id, x] of v) cache.set(id, x);
  }
  return cache;
}

/**
 * The values a subject's links are looked up by, as linkHits takes them: its first OWN_VALUES
 * devices and cards and 2 x OWN_VALUES sign-in addresses (links.ts), addresses the filter ignores
 * left out, the registration address, the trimmed real name and mobile; kinds kept apart.
 */
function ownKeys(s: SignalContext, v: MemberValues): Set<string> {
  const keys = new Set<string>();
  for (const d of v.devices.slice(0, 100)) keys.add(`d|${d}`);
  for (const ip of v.ips.slice(0, 200)) if (!s.filter.ignored(ip)) keys.add(`i|${ip}`);
  if (!s.filter.ignored(v.register_ip)) keys.add(`i|${v.register_ip}`);
  for (const c of v.cards.slice(0, 100)) if (c) keys.add(`c|${c}`);
  if (v.realname.trim()) keys.add(`n|${v.realname.trim()}`);
  if (v.mobile.trim()) keys.add(`m|${v.mobile.trim()}`);
  return keys;
}

/** the values another member is found by when a subject's value is looked up (links.ts: col = value) */
function theirKeys(v: MemberValues): string[] {
  const keys = [...v.devices.map((d) => `d|${d}`), ...v.ips.map((ip) => `i|${ip}`), ...v.cards.map((c) => `c|${c}`)];
  if (v.register_ip) keys.push(`i|${v.register_ip}`);
  if (v.realname) keys.push(`n|${v.realname}`);
  if (v.mobile) keys.push(`m|${v.mobile}`);
  return keys;
}

type Side = { bet_row_id: number; member_id: number; side: string; round_key: string };
const bySideOrder = (a: Side, b: Side) => a.member_id - b.member_id || a.bet_row_id - b.bet_row_id;

/**
 * big_win and linked_opposite for a page of bets, in the page's order, as checkBet did one bet at
 * a time (the same events, opened in the same order), with statements per page instead of per bet:
 * - the sides already kept for the page's rounds (each (round, side) its first OTHERS + 100 by
 *   member: a bet compares with the first OTHERS on the other sides, as the one-bet query did),
 *   read before the page's own sides are written in one insert; a bet also sees the sides of the
 *   page's earlier bets, as it did when each bet wrote its side before looking;
 * - the link values (links.ts kinds) of the bettors and of the members on the other sides, one
 *   read for all (valuesOf), compared in memory: a pair is linked when the bettor's values (what
 *   linkHits looks up) hold one of the other's;
 * - the other sides' bets of the pairs found, one read.
 */
export async function checkBets(s: SignalContext, page: BetRow[]): Promise<void> {
  const { big_win: big, linked_opposite: opp } = s.rules;
  let bets = page;
  if (opp.enabled) {
    const missing = bets.filter((b) => b.status !== 0 && (b.round_id === undefined || b.side === undefined)).map((b) => b.id);
    if (missing.length) {
      const cols = new Map<number, { round_id: string | null; side: string | null }>();
      for (let i = 0; i < missing.length; i += 1000) {
        for (const r of await s.db.selectFrom('bets').select(['id', 'round_id', 'side']).where('id', 'in', missing.slice(i, i + 1000)).execute()) cols.set(n(r.id), { round_id: r.round_id ?? null, side: r.side ?? null });
      }
      bets = bets.map((b) => (b.status !== 0 && (b.round_id === undefined || b.side === undefined) ? { ...b, round_id: cols.get(b.id)?.round_id ?? null, side: cols.get(b.id)?.side ?? null } : b));
    }
  }
  const rounds = new Map<number, NonNullable<ReturnType<typeof roundOf>>>();
  if (opp.enabled) for (const b of bets) if (b.status !== 0) { const r = roundOf(b); if (r) rounds.set(b.id, r); }
  const min = opp.params.min_stake;
  // the sides kept before this page's (the page's bets read again in an overlap among them)
  const kept = new Map<string, Side[]>();
  const looking = bets.filter((b) => rounds.has(b.id) && b.bet_amount >= min);
  const keys = [...new Set(looking.map((b) => rounds.get(b.id)!.key))];
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const rows = await sql<{ bet_row_id: number; member_id: number; side: string; round_key: string }>`
      select bet_row_id, member_id, side, round_key from (
        select bet_row_id, member_id, side, round_key, row_number() over (partition by round_key, side order by member_id, bet_row_id) as rn
        from risk_bet_sides where round_key in (${sql.join(part)}) and stake >= ${min}
      ) k where rn <= ${OTHERS + 100}`.execute(s.db);
    for (const r of rows.rows) {
      const list = kept.get(r.round_key) ?? [];
      kept.set(r.round_key, list);
      list.push({ bet_row_id: n(r.bet_row_id), member_id: n(r.member_id), side: r.side, round_key: r.round_key });
    }
  }
  // the page's sides, one insert; those it wrote (not kept before) are seen by the page's later bets
  const written = new Set<number>();
  const sides = bets.filter((b) => rounds.has(b.id)).map((b) => ({ bet_row_id: b.id, round_key: rounds.get(b.id)!.key, side: rounds.get(b.id)!.side, member_id: b.member_id, stake: b.bet_amount, created_at: b.created_at }));
  for (let i = 0; i < sides.length; i += 1000) {
    const rows = await s.db.insertInto('risk_bet_sides').values(sides.slice(i, i + 1000)).onConflict((oc) => oc.column('bet_row_id').doNothing()).returning('bet_row_id').execute();
    for (const r of rows) written.add(n(r.bet_row_id));
  }
  // each looking bet's others, in the order the one-bet query gave them (its round index: by member)
  const othersOf = new Map<number, Side[]>();
  const earlier = new Map<string, Side[]>();
  for (const b of bets) {
    const round = rounds.get(b.id);
    if (!round) continue;
    if (b.bet_amount >= min) {
      const pool = [...(kept.get(round.key) ?? []), ...(earlier.get(round.key) ?? [])].filter((o) => o.side !== round.side && o.member_id !== b.member_id).sort(bySideOrder).slice(0, OTHERS);
      if (pool.length) othersOf.set(b.id, pool);
    }
    if (written.has(b.id) && b.bet_amount >= min) {
      const list = earlier.get(round.key) ?? [];
      earlier.set(round.key, list);
      list.push({ bet_row_id: b.id, member_id: b.member_id, side: round.side, round_key: round.key });
    }
  }
  // links: the bettors' values against the other sides' members' values
  const linkedPairs = new Map<number, Set<number>>();
  if (othersOf.size) {
    const bettors = new Set(bets.filter((b) => othersOf.has(b.id)).map((b) => b.member_id));
    const everyone = new Set(bettors);
    for (const list of othersOf.values()) for (const o of list) everyone.add(o.member_id);
    const values = await valuesOf(s, everyone);
    const theirs = new Map<number, string[]>();
    for (const id of everyone) theirs.set(id, values.get(id)?.found ? theirKeys(values.get(id)!) : []);
    for (const b of bets) {
      const list = othersOf.get(b.id);
      if (!list) continue;
      const mine = values.get(b.member_id);
      const own = mine?.found ? ownKeys(s, mine) : new Set<string>();
      const linked = linkedPairs.get(b.member_id) ?? new Set<number>();
      linkedPairs.set(b.member_id, linked);
      if (!own.size) continue;
      for (const o of list) if (!linked.has(o.member_id) && theirs.get(o.member_id)!.some((k) => own.has(k))) linked.add(o.member_id);
    }
  }
  // the first bet of each linked member on another side, per looking bet (the events' evidence)
  const hitsOf = new Map<number, Side[]>();
  for (const b of bets) {
    const list = othersOf.get(b.id);
    if (!list) continue;
    const linked = linkedPairs.get(b.member_id)!;
    const done = new Set<number>();
    const hits = list.filter((o) => linked.has(o.member_id) && !done.has(o.member_id) && (done.add(o.member_id), true));
    if (hits.length) hitsOf.set(b.id, hits);
  }
  const theirBets = new Map<number, BetRow>();
  const want = [...new Set([...hitsOf.values()].flat().map((o) => o.bet_row_id))];
  for (let i = 0; i < want.length; i += 1000) {
    const rows = (await s.db.selectFrom('bets').select([...BET_COLUMNS]).where('id', 'in', want.slice(i, i + 1000)).execute()) as BetRow[];
    for (const r of rows) theirBets.set(n(r.id), r);
  }

  for (const b of bets) {
    if (big.enabled && b.status === 1 && b.win_loss > 0 && b.win_loss >= big.params.min_win) {
      const who = await usernameOf(s, b.member_id);
      await openEvent(s.db, {
        rule: 'big_win',
        memberId: b.member_id,
        key: `big_win:bet:${b.platform}:${b.bet_id}`,
        amount: b.win_loss,
        summary: `${who} 在 ${b.game_name || b.game_code} 单笔盈利 ${formatYuan(fenToYuan(b.win_loss), true)} 元`,
        evidence: { items: [betItem(b, who, b.detail || undefined)], figures: { win: fenToYuan(b.win_loss), stake: fenToYuan(b.bet_amount) }, thresholds: paramsToWire(big.params) },
        now: s.now,
      });
    }
    const round = rounds.get(b.id);
    for (const o of (round && hitsOf.get(b.id)) || []) {
      const other = o.member_id;
      const theirs = theirBets.get(o.bet_row_id);
      if (!round || !theirs) continue;
      const [me, them] = [await usernameOf(s, b.member_id), await usernameOf(s, other)];
      const [mine, their] = [sideName(round.side), sideName(theirs.side ?? '')];
      await openEvent(s.db, {
        rule: 'linked_opposite',
        memberId: b.member_id,
        otherMemberId: other,
        key: `linked_opposite:${round.key.slice(0, 40)}:${pairKey(b.member_id, other)}`,
        amount: b.bet_amount + n(theirs.bet_amount),
        summary: `关联账户 ${me} 与 ${them} 在「${round.label}」分别押注「${mine}」与「${their}」`,
        evidence: {
          items: [betItem(b, me, mine), betItem(theirs, them, their)],
          figures: { round: round.label, stake: fenToYuan(b.bet_amount + n(theirs.bet_amount)) },
          thresholds: paramsToWire(opp.params),
        },
        now: s.now,
      });
    }
  }
}

export interface ClaimRow {
  kind: 'red_packet' | 'activity';
  id: number;
  /** grab_no / apply_no */
  no: string;
  member_id: number;
  /** the red packet's rule id or the activity id */
  of: number;
  /** the activity's name or the red packet's */
  title: string;
  amount: number;
  created_at: number;
}

/** linked_same_promo for one grab or application */
export async function checkClaim(s: SignalContext, c: ClaimRow): Promise<void> {
  const rule = s.rules.linked_same_promo;
  if (!rule.enabled || c.amount < rule.params.min_amount) return;
  const linked = [...(await linkedIds(s, c.member_id))];
  if (!linked.length) return;
  const theirs: ClaimRow[] = [];
  for (let i = 0; i < linked.length && theirs.length < 50; i += 500) {
    const ids = linked.slice(i, i + 500);
    if (c.kind === 'red_packet') {
      const rows = await s.db.selectFrom('red_packet_grabs').select(['id', 'grab_no', 'member_id', 'amount', 'created_at']).where('rule_id', '=', c.of).where('member_id', 'in', ids).where('amount', '>=', rule.params.min_amount).orderBy('id').limit(50).execute();
      theirs.push(...rows.map((r) => ({ kind: c.kind, id: n(r.id), no: r.grab_no, member_id: n(r.member_id), of: c.of, title: c.title, amount: n(r.amount), created_at: n(r.created_at) })));
    } else {
      const rows = await s.db.selectFrom('activity_applications').select(['id', 'apply_no', 'member_id', 'bonus', 'created_at']).where('activity_id', '=', c.of).where('member_id', 'in', ids).where('state', '<>', 3).orderBy('id').limit(50).execute();
      theirs.push(...rows.filter((r) => n(r.bonus) >= rule.params.min_amount).map((r) => ({ kind: c.kind, id: n(r.id), no: r.apply_no, member_id: n(r.member_id), of: c.of, title: c.title, amount: n(r.bonus), created_at: n(r.created_at) })));
    }
  }
  const done = new Set<number>();
  for (const t of theirs) {
    if (done.has(t.member_id)) continue;
    done.add(t.member_id);
    const [me, them] = [await usernameOf(s, c.member_id), await usernameOf(s, t.member_id)];
    const what = RISK_EVIDENCE_KIND_NAMES[c.kind];
    const item = (x: ClaimRow, who: string): RiskEvidenceItem => ({ kind: x.kind, ref: x.no, username: who, amount: fenToYuan(x.amount), at: toWireTime(x.created_at), note: x.title });
    await openEvent(s.db, {
      rule: 'linked_same_promo',
      memberId: c.member_id,
      otherMemberId: t.member_id,
      key: `linked_same_promo:${c.kind}:${c.of}:${pairKey(c.member_id, t.member_id)}`,
      amount: c.amount + t.amount,
      summary: `关联账户 ${me} 与 ${them} 领取同一${what}「${c.title}」`,
      evidence: { items: [item(t, them), item(c, me)], figures: { amount: fenToYuan(c.amount + t.amount) }, thresholds: paramsToWire(rule.params) },
      now: s.now,
    });
  }
}

export interface WithdrawalRow {
  id: number;
  withdraw_no: string;
  member_id: number;
  amount: number;
  created_at: number;
}

/** valid turnover of settled bets the member placed in [from, to) (the member's bet index) */
async function turnoverBetween(db: Kysely<DB>, memberId: number, from: number, to: number): Promise<number> {
  const r = await db
    .selectFrom('bets')
    .select(sql<number>`coalesce(sum(valid_amount), 0)`.as('v'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return n(r.v);
}

const BONUS_SOURCES = ['deposit_bonus', 'rebate', 'red_packet', 'activity'] as const;

/** bonus_hunt and low_turnover for one submitted withdrawal */
export async function checkWithdrawal(s: SignalContext, w: WithdrawalRow): Promise<void> {
  const { bonus_hunt: hunt, low_turnover: low } = s.rules;
  const who = await usernameOf(s, w.member_id);
  const wItem: RiskEvidenceItem = { kind: 'withdrawal', ref: w.withdraw_no, username: who, amount: fenToYuan(w.amount), at: toWireTime(w.created_at) };
  if (hunt.enabled) {
    const bonuses = await s.db
      .selectFrom('turnover_requirements')
      .select(['id', 'source', 'reference', 'credited', 'required', 'created_at'])
      .where('member_id', '=', w.member_id)
      .where('created_at', '>=', w.created_at - hunt.params.within_hours * HOUR)
      .where('created_at', '<=', w.created_at)
      .where('source', 'in', [...BONUS_SOURCES])
      .where('credited', '>=', Math.max(1, hunt.params.min_bonus))
      .orderBy('created_at')
      .limit(20)
      .execute();
    for (const b of bonuses) {
      const required = n(b.required);
      const played = await turnoverBetween(s.db, w.member_id, n(b.created_at), w.created_at);
      // played through just enough (never more than margin_pct above what the reward required)
      if (required <= 0 || played > (required * (100 + hunt.params.margin_pct)) / 100) continue;
      const hours = Math.round(((w.created_at - n(b.created_at)) / HOUR) * 10) / 10;
      await openEvent(s.db, {
        rule: 'bonus_hunt',
        memberId: w.member_id,
        key: `bonus_hunt:withdrawal:${w.withdraw_no}`,
        amount: n(b.credited),
        summary: `${who} 领取${RISK_EVIDENCE_KIND_NAMES[b.source] ?? b.source} ${formatYuan(fenToYuan(n(b.credited)), true)} 元，流水 ${formatYuan(fenToYuan(played), true)} 元（所需 ${formatYuan(fenToYuan(required), true)} 元），${hours} 小时后提款`,
        evidence: {
          items: [{ kind: b.source as RiskEvidenceItem['kind'], ref: b.reference, username: who, amount: fenToYuan(n(b.credited)), at: toWireTime(n(b.created_at)) }, wItem],
          figures: { bonus: fenToYuan(n(b.credited)), required: fenToYuan(required), turnover: fenToYuan(played), hours },
          thresholds: paramsToWire(hunt.params),
        },
        now: s.now,
      });
      break;
    }
  }
  if (low.enabled) {
    // since the member's previous withdrawal, within lookback_days
    const prev = await s.db
      .selectFrom('withdrawals')
      .select('created_at')
      .where('member_id', '=', w.member_id)
      .where('created_at', '<', w.created_at)
      .where('created_at', '>=', w.created_at - low.params.lookback_days * DAY)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const since = prev ? n(prev.created_at) : w.created_at - low.params.lookback_days * DAY;
    const deposits = await s.db
      .selectFrom('deposits')
      .select(['deposit_no', 'credited_amount', 'credited_at'])
      .where('member_id', '=', w.member_id)
      .where('created_at', '>=', since - DAY)
      .where('status', '=', 'credited')
      .where('credited_at', '>=', since)
      .where('credited_at', '<=', w.created_at)
      .orderBy('credited_at')
      .limit(200)
      .execute();
    const total = deposits.reduce((sum, d) => sum + n(d.credited_amount), 0);
    if (deposits.length && total >= Math.max(1, low.params.min_deposit)) {
      const played = await turnoverBetween(s.db, w.member_id, n(deposits[0].credited_at), w.created_at);
      if (played * 100 < total * low.params.turnover_pct) {
        await openEvent(s.db, {
          rule: 'low_turnover',
          memberId: w.member_id,
          key: `low_turnover:withdrawal:${w.withdraw_no}`,
          amount: w.amount,
          summary: `${who} 存款 ${formatYuan(fenToYuan(total), true)} 元，有效投注 ${formatYuan(fenToYuan(played), true)} 元（${pct(played, total)}%）即提款 ${formatYuan(fenToYuan(w.amount), true)} 元`,
          evidence: {
            items: [...deposits.slice(0, 20).map((d): RiskEvidenceItem => ({ kind: 'deposit', ref: d.deposit_no, username: who, amount: fenToYuan(n(d.credited_amount)), at: toWireTime(n(d.credited_at)) })), wItem],
            figures: { deposits: fenToYuan(total), turnover: fenToYuan(played), turnover_pct: pct(played, total) },
            thresholds: paramsToWire(low.params),
          },
          now: s.now,
        });
      }
    }
  }
}
