import { CODE, LINK_KIND_NAMES, RISK_MSG, ADMIN_MEMBER_MSG, type AdminPaged, type LinkKind, type LinkedMember, type MemberLinks, type MemberLoginRow, type RiskSearchReply, type RiskSearchRow, type SharedValue } from '@casino/contract';
import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import type { AddressFilter } from './addresses.ts';
import { asRiskLevel } from './levels.ts';

/**
 * Links between members (issue 36 point 2, DESIGN.md section 15): two members are linked when
 * they share a device id (member_logins.device, registrations and sign-ins), an address (the
 * registration address or a sign-in's; loopback and the operator's proxies never), a card or a
 * USDT address (member_cards.number_key, the keyed fingerprint; unbound cards too), a real name
 * or a mobile. Every read starts from one member's own rows, then looks the values up by index:
 * member_logins (device, member_id, created_at) and (ip, member_id, created_at), members
 * (register_ip, id), member_cards (number_key), members (realname), members (mobile). A value
 * shared by more than PER_VALUE members answers the first ones and says `truncated`.
 */

/** the member's own distinct values of a kind that are looked up */
const OWN_VALUES = 100;
/** linked members answered per kind */
const PER_KIND = 300;
/** members answered by a search */
const SEARCH_LIMIT = 300;
/**
 * linked members one answer lists, most shared first; `total` says how many there are. A real
 * name is shared by about 2,000 members at 1 million: the answer lists the strongest links and
 * the count, and /risk/search by that name lists its holders.
 */
export const LINKS_LISTED = 100;

const n = (v: unknown) => Number(v ?? 0);
const time = toWireTime;

/** what operators read for a shared value: enough to tell values apart, not the whole of a private one */
export function maskValue(kind: LinkKind, value: string): string {
  switch (kind) {
    case 'device':
      return value.length > 12 ? `${value.slice(0, 8)}…${value.slice(-4)}` : value;
    case 'ip':
      return value;
    case 'card':
    case 'usdt':
      return `尾号 ${value.slice(-4)}`;
    case 'realname':
      return value.length <= 1 ? '*' : `${value.slice(0, 1)}${'*'.repeat(Math.min(value.length - 1, 3))}`;
    case 'mobile':
      return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
  }
}

/** one link: `of` shares `value` (raw: a device id, an address, a card's fingerprint, a name, a mobile) with `memberId` */
export type RawHit = {
  of: number;
  memberId: number;
  kind: LinkKind;
  value: string;
  /** what an operator may read of it before masking (a card's last 4 digits; the value otherwise) */
  shown: string;
  since: number;
  /** an address: it is the registration address of either side */
  registration?: boolean;
};
type Part = { hits: RawHit[]; truncated: Set<number> };
type Subject = { id: number; register_ip: string; realname: string; mobile: string; created_at: number };

async function memberRow(db: Kysely<DB>, username: string) {
  const m = await db.selectFrom('members').select(['id', 'username', 'realname', 'mobile', 'register_ip', 'created_at', 'risk_level']).where('username', '=', username.toLowerCase()).executeTakeFirst();
  if (!m) refuse(ADMIN_MEMBER_MSG.notFound, CODE.notFound);
  return m;
}

/** value -> the subjects holding it, with their first use */
type Owners = Map<string, Map<number, number>>;
function own(owners: Owners, value: string, of: number, at: number) {
  const m = owners.get(value) ?? new Map<number, number>();
  owners.set(value, m);
  m.set(of, Math.min(m.get(of) ?? Infinity, at));
}

/**
 * One statement for many values, each answering at most `cap` holders (a value shared by a crowd,
 * such as a carrier's address, never reads the crowd): `select * from (... where col = v limit
 * cap) union all ...`, 200 values a statement (SQLite allows 500 compound terms).
 */
async function perValue<R>(values: string[], arm: (v: string) => { execute(): Promise<R[]> } & { unionAll(o: any): any }): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += 200) {
    const arms = values.slice(i, i + 200).map(arm);
    const q = arms.slice(1).reduce((acc, a) => acc.unionAll(a), arms[0]);
    out.push(...((await q.execute()) as R[]));
  }
  return out;
}

