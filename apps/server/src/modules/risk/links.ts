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

const n = (v: unknown) => Number(v ?? 0);
const time = (ms: number) => toWireTime(ms);

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

type Hit = { memberId: number; kind: LinkKind; value: string; since: number };

async function memberRow(db: Kysely<DB>, username: string) {
  const m = await db.selectFrom('members').select(['id', 'username', 'realname', 'mobile', 'register_ip', 'created_at', 'risk_level']).where('username', '=', username.toLowerCase()).executeTakeFirst();
  if (!m) refuse(ADMIN_MEMBER_MSG.notFound, CODE.notFound);
  return m;
}

/** devices: the member's (first use of each), then the other members' first use of the same */
async function deviceHits(db: Kysely<DB>, memberId: number): Promise<{ hits: Hit[]; truncated: boolean }> {
  const mine = await db
    .selectFrom('member_logins')
    .select(['device', (eb) => eb.fn.min<number>('created_at').as('first')])
    .where('member_id', '=', memberId)
    .where('device', 'is not', null)
    .groupBy('device')
    .limit(OWN_VALUES)
    .execute();
  const firstOf = new Map(mine.filter((r) => r.device).map((r) => [r.device as string, n(r.first)]));
  if (!firstOf.size) return { hits: [], truncated: false };
  const theirs = await db
    .selectFrom('member_logins')
    .select(['member_id', 'device', (eb) => eb.fn.min<number>('created_at').as('first')])
    .where('device', 'in', [...firstOf.keys()])
    .where('member_id', '<>', memberId)
    .groupBy(['device', 'member_id'])
    .limit(PER_KIND + 1)
    .execute();
  return {
    truncated: theirs.length > PER_KIND,
    hits: theirs.slice(0, PER_KIND).map((r) => ({ memberId: n(r.member_id), kind: 'device' as const, value: r.device as string, since: Math.max(n(r.first), firstOf.get(r.device as string) ?? 0) })),
  };
}

/** addresses: registration and sign-in addresses, each side's first use; ignored ones never */
async function addressHits(db: Kysely<DB>, m: { id: number; register_ip: string; created_at: number }, filter: AddressFilter): Promise<{ hits: Hit[]; truncated: boolean }> {
  const mine = await db
    .selectFrom('member_logins')
    .select(['ip', (eb) => eb.fn.min<number>('created_at').as('first')])
    .where('member_id', '=', m.id)
    .groupBy('ip')
    .limit(OWN_VALUES * 2)
    .execute();
  const firstOf = new Map<string, number>();
  for (const r of mine) if (!filter.ignored(r.ip)) firstOf.set(r.ip, n(r.first));
  if (!filter.ignored(m.register_ip)) firstOf.set(m.register_ip, Math.min(firstOf.get(m.register_ip) ?? Infinity, n(m.created_at)));
  if (!firstOf.size) return { hits: [], truncated: false };
  const ips = [...firstOf.keys()].slice(0, OWN_VALUES);
  const [logins, registrations] = await Promise.all([
    db
      .selectFrom('member_logins')
      .select(['member_id', 'ip', (eb) => eb.fn.min<number>('created_at').as('first')])
      .where('ip', 'in', ips)
      .where('member_id', '<>', m.id)
      .groupBy(['ip', 'member_id'])
      .limit(PER_KIND + 1)
      .execute(),
    db.selectFrom('members').select(['id', 'register_ip', 'created_at']).where('register_ip', 'in', ips).where('id', '<>', m.id).limit(PER_KIND + 1).execute(),
  ]);
  const hits: Hit[] = [];
  for (const r of logins) hits.push({ memberId: n(r.member_id), kind: 'ip', value: r.ip, since: Math.max(n(r.first), firstOf.get(r.ip) ?? 0) });
  for (const r of registrations) hits.push({ memberId: n(r.id), kind: 'ip', value: r.register_ip, since: Math.max(n(r.created_at), firstOf.get(r.register_ip) ?? 0) });
  return { hits, truncated: logins.length > PER_KIND || registrations.length > PER_KIND };
}

/** cards and USDT addresses by fingerprint (unbound ones too: a card once shared is still a link) */
async function cardHits(db: Kysely<DB>, memberId: number): Promise<{ hits: Hit[]; truncated: boolean }> {
  const mine = await db.selectFrom('member_cards').select(['number_key', 'type', 'bank_no_last4', 'created_at']).where('member_id', '=', memberId).limit(OWN_VALUES).execute();
  const own = new Map<string, { type: number; last4: string; at: number }>();
  for (const c of mine) if (c.number_key && !own.has(c.number_key)) own.set(c.number_key, { type: n(c.type), last4: c.bank_no_last4, at: n(c.created_at) });
  if (!own.size) return { hits: [], truncated: false };
  const theirs = await db
    .selectFrom('member_cards')
    .select(['member_id', 'number_key', 'created_at'])
    .where('number_key', 'in', [...own.keys()])
    .where('member_id', '<>', memberId)
    .limit(PER_KIND + 1)
    .execute();
  return {
    truncated: theirs.length > PER_KIND,
    hits: theirs.slice(0, PER_KIND).map((r) => {
      const c = own.get(r.number_key)!;
      return { memberId: n(r.member_id), kind: c.type === 2 ? ('usdt' as const) : ('card' as const), value: c.last4, since: Math.max(n(r.created_at), c.at) };
    }),
  };
}

