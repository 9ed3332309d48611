import type { FastifyInstance } from 'fastify';
import { findVenue } from './catalogue.ts';
import { ProviderHttpError } from './errors.ts';
import { asBody, code, optionalInt, type Body } from './input.ts';
import type { Seamless } from './seamless.ts';
import { SEAMLESS_FAULT_MODES, type SeamlessFaults } from './seamless-faults.ts';
import { VENUE_MODES, type SeamlessFaultMode, type SeamlessFaultResponse, type SeamlessRoundsResponse, type VenueMode, type VenueModeResponse } from './seamless-types.ts';

/** largest epoch ms accepted as a window bound (year 2286): far from unsafe integers */
const MAX_MS = 9_999_999_999_999;

function platformOf(b: Body) {
  const platform = code(b, 'platform');
  if (!findVenue(platform)) throw new ProviderHttpError(400, 'unknown_platform', `no venue "${platform}"`);
  return platform;
}

function ms(b: Body, name: string): number {
  const v = b[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > MAX_MS) throw new ProviderHttpError(400, 'bad_request', `${name} must be epoch milliseconds`);
  return v;
}

/**
 * The seamless mode's merchant calls (issue 38), registered inside the signed API (the
 * signature hook of api-routes.ts covers them): venue-mode and seamless-rounds.
 */
export function seamlessApiRoutes(app: FastifyInstance, seamless: Seamless) {
  app.post('/venue-mode', async (request): Promise<VenueModeResponse> => {
    const b = asBody(request.body);
    const platform = platformOf(b);
    const mode = b.mode;
    if (!VENUE_MODES.includes(mode as VenueMode)) throw new ProviderHttpError(400, 'bad_request', 'mode must be transfer or seamless');
    const previous = seamless.store.setMode(platform, mode as VenueMode);
    return { platform, mode: mode as VenueMode, previous };
  });

  app.post('/seamless-rounds', async (request): Promise<SeamlessRoundsResponse> => {
    const b = asBody(request.body);
    const platform = platformOf(b);
    const from = ms(b, 'from');
    const to = ms(b, 'to');
    if (to < from) throw new ProviderHttpError(400, 'bad_request', 'to must not be before from');
    const raw = b.cursor ?? '';
    if ((typeof raw !== 'string' && typeof raw !== 'number') || !/^\d{0,16}$/.test(String(raw))) {
      throw new ProviderHttpError(400, 'bad_request', 'cursor must be a previous next_cursor');
    }
    const cursor = Number(raw || 0);
    const limit = optionalInt(b, 'limit', 1, 5000, 1000);
    const page = seamless.store.report(platform, from, to, cursor, limit);
    return { platform, rounds: page.rounds, next_cursor: String(page.last ?? cursor), has_more: page.more };
  });
}

/** POST/GET {prefix}/provider/test/seamless-faults: only when the plugin runs with faults: true */
export function seamlessFaultRoutes(app: FastifyInstance, faults: SeamlessFaults, seamless: Seamless) {
  app.post('/test/seamless-faults', async (request): Promise<SeamlessFaultResponse> => {
    const b = asBody(request.body);
    if (b.mode === 'none') {
      faults.clear();
      return faults.state(seamless.pending);
    }
    if (!SEAMLESS_FAULT_MODES.includes(b.mode as SeamlessFaultMode)) {
      throw new ProviderHttpError(400, 'bad_request', `mode must be one of none, ${SEAMLESS_FAULT_MODES.join(', ')}`);
    }
    const count = optionalInt(b, 'count', 1, 1000, 1);
    const op = b.op ?? null;
    if (op !== null && op !== 'debit' && op !== 'credit' && op !== 'rollback') throw new ProviderHttpError(400, 'bad_request', 'op must be debit, credit or rollback');
    faults.arm(b.mode as SeamlessFaultMode, count, op);
    return faults.state(seamless.pending);
  });
  app.get('/test/seamless-faults', async () => faults.state(seamless.pending));
}
