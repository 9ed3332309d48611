import { CODE, OPS_MSG } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminGuard } from '../../http/auth.ts';
import { ApiError } from '../../http/envelope.ts';
import { addressAllowed } from './ip-allow.ts';
import { createCaptcha, createSessions } from '../accounts/index.ts';
import { cardVaultOf } from '../cards/index.ts';
import type { SiteService } from '../site/index.ts';
import { ADMIN_IDLE_MINUTES, createOperators } from './operators.ts';
import { operatorsRoutes } from './operators-routes.ts';
import { createAdjustments } from './adjustments.ts';
import { backofficeRoutes } from './routes.ts';
import { createBackofficeService } from './service.ts';
import { createSettingsDesk } from './settings.ts';

export { covers, ADMIN_IDLE_MINUTES } from './operators.ts';
export { codeAt as totpCodeAt } from './totp.ts';
export { adjustmentsInState } from './adjustments.ts';

/** Operators: their sessions, roles, second factor, the audit log, settings and the back-office's own calls. */
export function createBackoffice(ctx: AppContext, site: SiteService) {
  // operators are signed out after 30 minutes without a call (issue 12)
  const sessions = createSessions(ctx.db, 'admin', ADMIN_IDLE_MINUTES);
  // issue 25: dark glyphs on a light ground, read at a glance (the member site keeps its own look)
  const captcha = createCaptcha(ctx.db, ctx.config.captcha, { contrast: true });
  // TOTP secrets are sealed at rest with the same key as card numbers
  const vault = cardVaultOf(ctx.config); // issue 23: with the previous key during a rotation
  const service = createBackofficeService(ctx, sessions, { captcha, vault, site });
  const operators = createOperators(ctx, sessions, vault, service);
  const settings = createSettingsDesk(ctx, site);
  const adjustments = createAdjustments(ctx, site); // issue 33
  const captchaLimit = ctx.limiter({ name: 'admin_captcha_ip', points: 30, durationSec: 60, blockSec: 60 });
  const guard = adminGuard(service.lookup);
  // the address allowlist holds for every call, not only the login: a token carried elsewhere is refused
  const requireAdmin = async (req: FastifyRequest) => {
    await guard(req);
    if (!addressAllowed(req.admin?.ipAllowlist ?? '[]', req.ip)) throw new ApiError(CODE.forbidden, OPS_MSG.ipNotAllowed);
  };
  return {
    service,
    operators,
    settings,
    adjustments,
    sessions,
    vault,
    requireAdmin,
    routes: (app: FastifyInstance) => {
      backofficeRoutes(app, service, requireAdmin, captcha, captchaLimit, adjustments);
      operatorsRoutes(app, ctx.db, operators, settings, requireAdmin);
    },
  };
}