/** the same real name or mobile on the members row */
async function profileHits(db: Kysely<DB>, m: { id: number; realname: string; mobile: string; created_at: number }): Promise<{ hits: Hit[]; truncated: boolean }> {
  const realname = m.realname.trim();
  const mobile = m.mobile.trim();
  const [byName, byMobile] = await Promise.all([
    realname ? db.selectFrom('members').select(['id', 'created_at']).where('realname', '=', realname).where('id', '<>', m.id).limit(PER_KIND + 1).execute() : [],
    mobile ? db.selectFrom('members').select(['id', 'created_at']).where('mobile', '=', mobile).where('id', '<>', m.id).limit(PER_KIND + 1).execute() : [],
  ]);
  const hits: Hit[] = [
    ...byName.slice(0, PER_KIND).map((r) => ({ memberId: n(r.id), kind: 'realname' as const, value: realname, since: Math.max(n(r.created_at), n(m.created_at)) })),
    ...byMobile.slice(0, PER_KIND).map((r) => ({ memberId: n(r.id), kind: 'mobile' as const, value: mobile, since: Math.max(n(r.created_at), n(m.created_at)) })),
  ];
  return { hits, truncated: byName.length > PER_KIND || byMobile.length > PER_KIND };
}

async function membersById(db: Kysely<DB>, ids: number[]) {
  const out = new Map<number, { username: string; risk_level: string; status: number; created_at: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('members').select(['id', 'username', 'risk_level', 'status', 'created_at']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(n(r.id), { username: r.username, risk_level: r.risk_level, status: n(r.status), created_at: n(r.created_at) });
  }
  return out;
}

const KIND_ORDER: LinkKind[] = ['device', 'card', 'usdt', 'ip', 'realname', 'mobile'];

/** Each member linked to this one, what they share (masked) and since when; most shared first. */
export async function memberLinks(db: Kysely<DB>, filter: AddressFilter, username: string): Promise<MemberLinks> {
  const m = await memberRow(db, username);
  const id = n(m.id);
  const parts = await Promise.all([
    deviceHits(db, id),
    addressHits(db, { id, register_ip: m.register_ip, created_at: n(m.created_at) }, filter),
    cardHits(db, id),
    profileHits(db, { id, realname: m.realname, mobile: m.mobile, created_at: n(m.created_at) }),
  ]);
  const byMember = new Map<number, Map<string, SharedValue & { at: number }>>();
  for (const h of parts.flatMap((p) => p.hits)) {
    const shared = byMember.get(h.memberId) ?? new Map();
    byMember.set(h.memberId, shared);
    const key = `${h.kind}|${h.value}`;
    const was = shared.get(key);
    // the same value seen as registration and sign-in: the earlier time both had it
    if (!was || h.since < was.at) shared.set(key, { kind: h.kind, value: maskValue(h.kind, h.value), since: time(h.since), at: h.since });
  }
  const info = await membersById(db, [...byMember.keys()]);
  const members: (LinkedMember & { at: number })[] = [];
  for (const [memberId, shared] of byMember) {
    const who = info.get(memberId);
    if (!who) continue;
    const list = [...shared.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.at - b.at);
    const at = Math.min(...list.map((s) => s.at));
    members.push({
      username: who.username,
      risk_level: asRiskLevel(who.risk_level),
      status: who.status === 1 ? 1 : 0,
      created_at: time(who.created_at),
      shared: list.map(({ kind, value, since }) => ({ kind, value, since })),
      since: time(at),
      at,
    });
  }
  members.sort((a, b) => b.shared.length - a.shared.length || a.at - b.at || a.username.localeCompare(b.username));
  return { username: m.username, risk_level: asRiskLevel(m.risk_level), members: members.map(({ at: _at, ...rest }) => rest), truncated: parts.some((p) => p.truncated) };
}

/** How many members are linked to this one (the withdrawal review's figure). */
export async function linkCount(db: Kysely<DB>, filter: AddressFilter, username: string): Promise<number> {
  return (await memberLinks(db, filter, username)).members.length;
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
      const rows = await db.selectFrom('members').select(['id', 'created_at']).where(kind, '=', value).limit(SEARCH_LIMIT + 1).execute();
      found = rows.map((r) => ({ memberId: n(r.id), seen: '会员资料', first: n(r.created_at), last: n(r.created_at) }));
      shown = maskValue(kind, value);
      break;
    }
  }
  const truncated = found.length > SEARCH_LIMIT;
  found = found.sort((a, b) => b.last - a.last).slice(0, SEARCH_LIMIT);
  const info = await membersById(db, found.map((f) => f.memberId));
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