/** attributes the holders found for each value to the subjects holding it; at most PER_KIND a subject and kind */
function attribute(owners: Owners, found: { value: string; memberId: number; at: number; kind: LinkKind; shown?: string; registration?: boolean }[], part: Part, counted: Map<string, Set<number>>) {
  for (const f of found) {
    for (const [of, mine] of owners.get(f.value) ?? []) {
      if (of === f.memberId) continue;
      const key = `${of}|${f.kind}`;
      const seen = counted.get(key) ?? new Set<number>();
      counted.set(key, seen);
      if (!seen.has(f.memberId) && seen.size >= PER_KIND) {
        part.truncated.add(of);
        continue;
      }
      seen.add(f.memberId);
      part.hits.push({ of, memberId: f.memberId, kind: f.kind, value: f.value, shown: f.shown ?? f.value, since: Math.max(f.at, mine), ...(f.registration ? { registration: true } : {}) });
    }
  }
}

/**
 * The links of several members at once (the withdrawal list's page, member 360's one member, an
 * agent's downline member against the agent): a fixed number of statements whatever the number
 * of members. `among`, when given, keeps only links to those members.
 */
export async function linkHits(db: Kysely<DB>, filter: AddressFilter, subjects: Subject[], among?: number[]): Promise<Part> {
  const part: Part = { hits: [], truncated: new Set() };
  if (!subjects.length || (among && !among.length)) return part;
  const ids = subjects.map((s) => s.id);
  const counted = new Map<string, Set<number>>();
  const only = <Q extends { where: any }>(q: Q, col: string): Q => (among ? q.where(col, 'in', among) : q);
  // each value answers its holders besides the subjects themselves, up to PER_KIND + 1 others
  const cap = (holders: number) => PER_KIND + 1 + holders;

  const nameOwners: Owners = new Map();
  const mobileOwners: Owners = new Map();
  for (const s of subjects) {
    if (s.realname.trim()) own(nameOwners, s.realname.trim(), s.id, s.created_at);
    if (s.mobile.trim()) own(mobileOwners, s.mobile.trim(), s.id, s.created_at);
  }
  const holders = (o: Owners, v: string) => o.get(v)?.size ?? 0;
  // real names and mobiles are the subjects' own columns: their holders are looked up at once,
  // beside the reads of the subjects' devices, addresses and cards (one round trip less)
  const namesAndMobiles = Promise.all([
    perValue([...nameOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('members').select(['realname as value', 'id as member_id', 'created_at as first']).where('realname', '=', v), 'id').limit(cap(holders(nameOwners, v))).as('h')).selectAll(),
    ),
    perValue([...mobileOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('members').select(['mobile as value', 'id as member_id', 'created_at as first']).where('mobile', '=', v), 'id').limit(cap(holders(mobileOwners, v))).as('h')).selectAll(),
    ),
  ]);
  // awaited below; a failure of the reads in between must not leave it unhandled
  namesAndMobiles.catch(() => undefined);
  const [devices, logins, cards] = await Promise.all([
    db
      .selectFrom('member_logins')
      .select(['member_id', 'device', (eb) => eb.fn.min<number>('created_at').as('first')])
      .where('member_id', 'in', ids)
      .where('device', 'is not', null)
      .groupBy(['member_id', 'device'])
      .limit(OWN_VALUES * ids.length)
      .execute(),
    db
      .selectFrom('member_logins')
      .select(['member_id', 'ip', (eb) => eb.fn.min<number>('created_at').as('first')])
      .where('member_id', 'in', ids)
      .groupBy(['member_id', 'ip'])
      .limit(OWN_VALUES * 2 * ids.length)
      .execute(),
    db.selectFrom('member_cards').select(['member_id', 'number_key', 'type', 'bank_no_last4', 'created_at']).where('member_id', 'in', ids).limit(OWN_VALUES * ids.length).execute(),
  ]);

  const deviceOwners: Owners = new Map();
  for (const r of devices) if (r.device) own(deviceOwners, r.device, n(r.member_id), n(r.first));
  const ipOwners: Owners = new Map();
  const registered = new Map<number, string>();
  for (const r of logins) if (!filter.ignored(r.ip)) own(ipOwners, r.ip, n(r.member_id), n(r.first));
  for (const s of subjects) {
    if (filter.ignored(s.register_ip)) continue;
    own(ipOwners, s.register_ip, s.id, s.created_at);
    registered.set(s.id, s.register_ip);
  }
  const cardOwners: Owners = new Map();
  const cardInfo = new Map<string, { usdt: boolean; last4: string }>();
  for (const c of cards) {
    if (!c.number_key) continue;
    own(cardOwners, c.number_key, n(c.member_id), n(c.created_at));
    cardInfo.set(c.number_key, { usdt: n(c.type) === 2, last4: c.bank_no_last4 });
  }

  const [[theirNames, theirMobiles], theirDevices, theirLogins, theirRegs, theirCards] = await Promise.all([
    namesAndMobiles,
    perValue([...deviceOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('member_logins').select(['device as value', 'member_id', (e) => e.fn.min<number>('created_at').as('first')]).where('device', '=', v), 'member_id').groupBy(['device', 'member_id']).limit(cap(holders(deviceOwners, v))).as('h')).selectAll(),
    ),
    perValue([...ipOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('member_logins').select(['ip as value', 'member_id', (e) => e.fn.min<number>('created_at').as('first')]).where('ip', '=', v), 'member_id').groupBy(['ip', 'member_id']).limit(cap(holders(ipOwners, v))).as('h')).selectAll(),
    ),
    perValue([...ipOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('members').select(['register_ip as value', 'id as member_id', 'created_at as first']).where('register_ip', '=', v), 'id').limit(cap(holders(ipOwners, v))).as('h')).selectAll(),
    ),
    perValue([...cardOwners.keys()], (v) =>
      db.selectFrom((eb) => only(eb.selectFrom('member_cards').select(['number_key as value', 'member_id', 'created_at as first']).where('number_key', '=', v), 'member_id').limit(cap(holders(cardOwners, v)) * 2).as('h')).selectAll(),
    ),
  ]);
  const rows = (list: { value: string | null; member_id: number; first: number }[]) => list.filter((r) => r.value !== null).map((r) => ({ value: r.value as string, memberId: n(r.member_id), at: n(r.first) }));
  attribute(deviceOwners, rows(theirDevices).map((r) => ({ ...r, kind: 'device' as const })), part, counted);
  const theirRegistered = rows(theirRegs);
  const regAddr = new Set(theirRegistered.map((r) => `${r.memberId}|${r.value}`));
  // an address both sides used, marked when it is either side's registration address
  const addr = [...rows(theirLogins), ...theirRegistered].map((r) => ({ ...r, kind: 'ip' as const, registration: regAddr.has(`${r.memberId}|${r.value}`) }));
  for (const a of addr) {
    const mineRegistered = [...(ipOwners.get(a.value)?.keys() ?? [])].some((of) => registered.get(of) === a.value);
    if (mineRegistered) a.registration = true;
  }
  attribute(ipOwners, addr, part, counted);
  attribute(
    cardOwners,
    rows(theirCards).map((r) => {
      const c = cardInfo.get(r.value)!;
      return { ...r, kind: c.usdt ? ('usdt' as const) : ('card' as const), shown: c.last4 };
    }),
    part,
    counted,
  );
  attribute(nameOwners, rows(theirNames).map((r) => ({ ...r, kind: 'realname' as const })), part, counted);
  attribute(mobileOwners, rows(theirMobiles).map((r) => ({ ...r, kind: 'mobile' as const })), part, counted);
  return part;
}

