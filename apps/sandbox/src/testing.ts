import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sandboxPlugin, SANDBOX_PREFIX, type SandboxOptions } from './index.ts';
import { ProviderClient } from './provider/client.ts';
import { signRequest } from './provider/signing.ts';

/**
 * Test harness: the sandbox in a real Fastify instance on 127.0.0.1 (random port), called
 * over real HTTP.
 */
// made per run, so no test passes by knowing a fixed string (issue 14)
export const TEST_SECRET = randomBytes(32).toString('hex');

export async function startSandbox(opts: Partial<SandboxOptions> = {}) {
  const app = Fastify({ logger: false });
  await app.register(sandboxPlugin, { prefix: SANDBOX_PREFIX, secret: TEST_SECRET, dataDir: ':memory:', ...opts });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const providerUrl = `${origin}${SANDBOX_PREFIX}/provider`;
  const client = new ProviderClient({ baseUrl: providerUrl, secret: TEST_SECRET, timeoutMs: 5000 });

  /** a signed POST answering the raw status and JSON (for refusals the client would throw on) */
  async function post(path: string, body: unknown, sign: { secret?: string; ts?: number; signedBody?: string } = {}) {
    const fullPath = `${SANDBOX_PREFIX}/provider${path}`;
    const signed = signRequest(sign.secret ?? TEST_SECRET, { path: fullPath, body: sign.signedBody ?? body, ts: sign.ts });
    const res = await fetch(origin + fullPath, {
      method: 'POST',
      headers: signed.headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
  }

  /** opens a game like a browser does and returns a caller for its actions */
  async function openGame(username: string, platform: string, gameCode: string) {
    const { url } = await client.launch({ username, platform, game_code: gameCode, is_mobile: true });
    const page = await fetch(origin + url);
    const html = await page.text();
    const m = /<script id="game-config" type="application\/json">(.*?)<\/script>/s.exec(html);
    if (!m) throw new Error(`no game config in page (HTTP ${page.status})`);
    const config = JSON.parse(m[1]) as { api: string; session: string; balance_fen: number; engine: string };
    async function act<T = Record<string, unknown>>(action: string, body: unknown = {}) {
      const res = await fetch(`${origin}${config.api}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-game-session': config.session },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as T & { balance_fen: number; message?: string; error?: string } };
    }
    return { page, html, config, act };
  }

  return { app, origin, providerUrl, client, post, openGame, close: () => app.close() };
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * A game clock the test drives (pass `now` as game.now): a real short match raced the test on a
 * loaded machine (issue 14). Time moves only when the test says so and never goes back.
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

/** a fresh player with `fen` deposited at `platform` */
export async function fundedPlayer(sb: Sandbox, platform: string, fen: number, name = `p${Math.random().toString(36).slice(2, 10)}`) {
  await sb.client.createPlayer({ username: name });
  if (fen > 0) await sb.client.deposit({ username: name, platform, transfer_id: `fund-${name}-${platform}`, amount_fen: fen });
  return name;
}
