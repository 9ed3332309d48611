import { LIVE_LIMITS } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessionsAlive, sessionTopics } from '../accounts/index.ts';
import type { LiveCache } from '../live-cache/index.ts';
import { CENTRAL_CHANGED } from '../wallet/index.ts';
import { createHub, type Hub } from './hub.ts';
import { liveStreamRoutes } from './routes.ts';
import { databaseTickets, redisTickets, type TicketStore } from './tickets.ts';
import { LIVE_TOPICS, parseOrderKey } from './topics.ts';

export { announceInbox, announceOrders, LIVE_TOPICS, type OrderChange } from './topics.ts';
export type { Hub } from './hub.ts';
export type { TicketStore, TicketHolder } from './tickets.ts';

export interface LiveStreamDeps {
  balanceOf(memberId: number): Promise<number>;
  unreadOf(memberId: number): Promise<number>;
  /** tests: a shorter heartbeat */
  heartbeatMs?: number;
}

/**
 * Live updates (issue 37, DESIGN.md section 16): a server-sent event stream per tab with the
 * member's balance, unread inbox count and order states. Changes reach every process through the
 * live cache's bus (one subscription per process: Redis pub/sub, PostgreSQL LISTEN/NOTIFY, or
 * in-process on one SQLite process), announced by the modules once their transactions commit:
 * the ledger (CENTRAL_CHANGED), the inbox and the deposit / withdrawal state changes (topics.ts).
 * Sign-outs and revocations end the streams of their sessions, announced or found by the
 * heartbeat's check of the sessions rows.
 */
export function createLiveStream(ctx: AppContext, live: LiveCache, deps: LiveStreamDeps) {
  const scope = (ctx.config.databaseSchema ?? 'public').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);
  const tickets: TicketStore = ctx.config.redisUrl ? redisTickets(ctx.config.redisUrl, `casino:stream-ticket:${scope}:`) : databaseTickets(ctx.db);
  const hub: Hub = createHub({
    balanceOf: deps.balanceOf,
    unreadOf: deps.unreadOf,
    sessionsAlive: (hashes) => sessionsAlive(ctx.db, hashes),
    busLive: () => live.bus.live(),
    log: ctx.log,
    heartbeatMs: deps.heartbeatMs,
  });
  const ids = (keys: readonly (string | number)[]) => keys.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  live.on(CENTRAL_CHANGED, (keys) => hub.balanceChanged(ids(keys)));
  live.on(LIVE_TOPICS.inbox, (keys) => hub.inboxChanged(ids(keys)));
  live.on(LIVE_TOPICS.orders, (keys) => {
    for (const k of keys) {
      const c = parseOrderKey(k);
      if (c) hub.order(c.member_id, { type: 'order', kind: c.kind, order_no: c.order_no, state: c.state });
    }
  });
  const topics = sessionTopics('member');
  live.on(topics.token, (keys) => hub.sessionsEnded(keys.map(String)));
  live.on(topics.subject, (keys) => hub.membersEnded(ids(keys)));
  live.bus.onGap(() => hub.resync());

  return {
    hub,
    tickets,
    routes(app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) {
      // streams end before the server waits for its connections to close
      app.addHook('preClose', async () => hub.close());
      const limiter = ctx.limiter({ name: 'stream_ticket', points: LIVE_LIMITS.ticketsPerMinute, durationSec: 60 });
      liveStreamRoutes(app, { db: ctx.db, hub, tickets, limiter, requireMember });
    },
    async close() {
      hub.close();
      await tickets.close();
    },
  };
}

export type LiveStream = ReturnType<typeof createLiveStream>;
