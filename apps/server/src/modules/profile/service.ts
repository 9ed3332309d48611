import {
  PROFILE_MSG,
  type ApplyAgentInput,
  type EditPasswordInput,
  type PasswordKind,
  type UpdateUserInfoInput,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { hashPassword, verifyPassword, type Sessions } from '../accounts/index.ts';
import { removeAvatar, sniffAvatar, storeAvatar } from './avatar.ts';
import * as repo from './repo.ts';

/** Where the member's application stands (POST /api/applyagentinfo); null when there is none. */
export interface AgentApplicationStatus {
  state: number;
  mobile: string;
  apply_info: string;
  created_at: string;
}

export interface ProfileDeps {
  sessions: Sessions;
  /** accounts' payment-password check (one counter with card binds and withdrawals); answers the hash checked */
  checkPayPassword(memberId: number, plain: string, wrong: string): Promise<string>;
  /** issue 33/34: refuses an application (a break in force: its end; an agent already: the agent centre) */
  mayApplyAgent?(memberId: number): Promise<void>;
}

/**
 * The member's own account (spec sections 2, 5, 7): profile fields, avatar, both passwords,
 * the agent application. Every call acts on the session's member only; ids in a body are
 * never read.
 */
export function createProfileService(ctx: AppContext, deps: ProfileDeps) {
  const { db, config } = ctx;
  const limits = {
    // wrong old login passwords per member: a borrowed session must not become a password oracle
    oldPassword: ctx.limiter({ name: 'old_password', points: 5, durationSec: 15 * 60, blockSec: 15 * 60 }),
    uploads: ctx.limiter({ name: 'avatar_upload', points: 20, durationSec: 60 * 60 }),
    applications: ctx.limiter({ name: 'agent_apply', points: 10, durationSec: 60 * 60 }),
  };

  /** the old login password of a change; wrong ones paused like logins. Answers the hash checked. */
  async function checkOldLoginPassword(memberId: number, plain: string): Promise<string> {
    const member = await repo.secrets(db, memberId);
    const stored = member?.password_hash ?? '';
    if (!(await limits.oldPassword.attempt(String(memberId), async () => Boolean(member) && verifyPassword(stored, plain)))) refuse(PROFILE_MSG.oldWrong);
    return stored;
  }

  return {
    async updateInfo(memberId: number, input: UpdateUserInfoInput): Promise<void> {
      await repo.updateProfile(db, memberId, { mobile: input.mobile, email: input.email, birthday: input.birthday });
    },

    /**
     * Login (1) or payment (2) password: the rules were checked by the schema; here the old
     * one must be right. A new login password ends every session of the member, this one
     * included, in the same transaction.
     */
    async changePassword(memberId: number, kind: PasswordKind, input: EditPasswordInput): Promise<void> {
      const wrong = kind === 1 ? PROFILE_MSG.oldWrong : PROFILE_MSG.oldPayWrong;
      const column = kind === 1 ? 'password_hash' : 'pay_password_hash';
      const stored = kind === 1 ? await checkOldLoginPassword(memberId, input.password) : await deps.checkPayPassword(memberId, input.password, wrong);
      const next = await hashPassword(input.paypassword);
      const changed = await db.transaction().execute(async (trx) => {
        // changed meanwhile by a concurrent call: the old password checked above is no longer the one
        if (!(await repo.replacePasswordHash(trx, memberId, column, stored, next))) return false;
        if (kind === 1) await deps.sessions.revokeAll(trx, memberId);
        return true;
      });
      if (!changed) refuse(wrong);
    },

    /**
     * A new avatar from the uploaded bytes: PNG or GIF by content, stored under DATA_DIR,
     * then userInfo.avatar points at it and the replaced file is removed. Answers the URL path.
     */
    async setAvatar(memberId: number, bytes: Buffer): Promise<string> {
      await limits.uploads.hit(String(memberId));
      const kind = sniffAvatar(bytes);
      if (!kind) refuse(PROFILE_MSG.avatarType);
      const url = await storeAvatar(config.dataDir, bytes, kind);
      // compare-and-set, so the file replaced is the one that was really replaced
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await repo.identity(db, memberId);
        if (!current) break;
        if (await repo.replaceAvatar(db, memberId, current.avatar, url)) {
          await removeAvatar(config.dataDir, current.avatar).catch((err) => ctx.log.warn({ err }, 'old avatar not removed'));
          return url;
        }
      }
      await removeAvatar(config.dataDir, url).catch(() => undefined);
      refuse(PROFILE_MSG.avatarType);
    },

    /** One pending application per member (the partial unique index settles a race); none from an agent or during a break. */
    async applyAgent(memberId: number, input: ApplyAgentInput): Promise<void> {
      await deps.mayApplyAgent?.(memberId);
      if (await repo.pendingApplication(db, memberId)) refuse(PROFILE_MSG.applyPending);
      await limits.applications.hit(String(memberId));
      try {
        await repo.insertApplication(db, {
          member_id: memberId,
          mobile: input.mobile,
          apply_info: input.apply_info,
          created_at: Date.now(),
        });
      } catch (e) {
        if (repo.isUniqueViolation(e)) refuse(PROFILE_MSG.applyPending);
        throw e;
      }
    },

    async agentApplication(memberId: number): Promise<AgentApplicationStatus | null> {
      const row = await repo.latestApplication(db, memberId);
      return row
        ? { state: row.state, mobile: row.mobile, apply_info: row.apply_info, created_at: toWireTime(row.created_at) }
        : null;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
