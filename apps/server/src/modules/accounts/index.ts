import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberGuard } from '../../http/auth.ts';
import type { SiteService } from '../site/index.ts';
import { createCaptcha } from './captcha.ts';
import { accountsRoutes } from './routes.ts';
import { createAccountsService, type AccountsHooks } from './service.ts';
import { createSessions } from './sessions.ts';

export { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
export { createSessions, type Session, type Sessions } from './sessions.ts';
// the back-office login uses the same server-side captcha (issue 12)
export { createCaptcha, type Captcha } from './captcha.ts';
export type { AccountsHooks, AccountsService } from './service.ts';
// issue 25: the back-office login slows down a guessed account the same way
export { loginDelayMs, LOGIN_SLOW_AFTER } from './service.ts';
export { createPasswordReset, resetRoutes, type PasswordReset } from './reset.ts';
export { STARTING_VIP } from './repo.ts';

/** Builds the accounts module: members, passwords, captcha, sessions and their calls. */
export function createAccounts(ctx: AppContext, site: SiteService, hooks: AccountsHooks = {}) {
  const captcha = createCaptcha(ctx.db, ctx.config.captcha);
  const sessions = createSessions(ctx.db, 'member', ctx.config.sessionIdleMinutes);
  const service = createAccountsService(ctx, { captcha, sessions, site, hooks });
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
