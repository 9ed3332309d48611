import type { TestApp } from '../../../test/harness.ts';
import { memberAccountCode, venueSeamlessCode, wallet } from '../wallet/index.ts';
import { derivedVenueKey, signWalletCall } from './protocol.ts';

/** Test helpers (used by *.test.ts only): a seamless venue row and the venue's signed calls. */

/** a seamless sandbox venue with one game, as the catalogue and an operator would leave it */
export async function seamlessVenue(t: TestApp, platform: string) {
  const now = Date.now();
  await t.ctx.db.insertInto('venues').values({ platform, provider: 'sandbox', name: platform, categories: '["dz"]', synced_at: now, mode: 'seamless' }).execute();
  await t.ctx.db.insertInto('games').values({ platform, game_code: 'slot1', name: '测试老虎机', category_id: 'dz', synced_at: now }).execute();
}

export interface Reply {
  status: number;
  code: number;
  balance?: string;
  message: string;
}

/** POST /wallet/api/<venue>/<op> as the venue sends it: `raw` exactly as given, signed with `key` (the venue's by default) */
export async function walletCall(t: TestApp, venue: string, op: string, body: Record<string, unknown> | string, opts: { key?: string; ts?: number; headers?: Record<string, string> } = {}): Promise<Reply> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const path = `/wallet/api/${venue}/${op}`;
  const headers = { ...signWalletCall(opts.key ?? derivedVenueKey(t.ctx.config.sandboxSecret, venue), path, raw, opts.ts), ...opts.headers };
  const res = await t.http.inject({ method: 'POST', url: path, payload: raw, headers });
  const json = res.json() as { code: number; balance?: string; message: string };
  return { status: res.statusCode, ...json };
}

export const player = (t: TestApp, memberId: number) => `${t.ctx.config.venuePlayerPrefix}${memberId}`;

export const centralOf = (t: TestApp, memberId: number) => wallet.accountBalance(t.ctx.db, memberAccountCode(memberId, 'central'));
export const seamlessAccountOf = (t: TestApp, venue: string) => wallet.accountBalance(t.ctx.db, venueSeamlessCode(venue));
