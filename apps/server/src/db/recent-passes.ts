/**
 * Resumable passes (rebate days, agent months) keep their state as JSON in their run row, and a
 * new pass replaces the one before once that one has ended. An operator's re-run answers the
 * counts of its own pass, but another caller may have carried that pass to its end and started
 * its own before the first caller looked again (three operators re-running at once). So each
 * pass carries a short list of the passes that ended before it, newest first: the first caller
 * finds its own there. Sixteen more re-runs would have to start and end in that gap to push it out.
 */
export const RECENT_PASSES = 16;

interface Passlike {
  id: string;
  recent?: unknown[];
  /** an older form kept one pass (rows written before the list) */
  prev?: unknown;
}

/** The passes `pass` remembers, in either form (the list, or the older single `prev`). */
function remembered<S>(pass: { recent?: unknown[]; prev?: unknown }): S[] {
  return (pass.recent ?? (pass.prev ? [pass.prev] : [])) as S[];
}

/** The list a new pass carries: `ended` (without its own list) before what it remembered. */
export function recentWith<T extends Passlike, S>(ended: T | null, summary: (p: T) => S): S[] {
  if (!ended) return [];
  return [summary(ended), ...remembered<S>(ended)].slice(0, RECENT_PASSES);
}

/** The pass `id` among those that ended before `current`, if it is remembered. */
export function endedPass<S extends { id: string }>(current: { recent?: S[]; prev?: S | null }, id: string): S | null {
  return remembered<S>(current).find((p) => p.id === id) ?? null;
}