/** the listed members' details: one statement (callers list at most LINKS_LISTED or SEARCH_LIMIT) */
async function membersById(db: Kysely<DB>, ids: number[]) {
  const out = new Map<number, { username: string; risk_level: string; status: number; created_at: number }>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('members').select(['id', 'username', 'risk_level', 'status', 'created_at']).where('id', 'in', ids).execute();
  for (const r of rows) out.set(n(r.id), { username: r.username, risk_level: r.risk_level, status: n(r.status), created_at: n(r.created_at) });
  return out;
}

const KIND_ORDER: LinkKind[] = ['device', 'card', 'usdt', 'ip', 'realname', 'mobile'];
const subjectOf = (m: { id: number; register_ip: string; realname: string; mobile: string; created_at: number }): Subject => ({
  id: n(m.id),
  register_ip: m.register_ip,
  realname: m.realname ?? '',
  mobile: m.mobile ?? '',
  created_at: n(m.created_at),
});

/** Each member linked to this one, what they share (masked) and since when; most shared first (member 360). */
export async function memberLinks(db: Kysely<DB>, filter: AddressFilter, username: string): Promise<MemberLinks> {
  const m = await memberRow(db, username);
  const part = await linkHits(db, filter, [subjectOf(m)]);
  type Shared = { kind: LinkKind; shown: string; at: number };
  const byMember = new Map<number, Map<string, Shared>>();
  for (const h of part.hits) {
    const shared = byMember.get(h.memberId) ?? new Map<string, Shared>();
    byMember.set(h.memberId, shared);
    const key = `${h.kind}|${h.value}`;
    const was = shared.get(key);
    // the same value seen as registration and sign-in: the earlier time both had it
    if (!was || h.since < was.at) shared.set(key, { kind: h.kind, shown: h.shown, at: h.since });
  }
  // the strongest links first (most values shared, then the oldest); only those listed are read and formatted
  const ranked = [...byMember].map(([memberId, shared]) => {
    const list = [...shared.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.at - b.at);
    return { memberId, list, at: Math.min(...list.map((s) => s.at)) };
  });
  ranked.sort((a, b) => b.list.length - a.list.length || a.at - b.at || a.memberId - b.memberId);
  const listed = ranked.slice(0, LINKS_LISTED);
  const info = await membersById(db, listed.map((r) => r.memberId));
  const members: (LinkedMember & { at: number; n: number })[] = [];
  for (const { memberId, list, at } of listed) {
    const who = info.get(memberId);
    if (!who) continue;
    members.push({
      username: who.username,
      risk_level: asRiskLevel(who.risk_level),
      status: who.status === 1 ? 1 : 0,
      created_at: time(who.created_at),
      shared: list.map(({ kind, shown, at: since }) => ({ kind, value: maskValue(kind, shown), since: time(since) })),
      since: time(at),
      at,
      n: list.length,
    });
  }
  members.sort((a, b) => b.n - a.n || a.at - b.at || a.username.localeCompare(b.username));
  return {
    username: m.username,
    risk_level: asRiskLevel(m.risk_level),
    members: members.map(({ at: _at, n: _n, ...rest }) => rest),
    total: ranked.length,
    truncated: part.truncated.size > 0 || ranked.length > members.length,
  };
}

