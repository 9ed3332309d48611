import type { ReconFigure } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { SeamlessRoundReport, VenueRegistry } from '../../adapters/venues/index.ts';
import type { ItemRow } from './daily-repo.ts';
import type { CheckOutcome } from './daily-checks.ts';

/** the provider's and our clocks differ a little: both sides are read this much past the day, only the day is judged */
const MARGIN_MS = 5 * 60_000;
const LIST_LIMIT = 200;

/** what the provider's round status means in our seamless_rounds.state */
const STATE_OF: Record<string, string> = { open: 'open', settled: 'credited', rolled_back: 'rolled_back' };

/**
 * issue 38: the daily check of seamless rounds against each seamless venue's round report (the
 * provider's `seamless-rounds`): per debit txId, both sides have it, with the same stake, state and
 * payout; a debit the provider says was refused took nothing here; credits of unknown debits still
 * unmatched are listed. Venues that are seamless now or had rounds that day.
 */
export function createSeamlessCheck(ctx: AppContext, deps: { registry: VenueRegistry; venues: () => Promise<{ platform: string; provider: string }[]> }) {
  const { db } = ctx;
  const item = (kind: string, reference: string, refs: ItemRow['refs'], expected: number | null, actual: number | null, note = ''): ItemRow => ({ check_name: 'seamless', kind, reference, refs, expected, actual, note });

  return async function seamless(since: number, until: number): Promise<CheckOutcome> {
    const items: ItemRow[] = [];
    const sums = { ours: 0, theirs: 0, stakeOurs: 0, stakeTheirs: 0, payOurs: 0, payTheirs: 0 };
    const known = await db.selectFrom('venues').select(['platform', 'mode']).execute();
    const providerOf = new Map((await deps.venues()).map((v) => [v.platform, v.provider]));
    for (const v of known) {
      const any = await db.selectFrom('seamless_rounds').select('venue').where('venue', '=', v.platform).where('created_at', '>=', since - MARGIN_MS).where('created_at', '<', until + MARGIN_MS).limit(1).executeTakeFirst();
      if (v.mode !== 'seamless' && !any) continue;
      const adapter = deps.registry.get(providerOf.get(v.platform) ?? '');
      let theirs: SeamlessRoundReport[];
      try {
        if (!adapter?.seamlessRounds) throw new Error('this provider has no round report');
        theirs = await adapter.seamlessRounds(v.platform, since - MARGIN_MS, until + MARGIN_MS);
      } catch (err) {
        items.push(item('seamless_no_answer', v.platform, { venue: v.platform }, null, null, String((err as Error).message ?? err).slice(0, 200)));
        continue;
      }
      const ours = await db.selectFrom('seamless_rounds').selectAll().where('venue', '=', v.platform).where('created_at', '>=', since - MARGIN_MS).where('created_at', '<', until + MARGIN_MS).execute();
      const ourBy = new Map(ours.map((r) => [r.debit_tx_id, r]));
      const theirBy = new Map(theirs.map((r) => [r.debit.txId, r]));
      for (const t of theirs) {
        if (t.createdAt < since || t.createdAt >= until || t.status === 'pending') continue;
        const o = ourBy.get(t.debit.txId) ?? (await db.selectFrom('seamless_rounds').selectAll().where('venue', '=', v.platform).where('debit_tx_id', '=', t.debit.txId).executeTakeFirst());
        const refs = { venue: v.platform, debit_tx_id: t.debit.txId, round_id: t.roundId, player: t.player };
        const stake = o?.stake === null || o?.stake === undefined ? null : Number(o.stake);
        if (t.status === 'refused') {
          if (stake !== null) items.push(item('seamless_state_mismatch', t.debit.txId, refs, 0, stake, `供应商记为下注被拒（应答 ${t.debit.code ?? '无'}），我方已扣款`));
          continue;
        }
        sums.theirs++;
        sums.stakeTheirs += t.stakeFen;
        sums.payTheirs += t.payoutFen ?? 0;
        if (stake === null || !o) {
          items.push(item('seamless_missing_ours', t.debit.txId, refs, t.stakeFen, null));
          continue;
        }
        if (stake !== t.stakeFen) items.push(item('seamless_amount_mismatch', t.debit.txId, refs, t.stakeFen, stake, '下注金额'));
        if (STATE_OF[t.status] !== o.state) items.push(item('seamless_state_mismatch', t.debit.txId, refs, null, null, `供应商 ${t.status}，我方 ${o.state}`));
        else if (o.state === 'credited' && Number(o.payout ?? 0) !== (t.payoutFen ?? 0)) items.push(item('seamless_amount_mismatch', t.debit.txId, refs, t.payoutFen ?? 0, Number(o.payout ?? 0), '派彩金额'));
      }
      for (const o of ours) {
        if (Number(o.created_at) < since || Number(o.created_at) >= until) continue;
        const refs = { venue: v.platform, debit_tx_id: o.debit_tx_id, round_id: o.round_id, member_id: Number(o.member_id) };
        if (o.stake === null) {
          if (o.flagged) items.push(item('seamless_flagged', o.debit_tx_id, refs, null, Number(o.payout ?? 0)));
          continue;
        }
        sums.ours++;
        sums.stakeOurs += Number(o.stake);
        sums.payOurs += o.state === 'credited' ? Number(o.payout ?? 0) : 0;
        if (!theirBy.has(o.debit_tx_id)) items.push(item('seamless_missing_theirs', o.debit_tx_id, refs, null, Number(o.stake)));
      }
    }
    items.sort((a, b) => a.reference.localeCompare(b.reference));
    const figures: ReconFigure[] = [
      { label: '当日免转局数（我方 / 供应商）', ours: sums.ours, theirs: sums.theirs, unit: 'count' },
      { label: '下注金额（我方 / 供应商）', ours: sums.stakeOurs, theirs: sums.stakeTheirs, unit: 'yuan' },
      { label: '派彩金额（我方 / 供应商）', ours: sums.payOurs, theirs: sums.payTheirs, unit: 'yuan' },
    ];
    return {
      check: 'seamless',
      items: items.slice(0, LIST_LIMIT),
      truncated: items.length > LIST_LIMIT,
      figures,
      note: '免转场馆当日每一局按下注交易号与供应商局报表逐笔核对：双方都有、下注金额、状态与派彩一致；供应商记为被拒的下注我方未扣款；派彩无对应下注的局列为待核',
    };
  };
}
