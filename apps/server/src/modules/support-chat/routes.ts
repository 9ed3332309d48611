import multipart from '@fastify/multipart';
import {
  adminChatAllSchema,
  adminChatForceSchema,
  adminChatHandoverSchema,
  adminChatHistorySchema,
  adminChatMineSchema,
  adminChatQueueSchema,
  adminChatReadSchema,
  adminChatSearchSchema,
  adminChatSendSchema,
  adminChatTargetSchema,
  adminChatTypingSchema,
  chatHistorySchema,
  chatOpenSchema,
  chatReadSchema,
  chatSendSchema,
  chatTicketSchema,
  chatTypingSchema,
  chatUnreadSchema,
  CHAT_LIMITS,
  CHAT_MSG,
  CODE,
  MSG,
} from '@casino/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { memberOf } from '../../http/auth.ts';
import { ApiError, envelopeOf, ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { clientMeta } from '../../http/client-meta.ts';
import { sendImage } from '../../lib/images.ts';
import { PICTURE_NAME, pictureDir } from './pictures.ts';
import type { ChatService } from './service.ts';
import type { StreamHub } from './stream.ts';

type Guard = (req: FastifyRequest) => Promise<void>;

const MULTIPART_LIMITS = { fileSize: CHAT_LIMITS.pictureMaxBytes, files: 1, fields: 4, fieldSize: 64, parts: 6, headerPairs: 50 };

/**
 * Member calls under /api/chat/*, operator calls under /admin/api/chat/* (support.chat), the two
 * event streams (GET, with a single-use ticket from the ticket call) and the pictures.
 */
export async function chatRoutes(app: FastifyInstance, chat: ChatService, hub: StreamHub, requireMember: Guard, requireAdmin: RequireAdmin, dataDir: string) {
  const guarded = { preHandler: requireMember };
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.post('/api/chat/open', guarded, async (req) => {
    parse(chatOpenSchema, req.body);
    return ok(await chat.member.state(me(req)));
  });
  app.post('/api/chat/history', guarded, async (req) => ok(await chat.member.history(me(req), parse(chatHistorySchema, req.body))));
  app.post('/api/chat/send', guarded, async (req) => ok(await chat.member.send(me(req), parse(chatSendSchema, req.body).text), CHAT_MSG.sent));
  app.post('/api/chat/typing', guarded, async (req) => {
    await chat.member.typing(me(req), parse(chatTypingSchema, req.body).typing);
    return ok(null);
  });
  app.post('/api/chat/read', guarded, async (req) => ok(await chat.member.read(me(req), parse(chatReadSchema, req.body).last_id)));
  app.post('/api/chat/unread', guarded, async (req) => {
    parse(chatUnreadSchema, req.body);
    return ok(await chat.member.unread(me(req)));
  });
  app.post('/api/chat/ticket', guarded, async (req) => {
    parse(chatTicketSchema, req.body);
    const m = memberOf(req);
    return ok(await chat.member.ticket(m.memberId, m.tokenHash));
  });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/chat/queue', permission: 'support.chat', schema: adminChatQueueSchema, handler: async (i) => ok(await chat.operator.queue(i.page, i.per_page)) }),
    adminRoute({ path: '/admin/api/chat/take', permission: 'support.chat', schema: adminChatForceSchema, handler: async (i, a, req) => {
      const before = i.force ? await chat.operator.conversation(i.conversation_id) : null;
      const row = await chat.operator.take(a, i.conversation_id, clientMeta(req), i.force);
      return ok(row, before?.state === 'open' && before.admin_id !== a.adminId ? CHAT_MSG.takenOver : CHAT_MSG.taken);
    } }),
    // every operator's conversations: for supervisors only (the force actions below check the same in the service)
    adminRoute({ path: '/admin/api/chat/all', permission: 'operators.manage', schema: adminChatAllSchema, handler: async (i, a) => ok(await chat.operator.all(a, i.page, i.per_page, i.admin_id || undefined)) }),
    adminRoute({ path: '/admin/api/chat/mine', permission: 'support.chat', schema: adminChatMineSchema, handler: async (_i, a) => ok(await chat.operator.mine(a.adminId)) }),
    adminRoute({ path: '/admin/api/chat/get', permission: 'support.chat', schema: adminChatTargetSchema, handler: async (i) => ok(await chat.operator.conversation(i.conversation_id)) }),
    adminRoute({ path: '/admin/api/chat/history', permission: 'support.chat', schema: adminChatHistorySchema, handler: async (i) =>
      ok(await chat.operator.history(i.conversation_id, i)) }),
    adminRoute({ path: '/admin/api/chat/send', permission: 'support.chat', schema: adminChatSendSchema, handler: async (i, a) => ok(await chat.operator.send(a, i.conversation_id, i.text), CHAT_MSG.sent) }),
    adminRoute({ path: '/admin/api/chat/typing', permission: 'support.chat', schema: adminChatTypingSchema, handler: async (i, a) => {
      await chat.operator.typing(a, i.conversation_id, i.typing);
      return ok(null);
    } }),
    adminRoute({ path: '/admin/api/chat/read', permission: 'support.chat', schema: adminChatReadSchema, handler: async (i, a) => ok(await chat.operator.read(a, i.conversation_id, i.last_id)) }),
    adminRoute({ path: '/admin/api/chat/handover', permission: 'support.chat', schema: adminChatHandoverSchema, handler: async (i, a, req) =>
      ok(await chat.operator.handover(a, i.conversation_id, i.to_admin_id, clientMeta(req), i.force), CHAT_MSG.handedOver) }),
    adminRoute({ path: '/admin/api/chat/close', permission: 'support.chat', schema: adminChatForceSchema, handler: async (i, a, req) => ok(await chat.operator.close(a, i.conversation_id, clientMeta(req), i.force), CHAT_MSG.closedOk) }),
    adminRoute({ path: '/admin/api/chat/operators', permission: 'support.chat', schema: adminChatMineSchema, handler: async () => ok(await chat.operator.operators()) }),
    adminRoute({ path: '/admin/api/chat/search', permission: 'support.chat', schema: adminChatSearchSchema, handler: async (i) => ok(await chat.operator.search(i)) }),
    adminRoute({ path: '/admin/api/chat/ticket', permission: 'support.chat', schema: adminChatMineSchema, handler: async (_i, a) => ok(await chat.operator.ticket(a.adminId, a.tokenHash)) }),
  ]);

  // pictures: multipart is understood by these two routes only (their own plugin scope)
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    scope.post('/api/chat/picture', guarded, async (req) => {
      const { bytes } = await readUpload(req);
      return ok(await chat.member.picture(me(req), bytes), CHAT_MSG.sent);
    });
    registerAdminRoutes(scope, requireAdmin, [
      adminRoute({ path: '/admin/api/chat/picture', permission: 'support.chat', handler: async (_i, a, req) => {
        const { bytes, fields } = await readUpload(req);
        const id = Number(fields.conversation_id);
        if (!/^\d{1,15}$/.test(fields.conversation_id ?? '') || !Number.isSafeInteger(id) || id < 1) refuse(CHAT_MSG.conversationId);
        return ok(await chat.operator.picture(a, id, bytes), CHAT_MSG.sent);
      } }),
    ]);
  });

  // the streams: a ticket from /ticket, used once (EventSource cannot send an Authorization header)
  const stream = (kind: 'member' | 'admin') => async (req: FastifyRequest<{ Querystring: { ticket?: unknown } }>, reply: FastifyReply) => {
    const ticket = typeof req.query?.ticket === 'string' ? req.query.ticket : '';
    const holder = ticket ? await chat.redeem(ticket, kind) : null;
    if (holder === null) return reply.code(200).send(envelopeOf(CODE.unauthorized, CHAT_MSG.ticket));
    hub.open(reply, kind, holder.subject, holder.tokenHash);
    return reply;
  };
  app.get('/api/chat/stream', stream('member'));
  app.get('/admin/api/chat/stream', stream('admin'));

  // served by us: the type the bytes were judged to be, never sniffed, under a name nobody can guess
  app.get<{ Params: { name: string } }>('/uploads/chat/:name', (req, reply) => sendImage(reply, pictureDir(dataDir), req.params.name, PICTURE_NAME, { shared: false }));
}

/** The multipart field `file` (and any small fields before it); missing, too large or malformed are refused. */
async function readUpload(req: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) refuse(CHAT_MSG.pictureMissing);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) refuse(CHAT_MSG.pictureTooLarge);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') refuse(CHAT_MSG.pictureTooLarge);
    refuse(MSG.badRequest);
  }
  if (!bytes || bytes.length === 0) refuse(CHAT_MSG.pictureMissing);
  return { bytes, fields };
}
