import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recentWith } from '../../db/recent-passes.ts';
import type { DB } from '../../db/schema.ts';

/**
 * One settlement pass over a month's agents (the job's first settlement or an operator's
 * re-run), kept as JSON in its run row (agent_settlement_runs.pass) like the rebate passes:
 * the settings it settles with, how far it has come and what it has changed. Two phases, each a
 * walk over the agents in id order in chunks, each chunk committed with the pass's progress in
 * one transaction, so a pass that stops is carried on from its cursor by the next caller:
 * - 'own': each agent's figures, carry, tier and commission;
 * - 'override': each agent's override of its sub-agents' commission (all of which the first
 *   phase has written by then), and the total payable.
 */
export interface SettlementPass {
  id: string;
  phase: 'own' | 'override';
  /** the last agent id done in the phase; null once the pass is done */
  cursor: number | null;
  size: number;
  carryover: boolean;
  overrideBp: number;
  depositFeeBp: number;
  /** the operator who asked for a re-run */
  by: { adminId: number; ip: string } | null;
  firstRun: boolean;
  startedAt: number;
  finishedAt: number | null;
  chunks: number;
  counts: PassCounts;
  /** the passes that ended before this one, newest first (db/recent-passes.ts) */
  recent?: EndedSettlementPass[];
}

export type EndedSettlementPass = Pick<SettlementPass, 'id' | 'firstRun' | 'startedAt' | 'finishedAt' | 'counts'>;

export interface PassCounts {
  /** statements written for the first time */
  created: number;
  /** undecided statements whose figures or total changed */
  updated: number;
  /** statements already paid or rejected, left as they are */
  kept: number;
}

export const AGENTS_PER_CHUNK = 200;

export const noPassCounts = (): PassCounts => ({ created: 0, updated: 0, kept: 0 });

export function newSettlementPass(o: { carryover: boolean; overrideBp: number; depositFeeBp: number; by: SettlementPass['by']; firstRun: boolean; startedAt: number; size?: number; prev?: SettlementPass | null }): SettlementPass {
  return {
    id: randomBytes(8).toString('hex'),
    phase: 'own',
    cursor: 0,
    size: o.size ?? AGENTS_PER_CHUNK,
    carryover: o.carryover,
    overrideBp: o.overrideBp,
    depositFeeBp: o.depositFeeBp,
    by: o.by,
    firstRun: o.firstRun,
    startedAt: o.startedAt,
    finishedAt: null,
    chunks: 0,
    counts: noPassCounts(),
    recent: recentWith(o.prev ?? null, (p): EndedSettlementPass => ({ id: p.id, firstRun: p.firstRun, startedAt: p.startedAt, finishedAt: p.finishedAt, counts: p.counts })),
  };
}

export function parseSettlementPass(text: string | null | undefined): SettlementPass | null {
  return text ? (JSON.parse(text) as SettlementPass) : null;
}

export const settlementRunning = (p: SettlementPass | null): p is SettlementPass => p !== null && p.cursor !== null;

/** Locks the month's run row (the update waits for any other holder) and reads it as it now stands. */
export function lockSettlementRun(trx: Kysely<DB>, month: string) {
  return trx
    .updateTable('agent_settlement_runs')
    .set((eb) => ({ pass: eb.ref('pass') }))
    .where('month', '=', month)
    .returningAll()
    .executeTakeFirst();
}