/** How many members are linked to this one (all of them, not only the ones an answer lists). */
export async function linkCount(db: Kysely<DB>, filter: AddressFilter, username: string): Promise<number> {
  return (await memberLinks(db, filter, username)).total;
}

/**
 * How many members are linked to each of these (the withdrawal list's page): the same figure as
 * memberLinks' for each, in one set of statements for the whole page.
 */
export async function linkCounts(db: Kysely<DB>, filter: AddressFilter, memberIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(memberIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'register_ip', 'realname', 'mobile', 'created_at']).where('id', 'in', ids).execute();
  const part = await linkHits(db, filter, rows.map(subjectOf));
  const linked = new Map<number, Set<number>>(rows.map((r) => [n(r.id), new Set<number>()]));
  for (const h of part.hits) linked.get(h.of)?.add(h.memberId);
  return new Map([...linked].map(([id, set]) => [id, set.size]));
}

/** What one member shares with one other member (the agent programme's flags: a downline member against its agent). */
export async function sharedBetween(db: Kysely<DB>, filter: AddressFilter, memberId: number, otherId: number): Promise<RawHit[]> {
  const m = await db.selectFrom('members').select(['id', 'register_ip', 'realname', 'mobile', 'created_at']).where('id', '=', memberId).executeTakeFirst();
  if (!m || memberId === otherId) return [];
  return (await linkHits(db, filter, [subjectOf(m)], [otherId])).hits;
}

