import type { FastifyInstance } from 'fastify';
import { answer, CODE, SEAMLESS_OPS, type SeamlessOp } from './protocol.ts';
import type { WalletApi } from './wallet-api.ts';

/** a call's body is a handful of fields: anything past this is not a wallet call */
const WALLET_BODY_LIMIT = 4096;

/** POST /wallet/api/<venue>/<op>: the raw bytes go to the signature check, whatever the content type */
export async function walletRoutes(app: FastifyInstance, api: WalletApi) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WALLET_BODY_LIMIT }, (_req, body, done) => done(null, String(body)));
    scope.post('/wallet/api/:venue/:op', async (req, res) => {
      const { venue, op } = req.params as { venue: string; op: string };
      const raw = typeof req.body === 'string' ? req.body : '';
      const path = (req.raw.url ?? '').split('?')[0];
      const out = (SEAMLESS_OPS as readonly string[]).includes(op) ? await api.handle(op as SeamlessOp, venue, path, raw, req.headers) : { status: 404, body: answer(CODE.badRequest) };
      return res.code(out.status).header('cache-control', 'no-store').send(out.body);
    });
  });
}
