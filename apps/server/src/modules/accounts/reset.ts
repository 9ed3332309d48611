import { MSG, CODE, RESET_MSG, resetPasswordSchema, type ResetPasswordInput } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError, ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { burnVerify, hashPassword } from './passwords.ts';
import * as repo from './repo.ts';
import type { Sessions } from './sessions.ts';

export interface PasswordResetDeps {
  sessions: Sessions;
  /** accounts.checkPayPassword: one payment-password counter per member, shared with every screen */
  checkPayPassword(memberId: number, plain: string, wrong: string): Promise<string>;
  /** whether a bound bank card or USDT address of the member ends in these 4 characters */
  hasCardEnding(memberId: number, last4: string): Promise<boolean>;
  /** accounts.clearLoginFailures: a proven owner's logins are no longer slowed down */
  clearLoginFailures(username: string): Promise<void>;
}

/**
 * Self-service password reset (忘记密码): a member who proves ownership with real name, payment
 * password and a bound card's last 4 sets a new login password, and every session of the
 * account ends. Every wrong fact, and an unknown account, answers one message after one argon2
 * check, so neither the reply nor its timing tells which fact was wrong or whether the account
 * exists. Failures count per address and per account (then a pause); wrong payment passwords
 * also count on the member's shared payment-password counter.
 */
export function createPasswordReset(ctx: AppContext, deps: PasswordResetDeps) {
  const { db } = ctx;
  const limits = {
    ip: ctx.limiter({ name: 'reset_ip', points: 10, durationSec: 60 * 60, blockSec: 60 * 60 }),
    account: ctx.limiter({ name: 'reset_acct', points: 5, durationSec: 60 * 60, blockSec: 60 * 60 }),
  };

  async function failed(ip: string, username: string): Promise<never> {
    await limits.ip.hit(ip);
    await limits.account.hit(username);
    refuse(RESET_MSG.mismatch);
  }

  return async function resetPassword(input: ResetPasswordInput, ip: string): Promise<void> {
    const username = input.name.toLowerCase();
    await limits.ip.assertOpen(ip);
    await limits.account.assertOpen(username);

    const member = await repo.findByUsername(db, username);
    if (!member) {
      await burnVerify(input.paypassword);
      return failed(ip, username);
    }
    // the payment password first, always: its check costs the same whichever other fact is wrong
    try {
      await deps.checkPayPassword(member.id, input.paypassword, RESET_MSG.mismatch);
    } catch (e) {
      if (e instanceof ApiError && e.message === RESET_MSG.mismatch) return failed(ip, username);
      throw e;
    }
    const sameName = member.realname.trim() === input.realname;
    if (!sameName || !(await deps.hasCardEnding(member.id, input.card_last4))) return failed(ip, username);
    // the owner, proven: a frozen account still stays frozen
    if (member.status !== 1) refuse(MSG.accountDisabled, CODE.forbidden);

    const hash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await repo.setPasswordHash(trx, member.id, hash);
      await deps.sessions.revokeAll(trx, member.id);
    });
    await limits.account.reset(username);
    await deps.clearLoginFailures(username);
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;

/** POST /api/resetPassword: open to guests (the member cannot sign in). */
export function resetRoutes(app: FastifyInstance, reset: PasswordReset) {
  app.post('/api/resetPassword', async (req) => {
    const input = parse(resetPasswordSchema, req.body);
    await reset(input, req.ip);
    return ok(null, RESET_MSG.ok);
  });
}
