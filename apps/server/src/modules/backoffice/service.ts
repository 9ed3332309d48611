import { ADMIN_MSG, CODE, holdsMoneyPermission, OPS_MSG, type OperatorLoginInput, type OperatorLoginReply } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { burnVerify, loginDelayMs, verifyPassword, type Sessions } from '../accounts/index.ts';
import type { SiteService } from '../site/index.ts';
import type { Captcha } from '../accounts/index.ts';
import type { CardVault } from '../cards/index.ts';
import { addressAllowed } from './ip-allow.ts';
import * as ops from './operators-repo.ts';
import { audit } from '../audit/index.ts';
import { matchStep } from './totp.ts';
import { permissionsOf } from '../../lib/permissions.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface BackofficeDeps {
  captcha: Captcha;
  vault: CardVault;
  /** issue 25: the setting operator_2fa_required */
  site: SiteService;
}

/** issue 25: a first-sign-in step the operator still owes, or null */
export type SetupStep = 'password' | 'totp' | null;

export function createBackofficeService(ctx: AppContext, sessions: Sessions, deps: BackofficeDeps) {
  const { db } = ctx;
  const limits = {
    loginIp: ctx.limiter({ name: 'admin_login_ip', points: 10, durationSec: 15 * 60, blockSec: 30 * 60 }),
    // failed logins per account: counted, never a pause (issue 25, the member rule of issue 14): a
    // stranger who knows an operator's name must not keep them out; past LOGIN_SLOW_AFTER every
    // attempt on the account waits (loginDelayMs). The per-address limit above still pauses.
    loginAccount: ctx.limiter({ name: 'admin_login_acct', points: Number.MAX_SAFE_INTEGER, durationSec: 15 * 60 }),
    // issue 33: second-factor codes per account, from any address, counted before each is checked
    // (only someone who gave the right password gets here): 5 in 15 minutes, then a pause
    totpAccount: ctx.limiter({ name: 'admin_totp_acct', points: 5, durationSec: 15 * 60, blockSec: 15 * 60 }),
  };

  /** issue 25: whether this operator's role must have a second factor (money permissions, setting on) */
  async function totpRequired(permissions: readonly string[]): Promise<boolean> {
    if (!ctx.config.operatorSetup || !holdsMoneyPermission(permissions)) return false;
    return (await deps.site.settings()).operator_2fa_required === 1;
  }

  /** issue 25: the step owed first: their own password, then (for money roles) a second factor */
  async function setupOf(row: { must_change_password: number; totp_secret: string | null }, permissions: readonly string[]): Promise<SetupStep> {
    if (!ctx.config.operatorSetup) return null;
    if (row.must_change_password === 1) return 'password';
    if (!row.totp_secret && (await totpRequired(permissions))) return 'totp';
    return null;
  }

  return {
    totpRequired,
    setupOf,
    /** Forgets an operator's failed logins (another operator reset their password). */
    clearLoginFailures: (username: string) => limits.loginAccount.reset(username.toLowerCase()),

    /**
     * Order: required fields (schema), rate limits, captcha, name and password, then (only for
     * the right password, so nothing leaks to a guesser) disabled account, address allowlist and
     * the second factor. A wrong captcha or code counts against the limits like a wrong password.
     */
    async login(input: OperatorLoginInput, meta: ClientMeta): Promise<OperatorLoginReply> {
      const username = input.username.toLowerCase();
      await limits.loginIp.assertOpen(meta.ip);
      const fail = async (message: string, account = true): Promise<never> => {
        await limits.loginIp.hit(meta.ip);
        if (account) await limits.loginAccount.hit(username);
        refuse(message);
      };
      try {
        await deps.captcha.verify(input.captcha_key, input.code);
      } catch (e) {
        await limits.loginIp.hit(meta.ip);
        throw e;
      }
      // an account under attack answers slowly, right password or not, so guessing costs time
      const delay = loginDelayMs(await limits.loginAccount.count(username));
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const admin = await ops.operatorByUsername(db, username);
      const good = admin ? await verifyPassword(admin.password_hash, input.password) : await burnVerify(input.password);
      // issue 33: a disabled operator is answered exactly as a wrong password (same code, message
      // and counting), so the answer never tells a guesser that the password was right
      if (!admin || !good || admin.status !== 1) return fail(ADMIN_MSG.loginFailed);
      if (!addressAllowed(admin.ip_allowlist, meta.ip)) {
        await audit(db, { adminId: admin.id, action: 'login.refused', target: `admin:${admin.id}`, detail: { reason: 'ip_not_allowed' }, ip: meta.ip });
        refuse(OPS_MSG.ipNotAllowed, CODE.forbidden);
      }
      let otpStep: number | null = null;
      if (admin.totp_secret) {
        if (!input.otp) refuse(OPS_MSG.otpRequired);
        const secret = deps.vault.open(admin.totp_secret);
        const otp = input.otp;
        const matched = await limits.totpAccount.attempt(username, async () => {
          otpStep = matchStep(secret, admin.username, otp);
          return otpStep !== null && (admin.totp_last_step === null || otpStep > admin.totp_last_step);
        });
        if (!matched) return fail(OPS_MSG.otpWrong);
      }
      await limits.loginAccount.reset(username);
      const now = Date.now();
      const permissions = permissionsOf((await ops.roleByCode(db, admin.role))?.permissions);
      const step = await setupOf(admin, permissions);
      const token = await db.transaction().execute(async (trx) => {
        // the operator again, as they are now (locked on PostgreSQL): a disable or a password reset
        // that committed while the password was checked is seen here, or waits for this commit and
        // then ends this session with the others. Read only before, a sign-in in flight outlived the
        // disable (or signed in with the password just reset) with a session of its own.
        let q = trx.selectFrom('admins').select(['status', 'password_hash']).where('id', '=', admin.id);
        if (ctx.dialect === 'postgres') q = q.forUpdate();
        const current = await q.executeTakeFirst();
        if (!current || current.status !== 1 || current.password_hash !== admin.password_hash) refuse(ADMIN_MSG.loginFailed);
        if (otpStep !== null) {
          const used = otpStep;
          // a code is good once: a concurrent login with the same code finds the step taken
          const taken = await trx
            .updateTable('admins')
            .set({ totp_last_step: used })
            .where('id', '=', admin.id)
            .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', used)]))
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) refuse(OPS_MSG.otpWrong);
        }
        await trx.updateTable('admins').set({ last_login_at: now, last_login_ip: meta.ip.slice(0, 64) }).where('id', '=', admin.id).execute();
        const token = await sessions.create(trx, admin.id, meta, now);
        await audit(trx, { adminId: admin.id, action: 'login', target: `admin:${admin.id}`, detail: { second_factor: otpStep !== null, user_agent: meta.userAgent.slice(0, 200) }, ip: meta.ip, now });
        return token;
      });
      // both flags when both steps are owed: the screen shows the password, then the enrolment
      const enrol = step === 'totp' || (step === 'password' && !admin.totp_secret && (await totpRequired(permissions)));
      return { token, must_change_password: step === 'password', must_enrol_totp: enrol };
    },

    /** Every /admin/api call: the session, the operator (still active) and their role's slugs, read fresh. */
    async lookup(token: string): Promise<SessionAdmin | null> {
      const session = await sessions.lookup(token);
      if (!session) return null;
      const admin = await ops.sessionOperator(db, session.subjectId);
      if (!admin || admin.status !== 1) return null;
      const permissions = permissionsOf(admin.permissions);
      return {
        setup: await setupOf(admin, permissions),
        adminId: admin.id,
        username: admin.username,
        role: admin.role,
        permissions,
        tokenHash: session.tokenHash,
        ipAllowlist: admin.ip_allowlist,
      };
    },

    logout: (tokenHash: string) => sessions.revoke(tokenHash),
    // members/adjust: adjustments.ts (issue 33: a second operator above the threshold or the daily cap)
  };
}
export type BackofficeService = ReturnType<typeof createBackofficeService>;
