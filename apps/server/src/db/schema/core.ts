import type { Generated, Insertable, Selectable } from 'kysely';

/** Members, sessions, operators, the ledger, the audit log and job runs. Times are epoch milliseconds; money is integer fen. */

export interface MembersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  pay_password_hash: string;
  realname: string;
  mobile: Generated<string>;
  email: Generated<string>;
  birthday: Generated<string>;
  avatar: Generated<string>;
  vip: Generated<number>;
  paysum: Generated<number>;
  transferstatus: Generated<number>;
  referrer_pid: string | null;
  /** 1 active, 0 frozen by an operator */
  status: Generated<number>;
  register_ip: string;
  created_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
  /** unused since 011_turnover (requirements are rows in turnover_requirements); always 0 */
  turnover_required: Generated<number>;
  /** 1 once an operator verified the real name (the 已实名 badge); 0 until then */
  realname_verified: Generated<number>;
  /** issue 36: normal | watch | no_promo | withdraw_review (migration 038), set only by operators */
  risk_level: Generated<string>;
}
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;

export type SessionKind = 'member' | 'admin';

export interface SessionsTable {
  token_hash: string;
  subject_kind: SessionKind;
  /** members.id or admins.id */
  subject_id: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: string;
  created_at: number;
  // issue 12 (migration 015)
  /** 1 active, 0 disabled (cannot sign in; sessions ended) */
  status: Generated<number>;
  /** the authenticator secret sealed by the card vault; null: no second factor */
  totp_secret: string | null;
  /** a secret being enrolled, until the operator's first code confirms it */
  totp_pending: string | null;
  /** the last time step a code was accepted for (a code is used once) */
  totp_last_step: number | null;
  /** JSON array of addresses / CIDR ranges allowed to sign in; [] = any */
  ip_allowlist: Generated<string>;
  created_by: number | null;
  last_login_at: number | null;
  last_login_ip: string | null;
  /** issue 25 (migration 025): 1 = must set their own password before any other call */
  must_change_password: Generated<number>;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** e.g. member:12:central, house:deposits */
  code: string;
  member_id: number | null;
  kind: string;
  balance: Generated<number>;
  created_at: number;
}

/** One immutable movement of money (DESIGN.md section 4); never updated or deleted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  from_account_id: number;
  to_account_id: number;
  /** fen, > 0 */
  amount: number;
  /** deposit, withdraw_hold, transit_hold, venue_transfer_out, ... (wallet/accounts.ts ENTRY_KINDS) */
  kind: string;
  /** the order, withdrawal or transfer id the entry belongs to */
  reference: string;
  /** unique: a second posting with the same key has no effect */
  idempotency_key: string;
  memo: Generated<string>;
  /** 'system' or the operator, e.g. admin:3 */
  created_by: string;
  created_at: number;
}
export type LedgerEntry = Selectable<LedgerEntriesTable>;

export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number;
  action: string;
  target: string;
  /** JSON */
  detail: string;
  ip: string;
  created_at: number;
}

export interface JobRunsTable {
  job: string;
  /** which period of the job's schedule, e.g. floor(epoch s / 30) */
  slot: number;
  /** the server process that claimed it */
  holder: string;
  started_at: number;
  finished_at: number | null;
  error: string | null;
}
