import type { BetRecord, CatalogueResponse, SeamlessCall, SeamlessRound, TransferResponse, TransferStatusResponse } from '@casino/sandbox';
import type { CategoryId, SeamlessCallReport, SeamlessRoundReport, VenueBet, VenueCatalogue, VenueTransferResult, VenueTransferStatus } from '../types.ts';

/** The sandbox's wire records to ours. Kept apart from the HTTP so they can be tested alone. */

const CATEGORIES: ReadonlySet<string> = new Set(['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing']);

function category(v: string): CategoryId {
  if (!CATEGORIES.has(v)) throw new RangeError(`unknown category ${JSON.stringify(v)}`);
  return v as CategoryId;
}

function fen(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new RangeError(`${field} is not an integer amount of fen: ${JSON.stringify(v)}`);
  return v;
}

function time(v: string | null, field: string): number {
  const ms = Date.parse(String(v));
  if (!Number.isFinite(ms)) throw new RangeError(`${field} is not a time: ${JSON.stringify(v)}`);
  return ms;
}

export function toTransferResult(r: TransferResponse): VenueTransferResult {
  if (r.status !== 'success' && r.status !== 'failed') throw new RangeError(`unknown transfer status ${JSON.stringify(r.status)}`);
  return {
    status: r.status,
    reason: r.status === 'failed' ? (r.reason ?? 'failed') : null,
    balanceFen: typeof r.balance_fen === 'number' && Number.isSafeInteger(r.balance_fen) ? r.balance_fen : null,
  };
}

export function toTransferStatus(r: TransferStatusResponse): VenueTransferStatus {
  if (r.status !== 'success' && r.status !== 'failed' && r.status !== 'not_found') {
    throw new RangeError(`unknown transfer status ${JSON.stringify(r.status)}`);
  }
  return { status: r.status, amountFen: r.amount_fen ?? null, type: r.type ?? null };
}

/** A bet record; a status other than 0, 1, 2 is refused rather than guessed. */
export function toBet(r: BetRecord): VenueBet {
  if (r.status !== 0 && r.status !== 1 && r.status !== 2) throw new RangeError(`bet ${r.bet_id}: unknown status ${JSON.stringify(r.status)}`);
  const unsettled = r.status === 2;
  return {
    platform: r.platform,
    betId: String(r.bet_id),
    player: r.username,
    gameCode: r.game_code,
    gameName: r.game_name,
    categoryId: category(r.category_id),
    betAmountFen: fen(r.bet_amount_fen, 'bet_amount_fen'),
    // an open bet counts for nothing yet, whatever the record says
    validAmountFen: unsettled ? 0 : fen(r.valid_amount_fen, 'valid_amount_fen'),
    winLossFen: unsettled ? 0 : fen(r.win_loss_fen, 'win_loss_fen'),
    status: r.status,
    createdAt: time(r.created_at, 'created_at'),
    settledAt: r.settled_at ? time(r.settled_at, 'settled_at') : null,
    detail: String(r.detail ?? '').slice(0, 500),
    // checked by answers.ts betPage: a round id of 1 to 64 visible characters, a known side or null
    roundId: r.round_id,
    side: r.side,
  };
}

export function toCatalogue(c: CatalogueResponse): VenueCatalogue {
  return {
    venues: c.venues.map((v) => ({
      platform: v.platform,
      name: v.name,
      categories: v.categories.filter((x) => CATEGORIES.has(x)).map(category),
      logoImg: v.logo_img ?? '',
    })),
    games: c.games
      .filter((g) => CATEGORIES.has(g.category_id))
      .map((g) => ({
        platform: g.platform_name,
        gameCode: g.game_code,
        name: g.name,
        categoryId: category(g.category_id),
        isHot: g.is_hot === 1,
        isNew: g.is_new === 1,
        open: g.app_state === 1,
        logoImg: g.api_logo_img ?? '',
        mobileImg: g.mobile_img ?? g.api_logo_img ?? '',
      })),
  };
}

const CALL_STATES: ReadonlySet<string> = new Set(['pending', 'ok', 'refused', 'unanswered']);
const ROUND_STATES: ReadonlySet<string> = new Set(['open', 'settled', 'rolled_back', 'refused', 'pending']);

function seamlessCall(c: SeamlessCall, field: string): SeamlessCallReport {
  if (!CALL_STATES.has(c.state)) throw new RangeError(`${field}: unknown state ${JSON.stringify(c.state)}`);
  return { txId: String(c.tx_id), amountFen: fen(c.amount_fen, `${field}.amount_fen`), state: c.state, code: typeof c.code === 'number' ? c.code : null };
}

/** issue 38: a round of the provider's seamless round report; an unknown status is refused rather than guessed */
export function toSeamlessRound(r: SeamlessRound): SeamlessRoundReport {
  if (!ROUND_STATES.has(r.status)) throw new RangeError(`round ${r.round_id}: unknown status ${JSON.stringify(r.status)}`);
  return {
    roundId: String(r.round_id),
    betId: String(r.bet_id),
    player: r.username,
    platform: r.platform,
    gameCode: r.game_code,
    gameName: r.game_name,
    status: r.status,
    stakeFen: fen(r.stake_fen, 'stake_fen'),
    payoutFen: r.payout_fen === null ? null : fen(r.payout_fen, 'payout_fen'),
    debit: seamlessCall(r.debit, 'debit'),
    credit: r.credit ? seamlessCall(r.credit, 'credit') : null,
    rollback: r.rollback ? seamlessCall(r.rollback, 'rollback') : null,
    createdAt: time(r.created_at, 'created_at'),
    settledAt: r.settled_at ? time(r.settled_at, 'settled_at') : null,
  };
}
