import { CODE, LIVE_MSG, streamTicketSchema } from '@casino/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { memberOf } from '../../http/auth.ts';
import { sessionsAlive } from '../accounts/index.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Limiter } from '../../http/rate-limit.ts';
import { parse } from '../../http/validate.ts';
import type { Hub } from './hub.ts';
import type { TicketStore } from './tickets.ts';

/**
 * POST /api/stream/ticket (member token) and GET /api/stream?ticket=... (issue 37). The GET
 * carries no token: EventSource cannot send a header, and a token in a URL ends up in logs and
 * histories; the ticket is spent by its first use. A refused stream is answered with the
 * envelope (not an event stream), so the client knows to poll.
 */
export function liveStreamRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; hub: Hub; tickets: TicketStore; limiter: Limiter; requireMember: (req: FastifyRequest) => Promise<void> }) {
  const { hub, tickets } = deps;
  app.post('/api/stream/ticket', { preHandler: deps.requireMember }, async (req) => {
    parse(streamTicketSchema, req.body);
    const m = memberOf(req);
    await deps.limiter.hit(String(m.memberId));
    return ok(await tickets.issue({ memberId: m.memberId, tokenHash: m.tokenHash }));
  });

  app.get('/api/stream', async (req: FastifyRequest<{ Querystring: { ticket?: unknown } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!hub.accepting()) return reply.send(envelopeOf(CODE.maintenance, LIVE_MSG.unavailable));
    const ticket = typeof req.query?.ticket === 'string' ? req.query.ticket : '';
    const holder = ticket ? await tickets.redeem(ticket) : null;
    // the session the ticket was issued to must still exist (signed out since: refused)
    if (!holder || !(await sessionsAlive(deps.db, [holder.tokenHash])).has(holder.tokenHash)) return reply.send(envelopeOf(CODE.unauthorized, LIVE_MSG.ticket));
    hub.open(reply, holder);
    return reply;
  });
}
