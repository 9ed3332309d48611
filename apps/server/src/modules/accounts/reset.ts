import { MSG, CODE, RESET_MSG, resetPasswordSchema, type ResetPasswordInput } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
import { deviceOf } from './routes.ts';
import { loginDelayMs } from './service.ts';
import * as repo from './repo.ts';
import type { Sessions } from './sessions.ts';

export interface PasswordResetDeps {
  sessions: Sessions;
  /** whether a bound bank card or USDT address of the member ends in these 4 characters */
  hasCardEnding(memberId: number, last4: string): Promise<boolean>;
  /** accounts.clearLoginFailures: a proven owner's logins are no longer slowed down */
  clearLoginFailures(username: string): Promise<void>;
}

/** who asks for a reset: the address, and the member site's device id when it sent a valid one */
export interface ResetMeta {
  ip: string;
  device?: string | null;
}

/**
 * Self-service password reset (忘记密码): a member who proves ownership with real name, payment
 * password and a bound card's last 4 sets a new login password, and every session of the
 * account ends. Every wrong fact, and an unknown account, answers one message after one argon2
 * check, so neither the reply nor its timing tells which fact was wrong or whether the account
 * exists.
 *
 * issue 33 (DESIGN 5, "throttle the guesser, never the owner"): attempts count by who makes them,
 * the address and the device, each paused after 10 in an hour (counted before the check, so
 * guesses sent at once are bounded too). For the account named they are
 * counted but never pause it: past LOGIN_SLOW_AFTER a reset of that account waits (loginDelayMs),
 * except from a device that has signed in to it before. A wrong payment password here is never
 * counted on the member's own payment-password counter, so strangers naming a member can no
 * longer pause that member's withdrawals, card binds or reset.
 */
export function createPasswordReset(ctx: AppContext, deps: PasswordResetDeps) {
  const { db } = ctx;
  const limits = {
    ip: ctx.limiter({ name: 'reset_ip', points: 10, durationSec: 60 * 60, blockSec: 60 * 60 }),
    device: ctx.limiter({ name: 'reset_device', points: 10, durationSec: 60 * 60, blockSec: 60 * 60 }),
    account: ctx.limiter({ name: 'reset_acct', points: Number.MAX_SAFE_INTEGER, durationSec: 60 * 60 }),
  };

  /** the attempt was counted before its check (below) */
  function failed(): never {
    refuse(RESET_MSG.mismatch);
  }

  /** a device the account has signed in from: its owner's, as far as anyone can tell */
  async function ownersDevice(memberId: number, device: string | null | undefined): Promise<boolean> {
    if (!device) return false;
    const row = await db.selectFrom('member_logins').select('id').where('member_id', '=', memberId).where('device', '=', device).limit(1).executeTakeFirst();
    return Boolean(row);
  }

  return async function resetPassword(input: ResetPasswordInput, meta: ResetMeta): Promise<void> {
    const username = input.name.toLowerCase();
    // every attempt is counted before its check, as limiter.attempt does: counted on failure only,
    // twenty guesses sent at once from one address all passed its open counter and were all
    // checked, the right payment password among them resetting the account (reset-races.test.ts).
    // A proven owner's reset costs its address and device one of their ten an hour.
    await limits.ip.hit(meta.ip);
    if (meta.device) await limits.device.hit(meta.device);
    await limits.account.hit(username);

    const member = await repo.findByUsername(db, username);
    // the guesses before this one, those sent with it included
    const delay = loginDelayMs(Math.max(0, (await limits.account.count(username)) - 1));
    if (delay > 0 && !(member && (await ownersDevice(member.id, meta.device)))) await new Promise((resolve) => setTimeout(resolve, delay));
    // the payment password first, always: its check costs the same whichever other fact is wrong
    const payOk = member ? await verifyPassword(member.pay_password_hash, input.paypassword) : await burnVerify(input.paypassword);
    if (!member || !payOk) failed();
    const sameName = member.realname.trim() === input.realname;
    if (!sameName || !(await deps.hasCardEnding(member.id, input.card_last4))) failed();
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
    await reset(input, { ip: req.ip, device: deviceOf(req) });
    return ok(null, RESET_MSG.ok);
  });
}
