import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENGINE_OF, findGame, venueName, type Engine } from '../provider/catalogue.ts';
import { asBody } from '../provider/input.ts';
import type { Seamless } from '../provider/seamless.ts';
import type { ProviderStore } from '../provider/store.ts';
import { SESSION_TTL_MS, type GameTokens } from '../provider/tokens.ts';
import { baccaratActions } from './baccarat/actions.ts';
import { fishingActions } from './fishing/actions.ts';
import { k3Actions } from './k3/actions.ts';
import { matchActions } from './matches/actions.ts';
import type { Matches } from './matches/service.ts';
import { niuniuActions } from './niuniu/actions.ts';
import { PlayError, type Action, type PlayContext } from './play.ts';
import type { Rng } from './rng.ts';
import { slotActions } from './slots/actions.ts';
import { views } from './views.ts';

export interface GameDeps {
  store: ProviderStore;
  tokens: GameTokens;
  matches: Matches;
  rng: Rng;
  /** URL of the provider's routes, e.g. /sandbox/provider */
  base: string;
  /** the game clock (Date.now unless a test drives it) */
  now?: () => number;
  /** issue 38: a venue in seamless mode plays from the site's wallet */
  seamless: Seamless;
}

const SESSION_HEADER = 'x-game-session';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script> element: "<" escaped so no value can close the element */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The playable games: GET {base}/play?token=... renders the game the launch token names;
 * the page then calls POST {base}/play/api/{action} carrying its session token.
 */
export function gameRoutes(app: FastifyInstance, d: GameDeps) {
  const match = matchActions(d.matches);
  const ACTIONS: Record<Engine, Record<string, Action>> = {
    slots: slotActions,
    baccarat: baccaratActions,
    niuniu: niuniuActions,
    fishing: fishingActions,
    k3: k3Actions,
    football: match,
    esports: match,
  };

  app.get('/play', async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const launch = d.tokens.read(token, 'launch');
    const game = launch && findGame(launch.platform, launch.game_code);
    if (!launch || !game || !game.open) {
      return errorPage(reply, 403, '游戏链接已失效', '请返回后重新进入游戏');
    }
    const engine = ENGINE_OF[game.category];
    const { token: session } = d.tokens.issue({ ...launch, kind: 'session' }, SESSION_TTL_MS);
    const balance = await balanceOf(d, launch.username, game.platform);
    const config = {
      api: `${d.base}/play/api`,
      session,
      engine,
      theme: game.theme,
      game: { name: game.name, code: game.code, platform: game.platform, venue: venueName(game.platform) },
      balance_fen: balance ?? 0,
      // issue 38: which wallet the balance shown is (the site's central wallet in seamless mode)
      wallet: d.seamless.isSeamless(game.platform) ? 'seamless' : 'transfer',
    };
    const { shell, views: byEngine } = views();
    const html = shell
      // function replacers: the inserted text may contain "$" patterns
      .replace('{{title}}', () => esc(game.name))
      .replace('{{engine}}', () => engine)
      .replace('{{name}}', () => esc(game.name))
      .replace('{{venue}}', () => esc(venueName(game.platform)))
      .replace('{{bal_title}}', () => (config.wallet === 'seamless' ? '中心钱包余额' : '场馆余额'))
      .replace('{{config}}', () => scriptJson(config))
      .replace('{{view}}', () => byEngine.get(engine)!);
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post('/play/api/:action', async (request, reply) => {
    const session = d.tokens.read(request.headers[SESSION_HEADER], 'session');
    const game = session && findGame(session.platform, session.game_code);
    if (!session || !game) {
      return reply.code(401).send({ error: 'session_expired', message: '游戏会话已过期，请返回重新进入' });
    }
    const { action } = request.params as { action: string };
    const rounds = d.seamless.isSeamless(game.platform) ? d.seamless : d.store;
    const ctx: PlayContext = { store: d.store, rounds, game, username: session.username, rng: d.rng, now: (d.now ?? Date.now)() };
    const actions = ACTIONS[ENGINE_OF[game.category]];
    if (action === 'state') {
      const extra = actions.state ? (actions.state(ctx, {}) as object) : {};
      return { ...extra, balance_fen: (await balanceOf(d, session.username, game.platform)) ?? 0 };
    }
    const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!handler) return reply.code(404).send({ error: 'not_found', message: '未知操作' });
    try {
      return await handler(ctx, asBody(request.body));
    } catch (e) {
      if (e instanceof PlayError) return reply.code(400).send({ error: e.code, message: e.message });
      throw e;
    }
  });
}

/** the balance the game shows: the venue wallet's, or in seamless mode the site's central wallet's (null when it does not answer) */
async function balanceOf(d: GameDeps, username: string, platform: string): Promise<number | null> {
  return d.seamless.isSeamless(platform) ? d.seamless.balance(username, platform) : d.store.balance(username, platform);
}

function errorPage(reply: FastifyReply, status: number, title: string, text: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#10131c;color:#e8e8f0;font-family:'PingFang SC','Noto Sans CJK SC',sans-serif;text-align:center}h1{font-size:20px;color:#ffd36b}p{color:#9aa0b4}</style>
</head><body><div><h1>${esc(title)}</h1><p>${esc(text)}</p></div></body></html>`,
    );
}
