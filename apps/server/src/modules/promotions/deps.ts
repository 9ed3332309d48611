import type { Kysely } from 'kysely';
import type { VipLevelRow } from '@casino/contract';
import type { DB } from '../../db/schema.ts';
import type { Settings } from '../site/index.ts';
import type { VipLevel } from './rates.ts';

/** What promotions needs from other modules, wired in app.ts through their index.ts. */
export interface PromotionsDeps {
  db: Kysely<DB>;
  settings: () => Promise<Settings>;
  /** the VIP table (content module), thresholds in fen and rates in basis points */
  vipLevels: () => Promise<VipLevel[]>;
  /** platform -> Chinese venue name (games catalogue) */
  venueNames: () => Promise<Map<string, string>>;
  /** an activity's title when it is shown to members, else null (content module) */
  activityTitle: (id: number) => Promise<string | null>;
  /**
   * fen of deposits credited to the member in [fromMs, toMs): the payments module's
   * depositsCreditedBetween once it exists; the ledger's deposit entries until then
   */
  depositsCreditedBetween: (db: Kysely<DB>, memberId: number, fromMs: number, toMs: number) => Promise<number>;
  /** the promotions clock (Date.now in production; a test clock only under the test flag) */
  now: () => number;
  /** names this process in the day-run rows */
  holder: string;
  /** a message to the member's inbox after a decision (inbox module); a repeat of the key sends nothing */
  notify?: (memberId: number, title: string, content: string, dedupeKey: string) => Promise<unknown>;
  /** the VIP table changed (back-office): drop this process's cached copy (content module) */
  vipLevelsChanged?: () => void;
  /** issue 22: refuses red packets and activity applications during a break (responsible module) */
  refuseOnBreak?: (memberId: number, what: 'redPacket' | 'activity') => Promise<void>;
}

/** The content module's wire rows (yuan, percent) back to fen and basis points. */
export function vipLevelsFromRows(rows: VipLevelRow[]): VipLevel[] {
  return rows.map((r) => ({
    level: r.level,
    name: r.name,
    recharge_fen: Math.round(r.recharge * 100),
    flow_fen: Math.round(r.flow * 100),
    realperson_bp: Math.round(r.realperson * 100),
    sport_bp: Math.round(r.sport * 100),
    e_sport_bp: Math.round(r.e_sport * 100),
    joker_bp: Math.round(r.joker * 100),
    electron_bp: Math.round(r.electron * 100),
    lottery_bp: Math.round(r.lottery * 100),
  }));
}
