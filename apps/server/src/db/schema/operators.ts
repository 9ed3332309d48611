import type { Generated } from 'kysely';

/** Back-office roles, member notes and member sign-ins. Times are epoch milliseconds; money is integer fen. */

// ---- issue 12: operators (migration 015) ------------------------------------------------------

/** A back-office role: its permission slugs ('*' = all). */
export interface AdminRolesTable {
  code: string;
  name: string;
  /** JSON array of slugs */
  permissions: string;
  /** 1 for the roles every site starts with */
  builtin: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** An operator's internal note on a member (never shown to the member). */
export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  admin_id: number;
  content: string;
  created_at: number;
}

/** One successful member sign-in (address and device), for operators. */
export interface MemberLoginsTable {
  id: Generated<number>;
  member_id: number;
  ip: string;
  user_agent: string;
  /** the member site's device id (X-Device-Id, migration 030); null when none or not valid */
  device: string | null;
  created_at: number;
  /** issue 36: register | login (migration 038) */
  kind: Generated<string>;
}
