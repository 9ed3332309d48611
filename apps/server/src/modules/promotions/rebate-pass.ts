import { fenToYuan } from '@casino/contract';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { endedPass, recentWith } from '../../db/recent-passes.ts';
import { audit } from '../audit/index.ts';
import { addCounts, dayTotals, MEMBERS_PER_CHUNK, noCounts, settleChunk, type ChunkCounts } from './rebate-chunks.ts';
import type { VipLevel } from './rates.ts';

/**
 * One settlement pass over a rebate day (the first settlement or an operator's re-run), kept as
 * JSON in its run row (promo_day_runs.pass): the rates it settles with, how far it has come and
 * what it has changed. Each chunk of members commits with the pass's progress in one
 * transaction, so a pass that stops (crash, restart) is carried on from its cursor by the next
 * caller (the daily job, the VIP review or an operator's re-run), never started over.
 */
export interface RebatePass {
  id: string;
  /** the last member id settled; null once the pass is done */
  cursor: number | null;
  size: number;
  levels: VipLevel[];
  fishingAs: string;
  flowTracked: boolean;
  firstRun: boolean;
  /** the operator who asked for a re-run (the pass's end writes the audit row) */
  by: { adminId: number; ip: string } | null;
  /** the run row's figures when a re-run started (null for a day never settled) */
  before: { members: number; rows: number; amount: number } | null;
  startedAt: number;
  finishedAt: number | null;
  chunks: number;
  counts: ChunkCounts;
  /** the passes that ended before this one, newest first (db/recent-passes.ts) */
  recent?: EndedRebatePass[];
  /** rows written before `recent`: the one pass before */
  prev?: EndedRebatePass | null;
}

export type EndedRebatePass = Omit<RebatePass, 'prev' | 'recent' | 'levels'>;

export function newPass(o: Pick<RebatePass, 'levels' | 'fishingAs' | 'flowTracked' | 'firstRun' | 'by' | 'before' | 'startedAt'> & { size?: number; prev?: RebatePass | null }): RebatePass {
  const { prev, size, ...rest } = o;
  const recent = recentWith(prev ?? null, ({ prev: _p, recent: _r, levels: _l, ...kept }): EndedRebatePass => kept);
  return { id: randomBytes(8).toString('hex'), cursor: 0, size: size ?? MEMBERS_PER_CHUNK, finishedAt: null, chunks: 0, counts: noCounts(), ...rest, recent };
}

export function parsePass(text: string | null | undefined): RebatePass | null {
  if (!text) return null;
  return JSON.parse(text) as RebatePass;
}

export const passRunning = (p: RebatePass | null): p is RebatePass => p !== null && p.cursor !== null;

/** Locks the day's run row (the update waits for any other holder) and reads it as it now stands. */
export async function lockRun(trx: Kysely<DB>, day: string) {
  return trx
    .updateTable('promo_day_runs')
    .set((eb) => ({ pass: eb.ref('pass') }))
    .where('task', '=', 'rebate')
    .where('day', '=', day)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Settles chunks of the day's running pass until it is done, one transaction each (the run row
 * lock makes concurrent drivers take turns: each sees the cursor the last one committed).
 * `passId` follows that pass (null: whichever pass is running). Answers the pass as it ended, or
 * null when there was no such pass; `maxChunks` stops early (tests: a pass cut short).
 */
export async function drivePass(db: Kysely<DB>, day: string, passId: string | null, now: number, maxChunks = Infinity): Promise<RebatePass | null> {
  let target = passId;
  for (let done = 0; ; done++) {
    const step = await db.transaction().execute(async (trx) => {
      const row = await lockRun(trx, day);
      const pass = parsePass(row?.pass);
      if (!row || !pass) return { end: true, finished: null };
      if (target !== null && pass.id !== target) {
        // ours ended and a later pass started meanwhile
        const ended = endedPass(pass, target);
        return { end: true, finished: ended ? ({ ...ended, levels: [] } as RebatePass) : null };
      }
      if (pass.cursor === null) return { end: true, finished: target === null ? null : pass };
      if (done >= maxChunks) return { end: true, finished: null };
      target = pass.id;
      const { end, counts } = await settleChunk(trx, { day, levels: pass.levels, fishingAs: pass.fishingAs, now, flowTracked: pass.flowTracked, after: pass.cursor, size: pass.size });
      const next: RebatePass = { ...pass, cursor: end, chunks: pass.chunks + 1, counts: addCounts(pass.counts, counts) };
      if (end !== null) {
        await trx.updateTable('promo_day_runs').set({ pass: JSON.stringify(next) }).where('task', '=', 'rebate').where('day', '=', day).execute();
        return { end: false, finished: null };
      }
      // the last chunk: the run row takes the day's figures and the operator's re-run is audited
      next.finishedAt = now;
      next.counts = { ...next.counts, ...(await dayTotals(trx, day)) };
      const c = next.counts;
      await trx
        .updateTable('promo_day_runs')
        .set({ pass: JSON.stringify(next), members: c.members, rows: c.rows, amount: c.amount, flow_tracked: 1 })
        .where('task', '=', 'rebate')
        .where('day', '=', day)
        .execute();
      if (next.by) {
        await audit(trx, {
          adminId: next.by.adminId,
          action: 'rebate_run.rerun',
          target: `rebate_run:${day}`,
          detail: {
            before: next.before ? { members: next.before.members, rows: next.before.rows, amount: fenToYuan(next.before.amount) } : null,
            after: { members: c.members, rows: c.rows, amount: fenToYuan(c.amount) },
            changes: { added: c.added, updated: c.updated, removed: c.removed, locked: c.locked, flow_delta: fenToYuan(c.flowDelta) },
          },
          ip: next.by.ip,
          now,
        });
      }
      return { end: true, finished: next };
    });
    if (step.end) return step.finished;
  }
}