export interface SearchDeps {
  /** the fingerprints a card number or USDT address may be stored under (cards module's vault) */
  fingerprints(kind: 'card' | 'usdt', value: string): string[];
}

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** /admin/api/risk/search: everyone sharing one value, newest use first. */
export async function searchValue(db: Kysely<DB>, filter: AddressFilter, deps: SearchDeps, kind: LinkKind, raw: string): Promise<RiskSearchReply> {
  const value = raw.trim();
  type Found = { memberId: number; seen: string; first: number; last: number };
  let found: Found[] = [];
  // the members' details when the lookup itself read them (real name, mobile: one statement)
  let details: Awaited<ReturnType<typeof membersById>> | null = null;
  let shown = value;
  switch (kind) {
    case 'device':
    case 'ip': {
      const v = kind === 'device' ? value.toLowerCase() : value;
      if (kind === 'ip') {
        if (!isIP(v.replace(/^::ffff:/i, ''))) refuse(RISK_MSG.ipValue);
        if (filter.ignored(v)) refuse(RISK_MSG.ignoredIp);
      } else if (!DEVICE_ID.test(v)) {
        // not a device id the member site makes: nobody has it
        return { kind, value: maskValue(kind, v), members: [], truncated: false };
      }
      const col = kind === 'device' ? 'device' : 'ip';
      const rows = await db
        .selectFrom('member_logins')
        .select(['member_id', (eb) => eb.fn.min<number>('created_at').as('first'), (eb) => eb.fn.max<number>('created_at').as('last'), sql<number>`sum(case when kind = 'register' then 1 else 0 end)`.as('registered')])
        .where(col, '=', v)
        .groupBy('member_id')
        .limit(SEARCH_LIMIT + 1)
        .execute();
      found = rows.map((r) => ({ memberId: n(r.member_id), seen: n(r.registered) > 0 ? '注册、登录' : '登录', first: n(r.first), last: n(r.last) }));
      if (kind === 'ip') {
        const regs = await db.selectFrom('members').select(['id', 'created_at']).where('register_ip', '=', v).limit(SEARCH_LIMIT + 1).execute();
        const have = new Set(found.map((f) => f.memberId));
        for (const r of regs) if (!have.has(n(r.id))) found.push({ memberId: n(r.id), seen: '注册', first: n(r.created_at), last: n(r.created_at) });
      }
      shown = maskValue(kind, v);
      break;
    }
    case 'card':
    case 'usdt': {
      const v = kind === 'card' ? value.replace(/[\s-]/g, '') : value;
      if (kind === 'card' && !/^\d{8,30}$/.test(v)) refuse(RISK_MSG.cardValue);
      if (kind === 'usdt' && !/^[0-9A-Za-z]{20,128}$/.test(v)) refuse(RISK_MSG.usdtValue);
      const keys = deps.fingerprints(kind, v);
      const rows = await db
        .selectFrom('member_cards')
        .select(['member_id', 'created_at', 'deleted_at'])
        .where('number_key', 'in', keys)
        .where('type', '=', kind === 'usdt' ? 2 : 1)
        .limit(SEARCH_LIMIT + 1)
        .execute();
      const byMember = new Map<number, Found>();
      for (const r of rows) {
        const id = n(r.member_id);
        const was = byMember.get(id);
        const first = n(r.created_at);
        const last = r.deleted_at === null ? Date.now() : n(r.deleted_at);
        byMember.set(id, { memberId: id, seen: r.deleted_at === null ? '绑定中' : '曾绑定', first: Math.min(was?.first ?? first, first), last: Math.max(was?.last ?? last, last) });
      }
      found = [...byMember.values()];
      shown = maskValue(kind, v);
      break;
    }
    case 'realname':
    case 'mobile': {
      const rows = await db.selectFrom('members').select(['id', 'created_at', 'username', 'risk_level', 'status']).where(kind, '=', value).limit(SEARCH_LIMIT + 1).execute();
      found = rows.map((r) => ({ memberId: n(r.id), seen: '会员资料', first: n(r.created_at), last: n(r.created_at) }));
      details = new Map(rows.map((r) => [n(r.id), { username: r.username, risk_level: r.risk_level, status: n(r.status), created_at: n(r.created_at) }]));
      shown = maskValue(kind, value);
      break;
    }
  }
  const truncated = found.length > SEARCH_LIMIT;
  found = found.sort((a, b) => b.last - a.last).slice(0, SEARCH_LIMIT);
  const info = details ?? (await membersById(db, found.map((f) => f.memberId)));
  const members: RiskSearchRow[] = [];
  for (const f of found) {
    const who = info.get(f.memberId);
    if (!who) continue;
    members.push({ username: who.username, risk_level: asRiskLevel(who.risk_level), status: who.status === 1 ? 1 : 0, seen_as: f.seen, first_at: time(f.first), last_at: time(Math.min(f.last, Date.now())) });
  }
  return { kind, value: shown, members, truncated };
}

/** /admin/api/members/logins: registrations and sign-ins, newest first, paged ((member_id, created_at) index). */
export async function memberLogins(db: Kysely<DB>, username: string, page: number, perPage: number): Promise<AdminPaged<MemberLoginRow>> {
  const m = await memberRow(db, username);
  const q = db.selectFrom('member_logins').where('member_id', '=', m.id);
  const [rows, total] = await Promise.all([
    q.select(['id', 'kind', 'ip', 'device', 'user_agent', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const count = n(total.n);
  return {
    data: rows.map((r) => ({ id: n(r.id), kind: r.kind, ip: r.ip, device_id: r.device, user_agent: r.user_agent, created_at: time(n(r.created_at)) })),
    total: count,
    last_page: Math.max(1, Math.ceil(count / perPage)),
    current_page: page,
    per_page: perPage,
  };
}

export const linkKindName = (k: string) => LINK_KIND_NAMES[k] ?? k;
