import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { verify } from '../../apps/server/src/modules/wallet/verify.ts';
import { acks } from './members.ts';

/**
 * The soak's verdict against the database (reached directly, not through the cut proxy): every
 * acknowledged operation present exactly once with its amount, the ledger's own verify(), the
 * house accounts against the rows that moved them, and nothing moved twice under one reference.
 */
export interface Finding {
  check: string;
  detail: string;
}

type Entry = { reference: string; kind: string; n: number; amount: number };

const num = (v: unknown) => Number(v ?? 0);

export async function checkAll(db: Kysely<DB>): Promise<{ findings: Finding[]; lines: string[] }> {
  const findings: Finding[] = [];
  const lines: string[] = [];
  const bad = (check: string, detail: string) => findings.push({ check, detail });

  // every (reference, kind) with its count and total: one statement, read once
  const entries = new Map<string, Entry>();
  const rows = await sql<{ reference: string; kind: string; n: string | number; amount: string | number }>`
    select reference, kind, count(*) as n, cast(sum(amount) as bigint) as amount from ledger_entries group by reference, kind`.execute(db);
  for (const r of rows.rows) entries.set(`${r.kind}|${r.reference}`, { reference: r.reference, kind: r.kind, n: num(r.n), amount: num(r.amount) });
  const entry = (kind: string, reference: string) => entries.get(`${kind}|${reference}`) ?? { reference, kind, n: 0, amount: 0 };

  // one movement per reference and kind, acknowledged or not: a second one is money doubled
  const ONCE = new Set(['deposit', 'bonus', 'withdraw_hold', 'withdraw_payout', 'withdraw_return', 'transit_hold', 'venue_transfer_out', 'transit_return', 'venue_transfer_in', 'rebate', 'red_packet']);
  for (const e of entries.values()) if (ONCE.has(e.kind) && e.n > 1) bad('doubled', `${e.n} ledger entries of kind ${e.kind} for ${e.reference} (${e.amount} fen)`);

  const exactlyOnce = (label: string, kind: string, ref: string, fen: number) => {
    const e = entry(kind, ref);
    if (e.n === 0) bad('lost', `${label} ${ref}: acknowledged, but no ${kind} entry`);
    else if (e.n === 1 && e.amount !== fen) bad('amount', `${label} ${ref}: ${kind} entry of ${e.amount} fen, acknowledged ${fen}`);
  };
  const never = (label: string, kind: string, ref: string) => {
    if (entry(kind, ref).n > 0) bad('contradiction', `${label} ${ref}: has a ${kind} entry`);
  };

  // deposits
  const deposits = new Map<string, { status: string; amount: number; credited: number }>();
  for (const d of await db.selectFrom('deposits').select(['deposit_no', 'status', 'amount', 'credited_amount']).execute()) deposits.set(d.deposit_no, { status: d.status, amount: num(d.amount), credited: num(d.credited_amount) });
  for (const [no, a] of acks.onlineOrders) if (!deposits.has(no)) bad('lost', `online order ${no}: acknowledged, no row`);
  for (const [no, a] of acks.onlineCredited) {
    if (deposits.get(no)?.status !== 'credited') bad('lost', `online deposit ${no}: shown credited, row is ${deposits.get(no)?.status}`);
    exactlyOnce('online deposit', 'deposit', `${no}`, a.fen);
  }
  for (const [no] of acks.bankOrders) if (!deposits.has(no)) bad('lost', `bank order ${no}: acknowledged, no row`);
  for (const no of acks.bankApproved) {
    if (deposits.get(no)?.status !== 'credited') bad('lost', `bank deposit ${no}: approval acknowledged, row is ${deposits.get(no)?.status}`);
    exactlyOnce('bank deposit', 'deposit', no, acks.bankOrders.get(no)!.fen);
  }
  for (const no of acks.bankRejected) {
    if (deposits.get(no)?.status !== 'rejected') bad('contradiction', `bank deposit ${no}: rejection acknowledged, row is ${deposits.get(no)?.status}`);
    never('rejected bank deposit', 'deposit', no);
  }
  // every credited row has its one credit (acknowledged to a member or not)
  let creditedFen = 0;
  for (const [no, d] of deposits) {
    if (d.status === 'credited') {
      creditedFen += d.credited;
      const n = entry('deposit', no).n;
      if (n !== 1) bad(n > 1 ? 'doubled' : 'lost', `deposit ${no} is credited with ${n} credit entries`);
    } else if (entry('deposit', no).n > 0) bad('contradiction', `deposit ${no} is ${d.status} yet has a credit entry`);
  }

  // withdrawals: 1 pending, 2 approved, 3 rejected
  const withdrawals = new Map<string, { state: number; amount: number }>();
  for (const w of await db.selectFrom('withdrawals').select(['withdraw_no', 'state', 'amount']).execute()) withdrawals.set(w.withdraw_no, { state: num(w.state), amount: num(w.amount) });
  for (const [no, a] of acks.withdrawals) {
    if (!withdrawals.has(no)) bad('lost', `withdrawal ${no}: acknowledged, no row`);
    exactlyOnce('withdrawal', 'withdraw_hold', no, a.fen);
  }
  for (const no of acks.withdrawApproved) {
    if (withdrawals.get(no)?.state !== 2) bad('lost', `withdrawal ${no}: approval acknowledged, state ${withdrawals.get(no)?.state}`);
    exactlyOnce('approved withdrawal', 'withdraw_payout', no, acks.withdrawals.get(no)!.fen);
    never('approved withdrawal', 'withdraw_return', no);
  }
  for (const no of acks.withdrawRejected) {
    if (withdrawals.get(no)?.state !== 3) bad('contradiction', `withdrawal ${no}: rejection acknowledged, state ${withdrawals.get(no)?.state}`);
    exactlyOnce('rejected withdrawal', 'withdraw_return', no, acks.withdrawals.get(no)!.fen);
    never('rejected withdrawal', 'withdraw_payout', no);
  }
  let paidFen = 0;
  for (const [no, w] of withdrawals) {
    const out = entry('withdraw_payout', no).n + entry('withdraw_return', no).n;
    if (w.state === 1 && out > 0) bad('contradiction', `withdrawal ${no} pending with a decision entry`);
    if (w.state !== 1 && out !== 1) bad('lost', `withdrawal ${no} state ${w.state} with ${out} decision entries`);
    if (w.state === 2) paidFen += entry('withdraw_payout', no).amount;
  }

  // venue transfers: 0 failed, 1 success, 2 pending
  const transfers = new Map<string, { status: number; amount: number; direction: string }>();
  for (const t of await db.selectFrom('venue_transfers').select(['transfer_id', 'status', 'amount', 'direction']).execute()) transfers.set(t.transfer_id, { status: num(t.status), amount: num(t.amount), direction: t.direction });
  for (const [id, a] of acks.transfers) {
    const row = transfers.get(id);
    if (!row) {
      bad('lost', `transfer ${id}: acknowledged, no row`);
      continue;
    }
    if (row.amount !== a.fen) bad('amount', `transfer ${id}: row ${row.amount} fen, acknowledged ${a.fen}`);
    if (a.status === 1 && row.status !== 1) bad('lost', `transfer ${id}: acknowledged done, row status ${row.status}`);
  }
  for (const [id, t] of transfers) {
    const ref = `transfer:${id}`;
    const outcome = t.direction === 'to_venue' ? entry('venue_transfer_out', ref).n + entry('transit_return', ref).n : entry('venue_transfer_in', ref).n;
    if (t.direction === 'to_venue' && entry('transit_hold', ref).n !== 1) bad('lost', `transfer ${id} to venue: ${entry('transit_hold', ref).n} hold entries`);
    if (t.status === 1 && outcome !== 1) bad('lost', `transfer ${id} done with ${outcome} outcome entries`);
    if (t.status === 0 && t.direction === 'to_venue' && entry('transit_return', ref).n !== 1) bad('lost', `transfer ${id} failed without its return`);
    if (t.status === 0 && t.direction === 'from_venue' && outcome !== 0) bad('contradiction', `transfer ${id} failed yet credited`);
  }

  // rebates and red packets the members were told of
  for (const r of acks.rebates) exactlyOnce('rebate claim', 'rebate', r.no, r.fen);
  const grabs = await db.selectFrom('red_packet_grabs').innerJoin('members', 'members.id', 'red_packet_grabs.member_id').select(['grab_no', 'username', 'red_packet_grabs.amount']).execute();
  const unmatched = new Map<string, number[]>();
  for (const g of grabs) unmatched.set(g.username, [...(unmatched.get(g.username) ?? []), num(g.amount)]);
  for (const g of grabs) if (entry('red_packet', g.grab_no).n !== 1) bad('lost', `red packet ${g.grab_no}: ${entry('red_packet', g.grab_no).n} credit entries`);
  for (const r of acks.redPackets) {
    const left = unmatched.get(r.member) ?? [];
    const i = left.indexOf(r.fen);
    if (i < 0) bad('lost', `red packet of ${r.fen} fen shown to ${r.member}: no such grab`);
    else left.splice(i, 1);
  }

  // the ledger's own invariants
  const violations = await verify(db);
  for (const v of violations) bad('verify', `${v.check}: ${v.message}`);

  // house accounts against the rows that moved them (and the sum of all accounts, in verify)
  const house = new Map<string, number>();
  for (const a of await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('member_id', 'is', null).execute()) house.set(a.code, num(a.balance));
  const h = (code: string) => house.get(code) ?? 0;
  if (-h('house:deposits') !== creditedFen) bad('house', `house:deposits is ${h('house:deposits')}, the credited deposits' credited amounts sum to ${creditedFen}`);
  if (h('house:payouts') !== paidFen) bad('house', `house:payouts is ${h('house:payouts')}, approved withdrawals sum to ${paidFen}`);
  const grabFen = grabs.reduce((s, g) => s + num(g.amount), 0);
  if (-h('house:red_packet') !== grabFen) bad('house', `house:red_packet is ${h('house:red_packet')}, grabs sum to ${grabFen}`);
  const clearing = [...house].filter(([c]) => c.startsWith('venue:')).reduce((s, [, b]) => s + b, 0);
  const sums = await sql<{ kind: string; amount: string | number }>`select kind, cast(sum(amount) as bigint) as amount from ledger_entries group by kind`.execute(db);
  const byKind = new Map(sums.rows.map((r) => [r.kind, num(r.amount)]));
  const netToVenues = (byKind.get('venue_transfer_out') ?? 0) - (byKind.get('venue_transfer_in') ?? 0);
  if (clearing !== netToVenues) bad('house', `venue clearing accounts sum to ${clearing}, net sent to venues ${netToVenues}`);
  const members = await sql<{ central: string | number; hold: string | number; transit: string | number }>`
    select cast(coalesce(sum(case when code like '%:central' then balance end), 0) as bigint) as central,
           cast(coalesce(sum(case when code like '%:withdraw_hold' then balance end), 0) as bigint) as hold,
           cast(coalesce(sum(case when code like '%:transit' then balance end), 0) as bigint) as transit
    from ledger_accounts where member_id is not null`.execute(db);
  const mm = members.rows[0]!;
  lines.push(`house accounts: ${[...house].map(([c, b]) => `${c} ${b}`).join(', ')}`);
  lines.push(`members hold: central ${num(mm.central)}, withdrawal holds ${num(mm.hold)}, in transit ${num(mm.transit)} (fen); verify(): ${violations.length ? `${violations.length} violation(s)` : 'clean'}`);
  lines.push(`rows: ${deposits.size} deposits (${[...deposits.values()].filter((d) => d.status === 'credited').length} credited), ${withdrawals.size} withdrawals, ${transfers.size} venue transfers, ${grabs.length} red-packet grabs, ${entries.size} (reference, kind) groups in the ledger`);
  const counted = {
    'online orders': acks.onlineOrders.size,
    'online credits seen': acks.onlineCredited.size,
    'bank orders': acks.bankOrders.size,
    'bank approved': acks.bankApproved.size,
    'bank rejected': acks.bankRejected.size,
    transfers: acks.transfers.size,
    withdrawals: acks.withdrawals.size,
    'withdrawals approved': acks.withdrawApproved.size,
    'withdrawals rejected': acks.withdrawRejected.size,
    'red packets': acks.redPackets.length,
    rebates: acks.rebates.length,
    'turnover waivers': acks.waived,
    'notifies re-sent': acks.renotified,
  };
  lines.push(`acknowledged: ${Object.entries(counted).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return { findings, lines };
}

/** transfers still pending (status 2), oldest first */
export async function pendingTransfers(db: Kysely<DB>) {
  return db.selectFrom('venue_transfers').select(['transfer_id', 'created_at', 'direction', 'amount']).where('status', '=', 2).orderBy('created_at').execute();
}

/**
 * How long each transfer that was ever pending stayed so after the faults ended (or after it was
 * made, when made later): the reconciler (every 30 s) takes transfers older than two venue
 * time-outs, so each should settle within about period + 10 s + a job slot's drift.
 */
export async function pendingAfterFaults(db: Kysely<DB>, faultsEndWall: number) {
  const rows = await db.selectFrom('venue_transfers').select(['transfer_id', 'created_at', 'settled_at', 'status']).where('status', '!=', 2).where('settled_at', 'is not', null).execute();
  return rows
    .map((r) => ({ id: r.transfer_id, ms: num(r.settled_at) - Math.max(num(r.created_at), faultsEndWall) }))
    .filter((r) => r.ms > 0)
    .sort((a, b) => b.ms - a.ms);
}
