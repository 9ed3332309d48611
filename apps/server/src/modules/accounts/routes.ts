import { DEVICE_ID, loginSchema, MSG, registerSchema, transferStatusSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { AccountsService, ClientMeta } from './service.ts';

/** the member site's device id (issue 20): a UUID, lower-cased; any other value is ignored */
export function deviceOf(req: FastifyRequest): string | null {
  const v = req.headers[DEVICE_ID.header.toLowerCase()];
  return typeof v === 'string' && v.length === 36 && DEVICE_ID.pattern.test(v) ? v.toLowerCase() : null;
}

const meta = (req: FastifyRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  device: deviceOf(req),
});

export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  requireMember: (req: FastifyRequest) => Promise<void>,
) {
  app.get('/api/captcha', async (req) => ok(await accounts.issueCaptcha(meta(req))));

  app.post('/api/register', async (req) => {
    const input = parse(registerSchema, req.body);
    const token = await accounts.register(input, meta(req));
    return ok({ api_token: token }, MSG.registerOk);
  });

  const login = async (req: FastifyRequest) => {
    const input = parse(loginSchema, req.body);
    const token = await accounts.login(input, meta(req));
    return ok({ api_token: token }, MSG.loginOk);
  };
  app.post('/api/login_pc', login);
  app.post('/api/login', login);

  const guarded = { preHandler: requireMember };
  app.post('/api/logoff', guarded, async (req) => {
    await accounts.logout(memberOf(req).tokenHash);
    return ok(null, MSG.logoutOk);
  });
  const userInfo = async (req: FastifyRequest) => ok(await accounts.userInfo(memberOf(req).memberId));
  app.post('/api/user', guarded, userInfo);
  app.post('/api/refreshusermoney', guarded, async (req) => ok(await accounts.refreshedUserInfo(memberOf(req).memberId)));
  app.post('/api/uptransferstatus', guarded, async (req) => {
    const input = parse(transferStatusSchema, req.body);
    await accounts.setAutoTransfer(memberOf(req).memberId, input.transferstatus);
    return ok({ transferstatus: input.transferstatus }, MSG.okToggle);
  });
  // polled every 4.3 s by every member online: a tiny reply not worth a compression pass
  app.post('/api/balance', { ...guarded, compress: false, decompress: false }, async (req) => ok(await accounts.balance(memberOf(req).memberId)));
}
