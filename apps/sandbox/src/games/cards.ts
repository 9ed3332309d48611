import type { Rng } from './rng.ts';

/** A playing card: rank 1 (A) .. 13 (K), suit 0 ♦ 1 ♣ 2 ♥ 3 ♠. */
export interface Card {
  rank: number;
  suit: number;
}

/**
 * Draws `n` cards without replacement from `decks` fresh 52-card decks (partial
 * Fisher-Yates: only the cards dealt are shuffled into place).
 */
export function deal(n: number, decks: number, rng: Rng): Card[] {
  const size = 52 * decks;
  const pool = new Uint16Array(size);
  for (let i = 0; i < size; i++) pool[i] = i;
  const out: Card[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(size - i);
    const id = pool[j];
    pool[j] = pool[i];
    pool[i] = id;
    const c = id % 52;
    out.push({ rank: (c % 13) + 1, suit: Math.floor(c / 13) });
  }
  return out;
}

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♦', '♣', '♥', '♠'];
export const cardText = (c: Card) => `${SUITS[c.suit]}${RANKS[c.rank]}`;
