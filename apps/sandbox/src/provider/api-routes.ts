import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogueResponse, findGame, findVenue, venues } from './catalogue.ts';
import { ProviderHttpError } from './errors.ts';
import type { Faults } from './faults.ts';
import { amountFen, asBody, code, optionalInt, transferId, username, type Body } from './input.ts';
import { checkSignatureWithGrace, SIGN_HEADER, TS_HEADER, type PreviousSecret } from './signing.ts';
import type { ProviderStore, TransferRow } from './store.ts';
import { LAUNCH_TTL_MS, type GameTokens } from './tokens.ts';
import type {
  BalanceResponse,
  BalancesResponse,
  BetRecordsResponse,
  CatalogueResponse,
  CreatePlayerResponse,
  FaultMode,
  LaunchResponse,
  TransferResponse,
  TransferStatusResponse,
  TransferType,
} from './types.ts';

export interface ProviderContext {
  store: ProviderStore;
  tokens: GameTokens;
  secret: string;
  /** issue 23: the previous secret during a rotation's grace window */
  previous?: PreviousSecret;
  faults: Faults | null;
  /** absolute or root-relative URL of the provider's routes, e.g. /sandbox/provider */
  base: string;
  /** settles every simulated match that has ended (bets are read after this) */
  settleDue(): void;
  /** the raw request body, as signed */
  rawBody(request: FastifyRequest): string;
  /** issue 38: a venue in seamless mode takes no deposits (money left from transfer mode can still be withdrawn) */
  isSeamless(platform: string): boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The signed transfer-wallet API under {prefix}/provider/api/. */
export function apiRoutes(app: FastifyInstance, p: ProviderContext) {
  app.addHook('preHandler', async (request) => {
    const problem = checkSignatureWithGrace(p.secret, p.previous, {
      ts: header(request, TS_HEADER),
      sign: header(request, SIGN_HEADER),
      method: request.method,
      path: request.url.split('?')[0],
      rawBody: p.rawBody(request),
    });
    if (problem) {
      const why = { missing: 'unsigned request', stale: 'request timestamp too old or in the future', bad_signature: 'bad signature' };
      throw new ProviderHttpError(401, 'unauthorized', why[problem]);
    }
  });

  const post = <T>(path: string, handler: (b: Body, request: FastifyRequest, reply: FastifyReply) => T | Promise<T>) =>
    app.post(path, async (request, reply) => handler(asBody(request.body), request, reply));

  const platformOf = (b: Body) => {
    const platform = code(b, 'platform');
    if (!findVenue(platform)) throw new ProviderHttpError(400, 'unknown_platform', `no venue "${platform}"`);
    return platform;
  };
  const existingPlayer = (b: Body) => {
    const name = username(b);
    if (!p.store.playerExists(name)) throw new ProviderHttpError(404, 'player_not_found', `no player "${name}"`);
    return name;
  };

  post('/player/create', (b): CreatePlayerResponse => {
    const name = username(b);
    return { username: name, created: p.store.createPlayer(name) };
  });

  post('/balance', async (b): Promise<BalanceResponse> => {
    const platform = platformOf(b);
    const name = existingPlayer(b);
    await p.faults?.slowRead();
    p.settleDue();
    return { username: name, platform, balance_fen: p.store.balance(name, platform) };
  });

  post('/balances', async (b): Promise<BalancesResponse> => {
    const name = existingPlayer(b);
    await p.faults?.slowRead();
    p.settleDue();
    const held = p.store.balances(name);
    return { username: name, balances: venues.map((v) => ({ platform: v.platform, balance_fen: held.get(v.platform) ?? 0 })) };
  });

  const transfer = (type: TransferType) => (b: Body, request: FastifyRequest, reply: FastifyReply) => {
    const t = { type, platform: platformOf(b), username: existingPlayer(b), transfer_id: transferId(b), amount_fen: amountFen(b) };
    if (type === 'deposit' && p.isSeamless(t.platform) && !p.store.getTransfer(t.transfer_id)) {
      throw new ProviderHttpError(400, 'venue_seamless', `${t.platform} plays from the site's wallet (seamless): no deposits`);
    }
    const apply = () => {
      const known = p.store.getTransfer(t.transfer_id);
      if (known && (known.type !== t.type || known.username !== t.username || known.platform !== t.platform || known.amount_fen !== t.amount_fen)) {
        throw new ProviderHttpError(409, 'transfer_conflict', `transfer_id ${t.transfer_id} was already used for another transfer`);
      }
      return transferResponse(known ?? p.store.applyTransfer(t));
    };
    const fault = p.faults?.take(type) ?? null;
    if (!fault) return apply();
    return injectFault(p.faults!, fault, apply, request, reply);
  };
  post('/deposit', transfer('deposit'));
  post('/withdraw', transfer('withdraw'));

  post('/transfer/status', (b): TransferStatusResponse => {
    const id = transferId(b);
    const t = p.store.getTransfer(id);
    if (!t) return { transfer_id: id, status: 'not_found', amount_fen: null, type: null, username: null, platform: null, created_at: null };
    return { transfer_id: id, status: t.status, amount_fen: t.amount_fen, type: t.type, username: t.username, platform: t.platform, created_at: iso(t.created_at) };
  });

  post('/launch', (b): LaunchResponse => {
    const platform = platformOf(b);
    const gameCode = code(b, 'game_code');
    const game = findGame(platform, gameCode);
    if (!game) throw new ProviderHttpError(400, 'unknown_game', `no game "${gameCode}" at ${platform}`);
    if (!game.open) throw new ProviderHttpError(400, 'game_maintenance', `${game.name} is under maintenance`);
    const name = existingPlayer(b);
    const mobile = b.is_mobile === undefined ? true : Boolean(b.is_mobile);
    const { token, exp } = p.tokens.issue({ kind: 'launch', username: name, platform, game_code: gameCode, mobile }, LAUNCH_TTL_MS);
    return { url: `${p.base}/play?token=${encodeURIComponent(token)}`, expires_at: iso(exp) };
  });

  post('/bets', (b): BetRecordsResponse => {
    const platform = b.platform === undefined || b.platform === null || b.platform === '' ? undefined : platformOf(b);
    const raw = b.cursor ?? '';
    if ((typeof raw !== 'string' && typeof raw !== 'number') || !/^\d{0,16}$/.test(String(raw))) {
      throw new ProviderHttpError(400, 'bad_request', 'cursor must be a previous next_cursor');
    }
    const cursor = Number(raw || 0);
    const limit = optionalInt(b, 'limit', 1, 1000, 200);
    p.settleDue();
    const rows = p.store.feed(cursor, limit + 1, platform);
    const records = rows.slice(0, limit);
    return { records, next_cursor: records.length ? records[records.length - 1].cursor : String(cursor), has_more: rows.length > limit };
  });

  const catalogue: CatalogueResponse = catalogueResponse(p.base);
  post('/catalogue', (): CatalogueResponse => catalogue);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function transferResponse(t: TransferRow): TransferResponse {
  return {
    transfer_id: t.transfer_id,
    type: t.type,
    status: t.status,
    reason: t.reason === 'insufficient_balance' ? 'insufficient_balance' : null,
    amount_fen: t.amount_fen,
    balance_fen: t.balance_fen,
    created_at: iso(t.created_at),
  };
}

/**
 * The four ways a deposit/withdraw can go wrong between two companies (README "Fault modes").
 */
function injectFault(
  faults: Faults,
  mode: FaultMode,
  apply: () => TransferResponse,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const drop = () => request.raw.socket?.destroy();
  switch (mode) {
    case 'timeout': {
      // nothing is applied; the call is held past any sane client time-out, then dropped
      reply.hijack();
      const cancel = faults.later(faults.hangMs, drop, drop);
      request.raw.socket?.once('close', cancel);
      return;
    }
    case 'error':
      throw new ProviderHttpError(500, 'internal_error', 'simulated provider error (nothing applied)');
    case 'lost_reply':
      // applied, then the answer is lost on the way back
      apply();
      reply.hijack();
      drop();
      return;
    case 'late': {
      // answer "gateway timeout" now and apply a few seconds later (or when the app closes)
      const applyQuietly = () => {
        try {
          apply();
        } catch {
          // a conflicting transfer id: nothing to apply
        }
      };
      faults.later(faults.lateMs, applyQuietly, applyQuietly);
      throw new ProviderHttpError(504, 'gateway_timeout', 'simulated gateway time-out (will be applied later)');
    }
    case 'slow':
      // a venue that is really slow: held slowMs, then carried out and answered as usual
      // (at once if the app closes first)
      return new Promise<TransferResponse>((resolve, reject) => {
        const run = () => {
          try {
            resolve(apply());
          } catch (e) {
            reject(e);
          }
        };
        faults.later(faults.slowMs, run, run);
      });
  }
}
