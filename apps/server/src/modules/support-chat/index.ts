import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { sessionsAlive } from '../accounts/index.ts';
import { memoryBus, postgresBus, redisBus, type ChatBus } from './bus.ts';
import { chatRoutes } from './routes.ts';
import { createChatService } from './service.ts';
import { createStreamHub } from './stream.ts';

export type { ChatBus, BusEvent } from './bus.ts';
export type { ChatService } from './service.ts';
export { memoryBus, postgresBus, redisBus } from './bus.ts';

/**
 * The bus between server processes: Redis pub/sub when REDIS_URL is set, else PostgreSQL
 * LISTEN/NOTIFY on PostgreSQL, else (one SQLite process) an in-process EventEmitter. The
 * channel is named after the database schema, so apps on different schemas never mix.
 */
export function chatBusFor(ctx: AppContext): ChatBus {
  const { config } = ctx;
  const scope = (config.databaseSchema ?? 'public').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);
  if (config.redisUrl) return redisBus(config.redisUrl, `casino:chat:${scope}`, ctx.log);
  if (ctx.dialect === 'postgres' && config.databaseUrl) return postgresBus(ctx.db, config.databaseUrl, config.databaseSchema, `chat_${scope}`, ctx.log);
  return memoryBus();
}

/** Live customer service (issue 13): conversations, messages, pictures, event streams. */
export function createSupportChat(ctx: AppContext, bus: ChatBus = chatBusFor(ctx)) {
  const service = createChatService(ctx, bus, { sessionsAlive: (hashes) => sessionsAlive(ctx.db, hashes) });
  // a stream ends with the session that opened it: sign-out, password change, freeze; an
  // operator's also with a disable or a role without support.chat
  const hub = createStreamHub(bus, { operatorSessionsAllowed: service.operatorSessionsAllowed, memberSessionsAllowed: service.memberSessionsAllowed, log: ctx.log });
  return {
    service,
    bus,
    hub,
    routes: async (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => {
      // streams end before the server waits for its connections to close
      app.addHook('preClose', async () => hub.close());
      await chatRoutes(app, service, hub, requireMember, requireAdmin, ctx.config.dataDir);
    },
    async close() {
      hub.close();
      await bus.close();
    },
  };
}
