import {
  adminTicketIdSchema,
  adminTicketListSchema,
  adminTicketReplySchema,
  CODE,
  INBOX_ADMIN_MSG,
  type AdminPaged,
  type AdminTicketDetail,
  type AdminTicketListQuery,
  type AdminTicketRow,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { sendToMember } from '../inbox/index.ts';

/**
 * Support tickets left on /support/ (issue 13), permission support.chat: the customer-service
 * role answers them. The form is open to guests, so a ticket names no member by itself: when
 * its contact is a member's username that member is offered (marked as matched by contact), or
 * the operator names the member. A reply to a member goes to their inbox (plain text, once per
 * reply); a guest's reply is kept and the operator reaches them by the contact shown.
 */
const state = (n: number) => (n === 1 ? 1 : n === 2 ? 2 : 0) as 0 | 1 | 2;

export function createTicketsDesk(ctx: AppContext) {
  const { db } = ctx;

  /** usernames (lower case) among these contacts that are members */
  async function membersNamed(q: Kysely<DB>, contacts: string[]): Promise<Map<string, { id: number; username: string }>> {
    const names = [...new Set(contacts.map((c) => c.trim().toLowerCase()).filter((c) => /^[a-z0-9_]{1,32}$/.test(c)))];
    if (names.length === 0) return new Map();
    const rows = await q.selectFrom('members').select(['id', 'username']).where('username', 'in', names).execute();
    return new Map(rows.map((r) => [r.username, { id: Number(r.id), username: r.username }]));
  }

  async function usernameOf(q: Kysely<DB>, id: number | null): Promise<string | null> {
    if (id === null) return null;
    const m = await q.selectFrom('members').select('username').where('id', '=', id).executeTakeFirst();
    return m?.username ?? null;
  }

  async function detail(q: Kysely<DB>, id: number): Promise<AdminTicketDetail> {
    const t = await q.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
    if (!t) refuse(INBOX_ADMIN_MSG.ticketNotFound, CODE.notFound);
    const replies = await q
      .selectFrom('support_ticket_replies as r')
      .leftJoin('admins as a', 'a.id', 'r.admin_id')
      .leftJoin('members as m', 'm.id', 'r.member_id')
      .select(['r.id', 'r.content', 'r.created_at', 'a.username as operator', 'm.username as member'])
      .where('r.ticket_id', '=', id)
      .orderBy('r.id', 'asc')
      .limit(200)
      .execute();
    const linked = await usernameOf(q, t.member_id === null ? null : Number(t.member_id));
    const byContact = linked ? null : (await membersNamed(q, [t.contact])).get(t.contact.trim().toLowerCase())?.username ?? null;
    return {
      id: Number(t.id),
      name: t.name,
      contact: t.contact,
      content: t.content,
      ip: t.ip,
      user_agent: t.user_agent,
      state: state(Number(t.state)),
      member: linked ?? byContact,
      member_source: linked ? 'reply' : byContact ? 'contact' : null,
      replies: replies.length,
      created_at: toWireTime(Number(t.created_at)),
      replies_list: replies.map((r) => ({ id: Number(r.id), content: r.content, operator: r.operator ?? '', member: r.member ?? null, created_at: toWireTime(Number(r.created_at)) })),
    };
  }

  return {
    /** newest first; by state through (state, created_at, id), by contact through (contact, id) */
    async list(q: AdminTicketListQuery): Promise<AdminPaged<AdminTicketRow>> {
      let base = db.selectFrom('support_tickets');
      if (q.state !== undefined) base = base.where('state', '=', q.state);
      if (q.contact) base = base.where('contact', '=', q.contact);
      let rowsQ = base.select(['id', 'name', 'contact', 'content', 'state', 'member_id', 'created_at']);
      rowsQ = q.state !== undefined && !q.contact ? rowsQ.orderBy('created_at', 'desc').orderBy('id', 'desc') : rowsQ.orderBy('id', 'desc');
      const [rows, count] = await Promise.all([
        rowsQ.limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((r) => Number(r.id));
      const [named, counts, linked] = await Promise.all([
        membersNamed(db, rows.map((r) => r.contact)),
        ids.length ? db.selectFrom('support_ticket_replies').select(['ticket_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('ticket_id', 'in', ids).groupBy('ticket_id').execute() : [],
        (async () => {
          const memberIds = [...new Set(rows.map((r) => r.member_id).filter((x): x is number => x !== null).map(Number))];
          if (memberIds.length === 0) return new Map<number, string>();
          const ms = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', memberIds).execute();
          return new Map(ms.map((m) => [Number(m.id), m.username]));
        })(),
      ]);
      const replies = new Map(counts.map((c) => [Number(c.ticket_id), Number(c.n)]));
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          name: r.name,
          contact: r.contact,
          excerpt: r.content.slice(0, 100),
          state: state(Number(r.state)),
          member: (r.member_id !== null ? linked.get(Number(r.member_id)) : undefined) ?? named.get(r.contact.trim().toLowerCase())?.username ?? null,
          replies: replies.get(Number(r.id)) ?? 0,
          created_at: toWireTime(Number(r.created_at)),
        })),
        Number(count.n),
        q.page,
        q.per_page,
      );
    },

    get: (id: number) => detail(db, id),

    /**
     * Keeps the reply; tells the member in their inbox when there is one (named by the operator,
     * or the member an earlier reply went to, or the one whose username is the contact).
     */
    async reply(id: number, content: string, username: string | undefined, op: { adminId: number; ip: string }) {
      return db.transaction().execute(async (trx) => {
        const t = await trx.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
        if (!t) refuse(INBOX_ADMIN_MSG.ticketNotFound, CODE.notFound);
        if (Number(t.state) === 2) refuse(INBOX_ADMIN_MSG.ticketClosed);
        let member: { id: number; username: string } | null = null;
        if (username) {
          const m = await trx.selectFrom('members').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
          if (!m) refuse(INBOX_ADMIN_MSG.memberNotFound, CODE.notFound);
          member = { id: Number(m.id), username: m.username };
        } else if (t.member_id !== null) {
          const name = await usernameOf(trx, Number(t.member_id));
          member = name ? { id: Number(t.member_id), username: name } : null;
        } else {
          member = (await membersNamed(trx, [t.contact])).get(t.contact.trim().toLowerCase()) ?? null;
        }
        const now = Date.now();
        const r = await trx
          .insertInto('support_ticket_replies')
          .values({ ticket_id: id, admin_id: op.adminId, content, member_id: member?.id ?? null, message_id: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const replyId = Number(r.id);
        let messageId: number | null = null;
        if (member) {
          const asked = t.content.length > 200 ? `${t.content.slice(0, 200)}…` : t.content;
          const text = `您于 ${toWireTime(Number(t.created_at))} 的留言：\n「${asked}」\n\n客服回复：\n${content}`;
          messageId = await sendToMember({ ...ctx, db: trx }, member.id, '客服回复了您的留言', text, { dedupeKey: `ticket-reply:${replyId}`, at: now });
          await trx.updateTable('support_ticket_replies').set({ message_id: messageId }).where('id', '=', replyId).execute();
        }
        await trx.updateTable('support_tickets').set({ state: 1, member_id: member?.id ?? t.member_id ?? null }).where('id', '=', id).execute();
        await audit(trx, {
          adminId: op.adminId,
          action: 'ticket.reply',
          target: `ticket:${id}`,
          detail: { before: { state: Number(t.state) }, after: { state: 1, reply_id: replyId, content, member: member?.username ?? null, message_id: messageId } },
          ip: op.ip,
          now,
        });
        return { ticket: await detail(trx, id), delivered: member !== null };
      });
    },

    async close(id: number, op: { adminId: number; ip: string }) {
      return db.transaction().execute(async (trx) => {
        const t = await trx.selectFrom('support_tickets').select(['id', 'state']).where('id', '=', id).executeTakeFirst();
        if (!t) refuse(INBOX_ADMIN_MSG.ticketNotFound, CODE.notFound);
        if (Number(t.state) === 2) refuse(INBOX_ADMIN_MSG.ticketAlreadyClosed);
        await trx.updateTable('support_tickets').set({ state: 2 }).where('id', '=', id).where('state', '<>', 2).execute();
        await audit(trx, { adminId: op.adminId, action: 'ticket.close', target: `ticket:${id}`, detail: { before: { state: Number(t.state) }, after: { state: 2 } }, ip: op.ip });
        return detail(trx, id);
      });
    },
  };
}

export function ticketsAdminRoutes(app: FastifyInstance, ctx: AppContext, requireAdmin: RequireAdmin) {
  const desk = createTicketsDesk(ctx);
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/tickets/list', permission: 'support.chat', schema: adminTicketListSchema, handler: async (i) => ok(await desk.list(i)) }),
    adminRoute({ path: '/admin/api/tickets/get', permission: 'support.chat', schema: adminTicketIdSchema, handler: async (i) => ok(await desk.get(i.id)) }),
    adminRoute({
      path: '/admin/api/tickets/reply',
      permission: 'support.chat',
      schema: adminTicketReplySchema,
      handler: async (i, admin, req) => {
        const r = await desk.reply(i.id, i.content, i.username, { adminId: admin.adminId, ip: req.ip });
        return ok(r, r.delivered ? INBOX_ADMIN_MSG.repliedToInbox : INBOX_ADMIN_MSG.replied);
      },
    }),
    adminRoute({ path: '/admin/api/tickets/close', permission: 'support.chat', schema: adminTicketIdSchema, handler: async (i, admin, req) => ok(await desk.close(i.id, { adminId: admin.adminId, ip: req.ip }), INBOX_ADMIN_MSG.closed) }),
  ]);
}
