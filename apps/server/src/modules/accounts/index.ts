import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberGuard } from '../../http/auth.ts';
import type { SiteService } from '../site/index.ts';
import type { LiveCache } from '../live-cache/index.ts';
import { CENTRAL_CHANGED } from '../wallet/index.ts';
import { createCaptcha } from './captcha.ts';
import { accountsRoutes } from './routes.ts';
import { createAccountsService, type AccountsHooks } from './service.ts';
import { createSessions, sessionTopics } from './sessions.ts';
import { announce } from '../../db/hooks.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
export { createSessions, type Session, type Sessions } from './sessions.ts';
/** issue 37: what ends sessions (the live streams of those sessions end with them) */
export { sessionTopics } from './sessions.ts';
/** issue 37: which member sessions still exist (moving the clocks of live ones on), for the live streams */
export { sessionsAlive } from './sessions-alive.ts';

/**
 * issue 24: every session of the member was ended by a statement outside this module (the
 * back-office's freeze, password reset, end sessions): announced once `db`'s transaction
 * commits, so that the live cache of every process drops them.
 */
export const memberSessionsEnded = (db: Kysely<DB>, memberId: number) => announce(db, sessionTopics('member').subject, [memberId]);
// the back-office login uses the same server-side captcha (issue 12)
export { createCaptcha, type Captcha } from './captcha.ts';
export type { AccountsHooks, AccountsService } from './service.ts';
// issue 25: the back-office login slows down a guessed account the same way
export { loginDelayMs, LOGIN_SLOW_AFTER } from './service.ts';
export { createPasswordReset, resetRoutes, type PasswordReset } from './reset.ts';
export { STARTING_VIP } from './repo.ts';

/** issue 24: the longest a cached central balance is answered without reading it again */
export const BALANCE_TTL_MS = 60_000;
const CACHED_BALANCES = 200_000;

/**
 * Builds the accounts module: members, passwords, captcha, sessions and their calls. Given a
 * live cache (issue 24), member sessions and central balances (the balance poll) are kept in
 * memory and dropped the moment a session ends or the ledger posts to the wallet, in any process.
 */
export function createAccounts(ctx: AppContext, site: SiteService, hooks: AccountsHooks = {}, live?: LiveCache) {
  const captcha = createCaptcha(ctx.db, ctx.config.captcha);
  const sessions = createSessions(ctx.db, 'member', ctx.config.sessionIdleMinutes, live);
  const balances = live?.region<number>(CACHED_BALANCES, BALANCE_TTL_MS);
  if (balances) live!.on(CENTRAL_CHANGED, (memberIds) => memberIds.forEach((id) => balances.invalidate(Number(id))));
  const service = createAccountsService(ctx, { captcha, sessions, site, hooks, balances });
  const requireMember = memberGuard(async (token) => {
    const s = await sessions.lookup(token);
    return s && { memberId: s.subjectId, tokenHash: s.tokenHash };
  });
  return {
    service,
    sessions,
    requireMember,
    routes: (app: FastifyInstance) => accountsRoutes(app, service, requireMember),
  };
}
