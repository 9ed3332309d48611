import { fenToYuan, MSG, CODE, type LoginInput, type RegisterInput, type UserInfo } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import type { SiteService } from '../site/index.ts';
import { wallet } from '../wallet/index.ts';
import type { Captcha } from './captcha.ts';
import { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
import { agentFlag, joinDay } from './member-facts.ts';
import * as repo from './repo.ts';
import * as turnover from '../turnover/index.ts';
import type { Sessions } from './sessions.ts';
import type { Region } from '../live-cache/index.ts';
import { asRiskLevel, blocksPromotions } from '../risk/levels.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
  /** the member site's device id (X-Device-Id, issue 20), null when absent or not valid */
  device?: string | null;
}

/** What other modules lend the accounts module (wired in app.ts). */
export interface AccountsHooks {
  /** re-reads the member's venue balances from the venues (the game wallet of userInfo) */
  refreshVenueBalances?(memberId: number): Promise<unknown>;
  /** whether the member is an agent (userInfo isagent); the agents module lends it (issue 20) */
  isAgent?(memberId: number): Promise<boolean>;
  /**
   * issue 20: a member registered, in the registration's transaction: the agents module binds
   * it to the agent whose code the pid is (a pid that is no agent's code binds nothing)
   */
  registered?(trx: Kysely<DB>, memberId: number, pid: string | null, now: number): Promise<unknown>;
}

/** failed logins of one account (15 minutes) after which its logins slow down */
export const LOGIN_SLOW_AFTER = 5;
/** the longest a slowed login waits */
export const LOGIN_MAX_DELAY_MS = 8000;

/** 1 s at LOGIN_SLOW_AFTER failures, doubling with each further one, at most LOGIN_MAX_DELAY_MS */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_SLOW_AFTER) return 0;
  return Math.min(1000 * 2 ** (failures - LOGIN_SLOW_AFTER), LOGIN_MAX_DELAY_MS);
}

