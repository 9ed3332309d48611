import { fenToYuan, RECONCILIATION_MSG, RECONCILIATION_PER_PAGE, type ReconciliationListInput, type ReconciliationRow } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { DifferenceState } from '../../db/schema.ts';
import { playerName, type VenueRegistry } from '../../adapters/venues/index.ts';
import { refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { paged } from '../../lib/paging.ts';
import { beijingDayStart, toWireTime } from '../../lib/time.ts';
import * as repo from './repo.ts';
import type { Figures } from './repo.ts';

export interface ReconciliationDeps {
  registry: VenueRegistry;
  /** every venue we know, with its provider (the catalogue) */
  venues: () => Promise<{ platform: string; provider: string }[]>;
  /** pulls the venues' bet feeds up to now (the bets module's pull) */
  pullBets: () => Promise<unknown>;
}

export interface RunReport {
  /** members compared this run */
  checked: number;
  /** differences found this run that were not open already */
  found: number;
  /** open differences after the run */
  open: number;
}

/** members looked at in parallel */
const CONCURRENCY = 4;
/** members active since the last run, at most, per run (the daily sweep catches any beyond) */
const ACTIVE_LIMIT = 2000;
/** members of the daily sweep per run: with a run a minute, 720,000 members a day */
const SWEEP_BATCH = 500;

const MARK_ACTIVE = 'active_since';
const MARK_SWEEP_DAY = 'sweep_day';
const MARK_SWEEP_AFTER = 'sweep_after';

/**
 * Venue reconciliation (DESIGN.md section 4): for each member and venue, the money we sent in,
 * minus the money we took out, plus the member's net game result from the venue's bet feed, must
 * equal the balance the venue reports. `verify()` stays the ledger's check of itself; this is the
 * check of the ledger against the outside, which catches money that entered a venue wallet
 * without passing through us (issue 14).
 *
 * A pair with a transfer still pending is skipped (its money is between us and the venue until
 * the transfer reconciler settles it). A difference is recorded only when it is seen twice, the
 * second time after a fresh pull of the bet feed, with the same figure: a member playing while
 * we look (a bet placed between our pull and the venue's answer) moves the figure and is looked
 * at again next run, while money put in behind our back stays put and is recorded in one run.
 */
export function createReconciliation(ctx: AppContext, deps: ReconciliationDeps) {
  const { db } = ctx;

  /**
   * the member's non-zero differences now, per platform (every pair with `all`, for the daily
   * report's totals); pairs we cannot judge are left out, and providers that did not answer are
   * added to `unanswered`
   */
  async function measure(memberId: number, opts: { all?: boolean; unanswered?: Set<string> } = {}): Promise<Map<string, Figures>> {
    const [providers, venues] = await Promise.all([repo.providersOf(db, memberId), deps.venues()]);
    const reported = new Map<string, number>();
    const providerOf = new Map(venues.map((v) => [v.platform, v.provider]));
    const answered = new Set<string>();
    await Promise.all(
      providers.map(async (provider) => {
        const adapter = deps.registry.get(provider);
        if (!adapter) return;
        try {
          const got = await adapter.balances(playerName(ctx.config.venuePlayerPrefix, memberId), { timeoutMs: ctx.config.venueTimeoutMs });
          for (const [platform, fen] of got) {
            reported.set(platform, fen);
            if (!providerOf.has(platform)) providerOf.set(platform, provider);
          }
          answered.add(provider);
        } catch (err) {
          ctx.log.warn({ err, provider, memberId }, 'reconciliation: provider did not answer; its venues wait for the next run');
          opts.unanswered?.add(provider);
        }
      }),
    );
    // our records after the venues' answers: a transfer that settled meanwhile counts on both sides
    const [sums, results] = await Promise.all([repo.transferSums(db, memberId), repo.gameResults(db, memberId)]);
    const out = new Map<string, Figures>();
    for (const platform of new Set([...reported.keys(), ...sums.keys(), ...results.keys()])) {
      const provider = providerOf.get(platform);
      if (!provider || !answered.has(provider)) continue;
      const s = sums.get(platform) ?? { sentIn: 0, takenOut: 0, pending: 0 };
      if (s.pending > 0) continue;
      const gameResult = results.get(platform) ?? 0;
      const expected = s.sentIn - s.takenOut + gameResult;
      const rep = reported.get(platform) ?? 0;
      if (rep !== expected || opts.all) out.set(platform, { sentIn: s.sentIn, takenOut: s.takenOut, gameResult, expected, reported: rep, difference: rep - expected });
    }
    return out;
  }

  /**
   * Compares one member's venues; a difference seen twice with the same figure is recorded.
   * Answers the platforms newly recorded.
   */
  async function checkMember(memberId: number, now: number): Promise<string[]> {
    const first = await measure(memberId);
    if (!first.size) return [];
    await deps.pullBets();
    const second = await measure(memberId);
    const found: string[] = [];
    for (const [platform, f] of second) {
      if (first.get(platform)?.difference !== f.difference) continue;
      const { id, isNew } = await repo.recordDifference(db, memberId, platform, f, now);
      if (isNew) {
        found.push(platform);
        // an operator must look: money at a venue that our books cannot explain
        ctx.log.error({ differenceId: id, memberId, platform, ...f }, 'venue reconciliation: the venue balance differs from our records');
      }
    }
    return found;
  }

  /** the members of this run: active since the last run, then the next batch of today's sweep */
  async function membersOfRun(now: number): Promise<number[]> {
    let since = Number((await repo.mark(db, MARK_ACTIVE)) ?? 0);
    // a clock set back (or a test's 'tomorrow' before 'today'): look at the last day again
    if (since > now) since = now - 86_400_000;
    const active = await repo.activeMembers(db, since, now + 1, ACTIVE_LIMIT);
    if (active.length >= ACTIVE_LIMIT) ctx.log.warn({ since }, 'reconciliation: more active members than one run takes; the daily sweep covers the rest');
    await repo.setMark(db, MARK_ACTIVE, String(now + 1));

    const today = String(beijingDayStart(now));
    let after = 0;
    if ((await repo.mark(db, MARK_SWEEP_DAY)) === today) {
      const mark = await repo.mark(db, MARK_SWEEP_AFTER);
      after = mark === 'done' ? -1 : Number(mark ?? 0);
    } else {
      await repo.setMark(db, MARK_SWEEP_DAY, today);
    }
    let swept: number[] = [];
    if (after >= 0) {
      swept = await repo.sweepMembers(db, after, SWEEP_BATCH);
      await repo.setMark(db, MARK_SWEEP_AFTER, swept.length < SWEEP_BATCH ? 'done' : String(swept[swept.length - 1]));
    }
    return [...new Set([...active, ...swept])];
  }

  function row(d: repo.DifferenceRow): ReconciliationRow {
    return {
      id: d.id,
      member_id: d.member_id,
      username: d.username,
      platform: d.platform,
      venue_name: d.venue_name ?? d.platform.toUpperCase(),
      state: d.state,
      sent_in: fenToYuan(d.sent_in),
      taken_out: fenToYuan(d.taken_out),
      game_result: fenToYuan(d.game_result),
      expected: fenToYuan(d.expected),
      reported: fenToYuan(d.reported),
      difference: fenToYuan(d.difference),
      found_at: toWireTime(d.found_at),
      checked_at: toWireTime(d.checked_at),
      resolved_at: d.resolved_at === null ? null : toWireTime(d.resolved_at),
      resolved_by: d.resolved_by,
      note: d.note,
    };
  }

  return {
    checkMember,
    /** issue 13: the daily report's look at one member (every pair, and who did not answer) */
    measure,

    /**
     * One run of the job, on the given clock: pulls the bet feeds, then compares the members
     * active since the last run and the next batch of the day's sweep of everyone.
     */
    async run(now: number): Promise<RunReport> {
      const members = await membersOfRun(now);
      let found = 0;
      if (members.length) {
        await deps.pullBets();
        let next = 0;
        const worker = async () => {
          while (next < members.length) {
            const memberId = members[next++];
            try {
              found += (await checkMember(memberId, now)).length;
            } catch (err) {
              ctx.log.error({ err, memberId }, 'reconciliation: checking a member failed');
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, members.length) }, worker));
      }
      return { checked: members.length, found, open: await repo.countByState(db, 'open') };
    },

    /** differences waiting for an operator (the dashboard's pending count) */
    openCount: () => repo.countByState(db, 'open'),

    /** whether transfers out of this venue are held for the member (an open difference) */
    isHeld: (memberId: number, platform: string) => repo.hasOpen(db, memberId, platform),
    /** the member's venues whose transfers out are held */
    heldPlatforms: (memberId: number) => repo.openPlatforms(db, memberId),

    /** POST /admin/api/reconciliation/list: newest first */
    async list(input: ReconciliationListInput) {
      const { rows, total } = await repo.listDifferences(db, {
        state: input.state as DifferenceState | undefined,
        limit: RECONCILIATION_PER_PAGE,
        offset: (input.page - 1) * RECONCILIATION_PER_PAGE,
      });
      return paged(rows.map(row), total, input.page, RECONCILIATION_PER_PAGE);
    },

    /**
     * An operator closes a difference (after correcting it at the venue, or explaining it), once,
     * with its audit row in the same commit; transfers out of the venue are no longer held.
     */
    async resolve(id: number, operator: { adminId: number; username: string; ip: string }, note: string, now = Date.now()) {
      await db.transaction().execute(async (trx) => {
        const d = await repo.differenceById(trx, id);
        if (!d) refuse(RECONCILIATION_MSG.notFound);
        if (!(await repo.resolveDifference(trx, id, operator.username, note, now))) refuse(RECONCILIATION_MSG.alreadyResolved);
        await audit(trx, {
          adminId: operator.adminId,
          action: 'reconciliation.resolve',
          target: `difference:${id}`,
          detail: {
            before: { state: d.state, member_id: d.member_id, platform: d.platform, expected: d.expected, reported: d.reported, difference: d.difference },
            after: { state: 'resolved', note },
          },
          ip: operator.ip,
          now,
        });
      });
    },
  };
}
export type Reconciliation = ReturnType<typeof createReconciliation>;
