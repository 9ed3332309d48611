import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Settings } from '../site/index.ts';

/** What the settlement and the statements need from other modules, wired where agents are made. */
export interface SettlementDeps {
  db: Kysely<DB>;
  settings: () => Promise<Settings>;
  /** the promotions clock (Date.now; a test clock under PROMO_TEST_NOW) */
  now: () => number;
  /** names this process in the run rows */
  holder: string;
  /** a message to the agent's inbox after a decision; a repeat of the key sends nothing */
  notify?: (memberId: number, title: string, content: string, dedupeKey: string) => Promise<unknown>;
}
