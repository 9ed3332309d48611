import type { Generated, Selectable } from 'kysely';

/** Deposits, receiving accounts, withdrawals and gateway payment channels. Times are epoch milliseconds; money is integer fen. */

// ---- issue 9: deposits (modules/payments, migration 012) -------------------------------------

/** A deposit order; amounts in fen. status: pending, review, credited, rejected, expired, failed. */
export interface DepositsTable {
  id: Generated<number>;
  deposit_no: string;
  member_id: number;
  paytype: string;
  kind: string;
  status: string;
  amount: number;
  paid_amount: number | null;
  credited_amount: number | null;
  bonus_percent: Generated<number>;
  bonus_amount: Generated<number>;
  gateway: string | null;
  gateway_order_no: string | null;
  bank_owner: Generated<string>;
  bank: Generated<string>;
  bank_no: Generated<string>;
  bank_address: Generated<string>;
  usdt_protocol: Generated<string>;
  usdt_rate: Generated<string>;
  usdt_cents: number | null;
  receiving_account_id: number | null;
  receiving: Generated<string>;
  /** online orders: the gateway's cashier URL (issue 19: /api/payinfo answers it) */
  cashier_url: string | null;
  review_reason: Generated<string>;
  reject_reason: Generated<string>;
  decided_by: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  credited_at: number | null;
  decided_at: number | null;
  /** issue 21: the payment channel the order was routed to (null: the legacy gateway setting, or manual) */
  channel_id: number | null;
  /** migration 052: the first of two approvals above deposit_second_approval_over (operator id, time, the amount approved in fen) */
  first_approved_by: number | null;
  first_approved_at: number | null;
  first_approved_amount: number | null;
}
export type Deposit = Selectable<DepositsTable>;

/** An operator's receiving bank card or USDT address (type bank | usdt), handed out round-robin. */
export interface DepositAccountsTable {
  id: Generated<number>;
  type: string;
  bank_name: string;
  bank_owner: Generated<string>;
  bank_no: string;
  bank_address: Generated<string>;
  enabled: Generated<number>;
  last_used_at: Generated<number>;
  uses: Generated<number>;
  created_at: number;
  /** migration 051: handed to members only once a second operator approved its details (null: waiting) */
  approved_at: number | null;
  approved_by: number | null;
  /** who made the details as they are (created or changed them): not their approver */
  changed_by: number | null;
}
export type DepositAccount = Selectable<DepositAccountsTable>;

/** Bonus fen a member received on one Beijing day (the daily cap). */
export interface DepositBonusDaysTable {
  member_id: number;
  day: string;
  total: Generated<number>;
}

// ---- issue 10: withdrawals (migration 013) ----
/** A member's withdrawal: the amount sits in the member's withdrawal hold until the one decision. */
export interface WithdrawalsTable {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  card_id: number;
  /** 1 bank card, 2 USDT address */
  card_type: number;
  bank: string;
  bank_owner: string;
  bank_no_last4: string;
  bank_address: Generated<string>;
  number_key: string;
  card_bound_at: number;
  /** fen */
  amount: number;
  usdt_chain: string | null;
  /** RMB per USDT x 10000 */
  usdt_rate_e4: number | null;
  /** hundredths of a USDT */
  usdt_amount: number | null;
  usdt_fee: number | null;
  usdt_received: number | null;
  /** 1 pending, 2 approved, 3 rejected */
  state: Generated<number>;
  needs_two: Generated<number>;
  first_approved_by: number | null;
  first_approved_at: number | null;
  claimed_by: number | null;
  claimed_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  reason: Generated<string>;
  created_at: number;
}
export type Withdrawal = Selectable<WithdrawalsTable>;
// ---- end withdrawals ----

/** issue 21: a gateway merchant account (migration 031); keys sealed with the card vault, JSON columns as text */
export interface PaymentChannelsTable {
  id: Generated<number>;
  name: string;
  gateway_type: string;
  merchant_id: string;
  sign_key: string;
  notify_key: Generated<string>;
  sign_key_hint: Generated<string>;
  notify_key_hint: Generated<string>;
  methods: string;
  daily_cap: Generated<number>;
  weight: Generated<number>;
  notify_ips: Generated<string>;
  state: string;
  paused_reason: string | null;
  paused_at: number | null;
  state_changed_at: number;
  sifang: Generated<string>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** issue 33 (migration 036): when a second operator approved a new channel's settings; null: not routed nor offered yet */
  approved_at: number | null;
}
export type PaymentChannelRecord = Selectable<PaymentChannelsTable>;

/** issue 33 (migration 036): a channel credential change waiting for (or decided by) a second operator */
export interface PaymentChannelKeyChangesTable {
  id: Generated<number>;
  channel_id: number;
  kind: string;
  status: string;
  changes: string;
  before: string;
  sign_key: Generated<string>;
  notify_key: Generated<string>;
  proposed_by: number;
  proposed_at: number;
  decided_by: number | null;
  decided_at: number | null;
  reason: Generated<string>;
}
export type PaymentChannelKeyChange = Selectable<PaymentChannelKeyChangesTable>;

/** issue 33: what an approval could not credit under the member's deposit limits, owed back (migration 035) */
export interface DepositRefundsTable {
  id: Generated<number>;
  deposit_no: string;
  member_id: number;
  amount: number;
  paid_amount: number;
  credited_amount: number;
  /** limit | break */
  reason: string;
  /** owed | refunded */
  status: Generated<string>;
  created_by: string;
  created_at: number;
  refunded_by: string | null;
  refunded_at: number | null;
  note: string | null;
}
