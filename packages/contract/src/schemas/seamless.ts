import { z } from 'zod';
import type { Yuan } from '../money.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminPage, adminPerPage } from './admin-shared.ts';

/**
 * Seamless venues in the back-office (issue 38; apps/server/src/adapters/venues/SEAMLESS.md):
 *   POST /admin/api/venues/mode      {platform, mode}                       games.manage
 *   POST /admin/api/seamless/rounds  {username, venue?, state?, page?, per_page?}  members.view
 * A venue becomes seamless only while no member holds money in it, and transfer again only while
 * none of its rounds is open.
 */
export const VENUE_MODES = ['transfer', 'seamless'] as const;
export type VenueMode = (typeof VENUE_MODES)[number];
export const SEAMLESS_ROUND_STATES = ['open', 'credited', 'rolled_back'] as const;
export type SeamlessRoundState = (typeof SEAMLESS_ROUND_STATES)[number];

export const SEAMLESS_MSG = {
  platform: '请选择场馆',
  mode: '模式只能是转账钱包或免转钱包',
  venueNotFound: '场馆不存在',
  username: '请输入会员账号',
  memberNotFound: '会员不存在',
  state: '请选择正确的状态',
  unchanged: '场馆已是该模式',
  modeSet: (name: string) => `场馆模式已改为${name}`,
  membersHoldMoney: (members: number, yuan: string) => `仍有${members}名会员在该场馆持有余额（共${yuan}元）或有待确认的转账，请先回收后再改为免转`,
  openRounds: (n: number) => `该场馆还有${n}局未结算，全部结算后才能改回转账钱包`,
  providerFailed: (why: string) => `供应商未确认模式变更，本地未修改：${why}`,
} as const;

const PLATFORM = /^[A-Za-z0-9_-]{1,40}$/;

export const adminVenueModeSchema = z.object(
  {
    platform: z.string({ error: SEAMLESS_MSG.platform }).trim().min(1, SEAMLESS_MSG.platform).regex(PLATFORM, SEAMLESS_MSG.venueNotFound),
    mode: z.enum(VENUE_MODES, { error: SEAMLESS_MSG.mode }),
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminVenueModeInput = z.output<typeof adminVenueModeSchema>;

export const adminSeamlessRoundsSchema = z.object(
  {
    username: z.string({ error: SEAMLESS_MSG.username }).trim().min(1, SEAMLESS_MSG.username).max(32, SEAMLESS_MSG.memberNotFound),
    venue: adminFilter(40, SEAMLESS_MSG.venueNotFound),
    state: z.enum(SEAMLESS_ROUND_STATES, { error: SEAMLESS_MSG.state }).optional(),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminSeamlessRoundsInput = z.output<typeof adminSeamlessRoundsSchema>;

/** one wallet call of a round: its kind, amount and the answer it got (names in SEAMLESS_TX_KIND_NAMES, SEAMLESS_CODE_NAMES) */
export interface AdminSeamlessTxRow {
  tx_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  amount: Yuan;
  code: number;
  flagged: 0 | 1;
  created_at: string;
}

/** one round (one debit) of a member at a seamless venue, newest first */
export interface AdminSeamlessRoundRow {
  venue: string;
  venue_name: string;
  debit_tx_id: string;
  round_id: string;
  game_code: string;
  state: SeamlessRoundState;
  /** null while the debit has not arrived (a credit or rollback came first) */
  stake: Yuan | null;
  payout: Yuan | null;
  /** 1: credited without a known debit (for the reconciliation) */
  flagged: 0 | 1;
  created_at: string;
  settled_at: string | null;
  txs: AdminSeamlessTxRow[];
}
