import { randomInt } from 'node:crypto';

/** Where outcomes come from: the OS's cryptographic generator (tests may pass their own). */
export interface Rng {
  /** uniform integer in [0, max) */
  int(max: number): number;
}

export const cryptoRng: Rng = { int: (max) => randomInt(max) };
