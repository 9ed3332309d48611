import { messageListSchema, readMessageSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { InboxService } from './service.ts';

/** POST /api/messagelist {page}, /api/readmessage {id}, /api/messagenum {} */
export function inboxRoutes(app: FastifyInstance, inbox: InboxService, requireMember: (req: FastifyRequest) => Promise<void>) {
  const guarded = { preHandler: requireMember };

  app.post('/api/messagelist', guarded, async (req) => {
    const { page } = parse(messageListSchema, req.body);
    return ok(await inbox.list(memberOf(req).memberId, page));
  });

  app.post('/api/readmessage', guarded, async (req) => {
    const { id } = parse(readMessageSchema, req.body);
    return ok(await inbox.read(memberOf(req).memberId, id));
  });

  app.post('/api/messagenum', guarded, async (req) => ok({ count: await inbox.unread(memberOf(req).memberId) }));
}
