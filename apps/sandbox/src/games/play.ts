import type { GameDef } from '../provider/catalogue.ts';
import type { Body } from '../provider/input.ts';
import type { ProviderStore, Round, RoundResult } from '../provider/store.ts';
import type { Rng } from './rng.ts';

/**
 * Where a round's money moves: the provider's own wallet (ProviderStore, transfer mode) or the
 * site's wallet API (Seamless, issue 38), by the venue's mode.
 */
export interface Rounds {
  playRound(r: Round, now?: number): RoundResult | Promise<RoundResult>;
  placeOpenBet(b: Parameters<ProviderStore['placeOpenBet']>[0], now?: number): RoundResult | Promise<RoundResult>;
}

/** What a game's action sees: the player, the game opened, the provider's books. */
export interface PlayContext {
  store: ProviderStore;
  rounds: Rounds;
  game: GameDef;
  username: string;
  rng: Rng;
  now: number;
}

export type Action = (ctx: PlayContext, body: Body) => unknown;

/** a refused play: answered HTTP 400 with a Chinese message the page shows */
export class PlayError extends Error {
  constructor(
    readonly code: 'insufficient_balance' | 'bad_bet' | 'betting_closed' | 'odds_changed' | 'blocked' | 'wallet_unavailable',
    message: string,
  ) {
    super(message);
  }
}

export const insufficient = () => new PlayError('insufficient_balance', '余额不足，请先转入额度');

/** largest single stake any game takes: 50,000 yuan */
export const MAX_STAKE_FEN = 5_000_000;

/** a stake in fen: a positive integer, a multiple of `step`, at most MAX_STAKE_FEN */
export function stake(value: unknown, step = 100, allowZero = false): number {
  if (value === undefined || value === null || value === 0) {
    if (allowZero) return 0;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_STAKE_FEN || value % step !== 0 || (!allowZero && value === 0)) {
    throw new PlayError('bad_bet', '下注金额不正确');
  }
  return value;
}

export const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');