export function createAccountsService(
  ctx: AppContext,
  deps: { captcha: Captcha; sessions: Sessions; site: SiteService; hooks?: AccountsHooks; balances?: Region<number> },
) {
  const { db } = ctx;
  const { captcha, sessions, site } = deps;
  const limits = {
    // failed logins per address: 20, then a pause
    loginIp: ctx.limiter({ name: 'login_ip', points: 20, durationSec: 15 * 60, blockSec: 15 * 60 }),
    // failed logins per account: counted, never a pause (issue 14): a stranger who knows a
    // username must not keep its owner out (OWASP ASVS 6.3.1); past LOGIN_SLOW_AFTER every
    // attempt on the account is slowed down (loginDelayMs) and needs the captcha as always
    loginAccount: ctx.limiter({ name: 'login_acct', points: Number.MAX_SAFE_INTEGER, durationSec: 15 * 60 }),
    // every registration attempt per address
    register: ctx.limiter({ name: 'register_ip', points: 10, durationSec: 60 * 60 }),
    captcha: ctx.limiter({ name: 'captcha_ip', points: 30, durationSec: 60 }),
    // wrong payment passwords per member, wherever they are typed in the member's own signed-in
    // sessions (cards, withdrawals, its own change): one counter, so a borrowed session gets 5
    // guesses in all, not 5 per screen. issue 33: only the member's sessions count here; the
    // guest reset (reset.ts) counts its guessers by address and device, never on this counter
    payPass: ctx.limiter({ name: 'pay_pass', points: 5, durationSec: 15 * 60, blockSec: 15 * 60 }),
  };

  return {
    /** Forgets an account's failed logins (the owner proved who they are, e.g. by a password reset). */
    clearLoginFailures: (username: string) => limits.loginAccount.reset(username.toLowerCase()),

    /** A new image, or null when the captcha is switched off (the site then hides the field). */
    async issueCaptcha(meta: ClientMeta) {
      await limits.captcha.hit(meta.ip);
      return captcha.enabled ? captcha.issue() : null;
    },

    /** Rules of spec section 5 in order (the schema did 2-6), then the captcha (7), then uniqueness. */
    async register(input: RegisterInput, meta: ClientMeta): Promise<string> {
      await limits.register.hit(meta.ip);
      await captcha.verify(input.captcha_key, input.code);
      const username = input.name.toLowerCase();
      if (await repo.usernameExists(db, username)) refuse(MSG.usernameTaken);
      const [passwordHash, payHash] = await Promise.all([
        hashPassword(input.password),
        hashPassword(input.paypassword),
      ]);
      const now = Date.now();
      try {
        return await db.transaction().execute(async (trx) => {
          const id = await repo.insert(trx, {
            username,
            password_hash: passwordHash,
            pay_password_hash: payHash,
            realname: input.realname,
            referrer_pid: input.pid || input.referrer || null,
            register_ip: meta.ip.slice(0, 64),
            created_at: now,
          });
          await wallet.openMemberAccounts(trx, id, now);
          await deps.hooks?.registered?.(trx, id, input.pid || input.referrer || null, now);
          // registering signs the member in: it is their first login (issue 25: the back-office
          // showed "-" as last login for a member signed in since registering)
          // issue 36: kept as the registration (kind register) for the sign-in log and the links
          await repo.recordLogin(trx, id, meta.ip.slice(0, 64), now, meta.userAgent, meta.device, 'register');
          return sessions.create(trx, id, meta, now);
        });
      } catch (e) {
        if (repo.isUniqueViolation(e)) refuse(MSG.usernameTaken);
        throw e;
      }
    },

    async login(input: LoginInput, meta: ClientMeta): Promise<string> {
      const username = input.name.toLowerCase();
      await limits.loginIp.assertOpen(meta.ip);
      try {
        await captcha.verify(input.captcha_key, input.code);
      } catch (e) {
        await limits.loginIp.hit(meta.ip);
        throw e;
      }
      // an account under attack answers slowly, right password or not, so guessing costs time
      const delay = loginDelayMs(await limits.loginAccount.count(username));
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const member = await repo.findByUsername(db, username);
      const good = member ? await verifyPassword(member.password_hash, input.password) : await burnVerify(input.password);
      if (!member || !good) {
        await limits.loginIp.hit(meta.ip);
        await limits.loginAccount.hit(username);
        refuse(MSG.loginFailed);
      }
      if (member.status !== 1) refuse(MSG.accountDisabled, CODE.forbidden);
      await limits.loginAccount.reset(username);
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        // the member again, as it is now (locked on PostgreSQL): a freeze or a new password that
        // committed while the password was checked is seen here, or waits for this commit and
        // then ends this session with the others. Read only before, a sign-in in flight outlived
        // the freeze (or signed in with the password just reset) with a session of its own.
        // FOR UPDATE, not FOR SHARE: recordLogin updates this row next, and two sign-ins of one
        // member each holding a share lock and then waiting to update it deadlocked (a 500 for one)
        let q = trx.selectFrom('members').select(['status', 'password_hash']).where('id', '=', member.id);
        if (ctx.dialect === 'postgres') q = q.forUpdate();
        const current = await q.executeTakeFirst();
        if (!current || current.status !== 1) refuse(MSG.accountDisabled, CODE.forbidden);
        if (current.password_hash !== member.password_hash) refuse(MSG.loginFailed);
        await repo.recordLogin(trx, member.id, meta.ip.slice(0, 64), now, meta.userAgent, meta.device);
        return sessions.create(trx, member.id, meta, now);
      });
    },

    logout: (tokenHash: string) => sessions.revoke(tokenHash),

    /**
     * Refuses with `wrong` unless `plain` is the member's payment password (card binds,
     * withdrawals, its own change). Wrong ones count against the member's one payment-password
     * counter; after 5 in 15 minutes every payment-password check is paused. Answers the hash
     * that was checked (the change replaces exactly that one).
     */
    async checkPayPassword(memberId: number, plain: string, wrong: string): Promise<string> {
      const member = await repo.findById(db, memberId);
      const stored = member?.pay_password_hash ?? '';
      if (!(await limits.payPass.attempt(String(memberId), async () => Boolean(member) && verifyPassword(stored, plain)))) refuse(wrong);
      return stored;
    },

    /** the balance poll (issue 24: from the live cache when there is one) */
    async balance(memberId: number): Promise<{ balance: number }> {
      const fen = deps.balances ? await deps.balances.read(memberId, () => wallet.centralBalance(db, memberId)) : await wallet.centralBalance(db, memberId);
      return { balance: fenToYuan(fen) };
    },

    /** auto-transfer (自动免转): 1 moves the central balance into a venue when one of its games opens */
    async setAutoTransfer(memberId: number, value: 0 | 1): Promise<void> {
      await repo.setTransferStatus(db, memberId, value);
    },

    async autoTransferOn(memberId: number): Promise<boolean> {
      const member = await repo.findById(db, memberId);
      return member?.transferstatus === 1;
    },

    /** turnover still required before a withdrawal, fen */
    turnoverRequired: (memberId: number): Promise<number> => turnover.remaining(db, memberId),

    /** userInfo after asking the venues for the game wallet (the header's refresh); a slow venue answers its last figure */
    async refreshedUserInfo(memberId: number): Promise<UserInfo> {
      await deps.hooks?.refreshVenueBalances?.(memberId).catch((err) => ctx.log.warn({ err }, 'venue balances not refreshed'));
      return this.userInfo(memberId);
    },

    async userInfo(memberId: number): Promise<UserInfo> {
      const [member, central, game, s, isagent] = await Promise.all([
        repo.findById(db, memberId),
        wallet.centralBalance(db, memberId),
        wallet.gameBalance(db, memberId),
        site.settings(),
        agentFlag(memberId, deps.hooks),
      ]);
      if (!member) refuse(MSG.authExpired, CODE.unauthorized);
      return {
        username: member.username,
        realname: member.realname,
        avatar: member.avatar,
        mobile: member.mobile,
        email: member.email,
        birthday: member.birthday,
        balance: fenToYuan(central),
        gameblance: fenToYuan(game),
        paysum: fenToYuan(member.paysum),
        vip: member.vip,
        current_vip: `VIP${member.vip}`,
        usdtrate: s.usdtrate,
        transferstatus: member.transferstatus === 1 ? 1 : 0,
        withdrawcashfee: s.withdrawcashfee,
        withdrawfeeusdttrc: s.withdrawfeeusdttrc,
        withdrawusdtrate: s.withdrawusdtrate,
        realname_verified: member.realname_verified === 1 ? 1 : 0,
        joinday: joinDay(Number(member.created_at), Date.now()),
        isagent,
        // issue 36: only for a 限制优惠 member (the activity page's note); others get the spec's fields alone
        ...(blocksPromotions(asRiskLevel(member.risk_level)) ? { promo_withheld: 1 as const } : {}),
      };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
