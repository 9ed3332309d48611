import { ProviderClient, type FaultMode, type TransferType } from '@casino/sandbox';
import { expect } from 'vitest';
import { startApp, type StartOptions, type TestApp } from '../../../test/harness.ts';
import { playerName } from '../../adapters/venues/index.ts';
import { wallet } from '../wallet/index.ts';

/** Test helpers for the venue side (used by *.test.ts only): the real app, listening, with its sandbox. */

/**
 * Timings. Every call that must succeed gets the production default time-out: with 1.2 s, 20
 * concurrent transfers on PostgreSQL on a busy 2-core machine answered 场馆繁忙 because one venue
 * call took longer (issue 14). A call that must NOT be answered in time is made slow at the venue
 * (fault modes 'timeout' and 'slow'), held far longer than the time-out, so no verdict depends on
 * how fast the machine is; held calls are cut short when the app stops, so the length costs nothing.
 */
export const VENUE_TIMEOUT_MS = 5000;
export const HANG_MS = 20_000;
export const LATE_MS = 500;
export const MATCH_MS = 1500;
/** a venue armed 'slow' answers after this long: far past any time-out a test sets */
export const SLOW_MS = 20_000;

/** the in-process venue's settings; `now` runs its matches on a clock the test drives */
export function venueGame(now?: () => number): NonNullable<StartOptions['sandboxGame']> {
  return { faultTimings: { hangMs: HANG_MS, lateMs: LATE_MS, slowMs: SLOW_MS }, matchMs: MATCH_MS, voidRate: 0, ...(now ? { now } : {}) };
}

/**
 * A match clock the test drives (pass `now` to venueGame): a real 1.5 s match raced bets placed
 * and read on a loaded machine (issue 14). It moves only when told, never back.
 */
export function drivenClock(start = Date.now()) {
  let at = start;
  return {
    now: () => at,
    to(ms: number) {
      at = Math.max(at, ms);
    },
  };
}

export async function startVenueApp(overrides: StartOptions = {}): Promise<TestApp> {
  return startApp({
    listen: true,
    venueTimeoutMs: VENUE_TIMEOUT_MS,
    venueBalanceTimeoutMs: VENUE_TIMEOUT_MS,
    sandboxGame: venueGame(),
    ...overrides,
  });
}

export interface Member {
  id: number;
  name: string;
  token: string;
}

export async function newMember(t: TestApp, name: string, creditYuan = 0): Promise<Member> {
  const token = await t.register(name);
  const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
  if (creditYuan > 0) await credit(t, name, creditYuan);
  return { id: row.id, name, token };
}

let adminToken: { app: TestApp; token: string } | null = null;

/** an operator credits the member's central wallet (POST /admin/api/members/adjust) */
export async function credit(t: TestApp, username: string, yuan: number, turnoverMultiple = 0) {
  if (adminToken?.app !== t) {
    const login = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
    adminToken = { app: t, token: login.data.token };
  }
  const reply = await t.post(
    '/admin/api/members/adjust',
    { username, amount: yuan, reason: '测试入金', turnover_multiple: turnoverMultiple },
    { token: adminToken.token },
  );
  expect(reply.code, reply.message).toBe(200);
}

/** the sandbox as the tests see it: a signed client on the app's own address */
export function sandboxClient(t: TestApp) {
  return new ProviderClient({ baseUrl: `${t.origin}/sandbox/provider`, secret: t.ctx.config.sandboxSecret, timeoutMs: 5000 });
}

/** what the venue itself holds for the member (fen) */
export async function venueFen(t: TestApp, memberId: number, platform: string): Promise<number> {
  const name = playerName(t.ctx.config.venuePlayerPrefix, memberId);
  try {
    return (await sandboxClient(t).balance({ username: name, platform })).balance_fen;
  } catch (e) {
    if ((e as { code?: string }).code === 'player_not_found') return 0;
    throw e;
  }
}

/** arms a fault for the sandbox's next deposit/withdraw calls */
export async function arm(t: TestApp, mode: FaultMode | 'none', count = 1, type?: TransferType | 'balance') {
  const res = await fetch(`${t.origin}/sandbox/provider/test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, count, type }),
  });
  expect(res.status).toBe(200);
}

export async function centralFen(t: TestApp, memberId: number): Promise<number> {
  return wallet.centralBalance(t.ctx.db, memberId);
}

export async function pendingCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('venue_transfers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 2)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function expectLedgerSound(t: TestApp) {
  expect(await wallet.verify(t.ctx.db)).toEqual([]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens a game the way the member site does (POST /api/getGameUrl, then the page), and answers
 * a caller for the game's own play endpoints.
 */
export async function openGame(t: TestApp, token: string, platform: string, gameCode: string) {
  const reply = await t.post('/api/getGameUrl', { plat_name: platform, game_type: 0, game_code: gameCode, is_mobile_url: 1 }, { token });
  expect(reply.code, reply.message).toBe(200);
  // launch URLs are root-relative unless PUBLIC_URL is set (issue 14): a browser resolves them on the site
  const url = new URL(reply.data.url, t.origin);
  const page = await fetch(url);
  const html = await page.text();
  const m = /<script id="game-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error(`no game config in page (HTTP ${page.status})`);
  const config = JSON.parse(m[1]) as { api: string; session: string; balance_fen: number };
  const origin = url.origin;
  async function act<T = Record<string, unknown>>(action: string, body: unknown = {}) {
    const res = await fetch(`${origin}${config.api}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-game-session': config.session },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as T & { balance_fen: number; bet_id?: string } };
  }
  return { url: reply.data.url as string, config, act };
}
