import {
  CHAT_LIMITS,
  CHAT_MSG,
  CODE,
  grants,
  type ChatConversationRow,
  type ChatEvent,
  type ChatHistory,
  type ChatMessage,
  type ChatOperator,
  type ChatSearchRow,
  type ChatState,
  type ChatTicket,
  type ChatUnread,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { permissionsOf } from '../../lib/permissions.ts';
import { toWireTime } from '../../lib/time.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/index.ts';
import { beijingInstant } from '../../lib/time.ts';
import type { BusEvent, ChatBus } from './bus.ts';
import { PICTURE_URL_PREFIX, sniffPicture, storePicture } from './pictures.ts';
import * as repo from './repo.ts';

type Meta = { ip: string };

/** distinct lower-cased character pairs of a text (its search terms), letters and digits only */
export function termsOf(text: string): string[] {
  const chars = [...text.toLowerCase()];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i] + chars[i + 1];
    if (/^[\p{L}\p{N}]{2}$/u.test(pair)) out.add(pair);
  }
  return [...out];
}

const preview = (text: string | null, picture: string | null) => (picture ? '[图片]' : (text ?? '').replace(/\s+/g, ' ').slice(0, 100));

export function createChatService(ctx: AppContext, bus: ChatBus, deps: { sessionsAlive(tokenHashes: string[]): Promise<Set<string>> }) {
  const { db } = ctx;

  const wireMessage = (m: repo.MessageRow, forOperator: boolean): ChatMessage => ({
    id: Number(m.id),
    conversation_id: Number(m.conversation_id),
    sender: m.sender,
    operator_name: forOperator && m.sender === 'operator' ? (m.admin_name ?? '') : '',
    text: m.text,
    picture: m.picture ? PICTURE_URL_PREFIX + m.picture : null,
    created_at: toWireTime(Number(m.created_at)),
  });

  const wireConversation = (c: repo.ConversationRow, now = Date.now()): ChatConversationRow => ({
    id: Number(c.id),
    username: c.username,
    member_id: Number(c.member_id),
    state: c.state,
    admin_id: c.admin_id === null ? null : Number(c.admin_id),
    admin_name: c.admin_name ?? null,
    unread: Number(c.admin_unread),
    member_unread: Number(c.member_unread),
    last_message: c.last_message,
    last_message_at: c.last_message_at === null ? null : toWireTime(Number(c.last_message_at)),
    created_at: toWireTime(Number(c.created_at)),
    waiting_seconds: c.state === 'queued' ? Math.max(0, Math.floor((now - Number(c.queued_at)) / 1000)) : 0,
  });

  /** events go out after the commit; a bus failure never undoes what was saved (clients catch up) */
  const publish = async (e: BusEvent) => {
    try {
      await bus.publish(e);
    } catch (err) {
      ctx.log.warn({ err }, 'chat bus: publish failed');
    }
  };

  /** the message as each side sees it: members never see operators' names */
  const publishMessage = async (row: repo.MessageRow, conv: { member_id: number; admin_id: number | null; state: string }) => {
    const base = { member_id: Number(conv.member_id), admin_id: conv.admin_id === null ? null : Number(conv.admin_id) };
    await publish({ ...base, event: { type: 'message', conversation_id: Number(row.conversation_id), message: wireMessage(row, true) } });
    if (conv.state === 'queued') await publish({ ...base, operators: true, event: { type: 'queue', conversation_id: Number(row.conversation_id) } });
  };

  async function mustConversation(id: number) {
    const c = await repo.conversationById(db, id);
    if (!c) refuse(CHAT_MSG.notFound, CODE.notFound);
    return c;
  }

  /** the conversation the operator holds (open), refused otherwise */
  async function heldBy(admin: SessionAdmin, id: number) {
    const c = await mustConversation(id);
    if (c.state === 'closed') refuse(CHAT_MSG.closed);
    if (c.state !== 'open' || Number(c.admin_id) !== admin.adminId) refuse(CHAT_MSG.notYours, CODE.forbidden);
    return c;
  }

  /** a supervisor may act on other operators' conversations (the override); refused otherwise */
  function mustSupervise(admin: SessionAdmin) {
    if (!grants(admin.permissions, 'operators.manage')) refuse(CHAT_MSG.forceDenied, CODE.forbidden);
  }

  /** the name of the operator holding a conversation (for the override's audit row) */
  const holderName = async (adminId: number | null) => (adminId === null ? null : ((await repo.operatorWithRole(db, adminId))?.username ?? null));

  /** the member's active conversation, queued for the first message */
  async function ensureConversation(memberId: number, now: number) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await repo.activeConversation(db, memberId);
      if (found) return found;
      try {
        await repo.insertConversation(db, memberId, now);
      } catch {
        // a concurrent first message made it (one active conversation per member, by index)
      }
    }
    const found = await repo.activeConversation(db, memberId);
    if (!found) throw new Error('chat: no active conversation after creating one');
    return found;
  }

  /** a member's message: text or a stored picture name */
  async function memberPost(memberId: number, body: { text: string | null; picture: string | null }): Promise<ChatMessage> {
    const now = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const conv = await ensureConversation(memberId, now);
      const saved = await db.transaction().execute(async (trx) => {
        // closed in between: a new conversation is made on the next turn
        const upd = await trx
          .updateTable('chat_conversations')
          .set((eb) => ({ admin_unread: eb('admin_unread', '+', 1), last_message: preview(body.text, body.picture), last_message_at: now }))
          .where('id', '=', conv.id)
          .where('state', '<>', 'closed')
          .executeTakeFirst();
        if (Number(upd.numUpdatedRows) !== 1) return null;
        const id = await repo.insertMessage(trx, { conversation_id: Number(conv.id), member_id: memberId, sender: 'member', admin_id: null, created_at: now, ...body });
        if (body.text) await repo.insertTerms(trx, id, termsOf(body.text));
        return id;
      });
      if (saved === null) continue;
      const row = await repo.messageById(db, saved);
      const fresh = (await repo.conversationById(db, Number(conv.id)))!;
      await publishMessage(row, fresh);
      return wireMessage(row, false);
    }
    refuse(CHAT_MSG.closed);
  }

  /** an operator's (or the system's) message in a conversation, in the caller's transaction */
  async function operatorPostIn(trx: repo.Db, conv: { id: number; member_id: number }, adminId: number | null, body: { text: string | null; picture: string | null }, now: number, sender: 'operator' | 'system' = 'operator') {
    await trx
      .updateTable('chat_conversations')
      .set((eb) => ({ member_unread: eb('member_unread', '+', 1), last_message: preview(body.text, body.picture), last_message_at: now }))
      .where('id', '=', conv.id)
      .execute();
    const id = await repo.insertMessage(trx, { conversation_id: Number(conv.id), member_id: Number(conv.member_id), sender, admin_id: adminId, created_at: now, ...body });
    if (body.text && sender === 'operator') await repo.insertTerms(trx, id, termsOf(body.text));
    return id;
  }

  async function operatorPost(admin: SessionAdmin, conversationId: number, body: { text: string | null; picture: string | null }): Promise<ChatMessage> {
    const now = Date.now();
    const conv = await heldBy(admin, conversationId);
    const id = await db.transaction().execute(async (trx) => {
      // still held by this operator at the moment of writing
      const held = await trx
        .updateTable('chat_conversations')
        .set({ last_message_at: now })
        .where('id', '=', conv.id)
        .where('state', '=', 'open')
        .where('admin_id', '=', admin.adminId)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) refuse(CHAT_MSG.notYours, CODE.forbidden);
      return operatorPostIn(trx, { id: Number(conv.id), member_id: Number(conv.member_id) }, admin.adminId, body, now);
    });
    const row = await repo.messageById(db, id);
    await publishMessage(row, { member_id: Number(conv.member_id), admin_id: admin.adminId, state: 'open' });
    return wireMessage(row, true);
  }

  async function storeChecked(bytes: Buffer): Promise<string> {
    const kind = sniffPicture(bytes);
    if (!kind) refuse(CHAT_MSG.pictureType);
    return storePicture(ctx.config.dataDir, bytes, kind);
  }

  async function issueTicket(kind: 'member' | 'admin', subjectId: number, tokenHash: string): Promise<ChatTicket> {
    const ticket = newToken();
    await repo.insertTicket(db, { hash: hashToken(ticket), kind, subject_id: subjectId, expires_at: Date.now() + CHAT_LIMITS.ticketSeconds * 1000, token_hash: tokenHash });
    return { ticket, expires_in: CHAT_LIMITS.ticketSeconds };
  }

  async function stateOf(memberId: number): Promise<ChatState> {
    const c = await repo.latestConversation(db, memberId);
    if (!c) return { conversation: null, unread: 0, last_id: 0 };
    return {
      conversation: { id: Number(c.id), state: c.state, operator_unread: Number(c.admin_unread) },
      unread: Number(c.member_unread),
      last_id: Number(c.member_read_id),
    };
  }

  /** take, hand over and close change who holds a conversation: one event to each side */
  async function publishAssign(conv: { id: number; member_id: number }, adminId: number | null, prevAdminId: number | null, state: ChatConversationRow['state']) {
    await publish({
      member_id: Number(conv.member_id),
      admin_id: adminId,
      prev_admin_id: prevAdminId,
      operators: true,
      event: { type: 'assign', conversation_id: Number(conv.id), admin_id: adminId, state },
    });
  }

  const member = {
    state: stateOf,

    async history(memberId: number, q: { before_id?: number; after_id?: number; limit: number }): Promise<ChatHistory> {
      const page = await repo.messagesPage(db, { column: 'chat_messages.member_id', value: memberId }, { before: q.before_id, after: q.after_id, limit: q.limit });
      return { messages: page.rows.map((m) => wireMessage(m, false)), has_more: page.hasMore };
    },

    send: (memberId: number, text: string) => memberPost(memberId, { text, picture: null }),

    async picture(memberId: number, bytes: Buffer) {
      return memberPost(memberId, { text: null, picture: await storeChecked(bytes) });
    },

    async typing(memberId: number, typing: boolean) {
      const c = await repo.activeConversation(db, memberId);
      if (!c) return;
      await publish({ member_id: memberId, admin_id: c.admin_id === null ? null : Number(c.admin_id), event: { type: 'typing', conversation_id: Number(c.id), side: 'member', typing } });
    },

    async read(memberId: number, lastId: number): Promise<ChatState> {
      const c = await repo.latestConversation(db, memberId);
      if (!c) return stateOf(memberId);
      const upTo = Math.max(Number(c.member_read_id), lastId);
      const unread = await repo.unreadAfter(db, Number(c.id), upTo, false);
      await db.updateTable('chat_conversations').set({ member_read_id: upTo, member_unread: unread }).where('id', '=', c.id).execute();
      await publish({ member_id: memberId, admin_id: c.admin_id === null ? null : Number(c.admin_id), event: { type: 'read', conversation_id: Number(c.id), side: 'member', last_id: upTo } });
      return stateOf(memberId);
    },

    /** the stream it opens belongs to the asking session: it ends with it (sign-out, freeze, password change) */
    ticket: (memberId: number, tokenHash: string) => issueTicket('member', memberId, tokenHash),

    /** the badge outside /kefu: one read through (member_id, id) */
    async unread(memberId: number): Promise<ChatUnread> {
      const c = await repo.latestConversation(db, memberId);
      return { unread: c ? Number(c.member_unread) : 0 };
    },
  };

  const operator = {
    async queue(page: number, perPage: number) {
      const { rows, total } = await repo.queuePage(db, page, perPage);
      const now = Date.now();
      return paged(rows.map((r) => wireConversation(r, now)), total, page, perPage);
    },

    /** exactly one operator wins: the update only matches while the conversation is queued */
    async take(admin: SessionAdmin, conversationId: number, meta: Meta, force = false): Promise<ChatConversationRow> {
      const conv = await mustConversation(conversationId);
      if (force && conv.state === 'open' && Number(conv.admin_id) !== admin.adminId) return operator.takeOver(admin, conv, meta);
      if (force && conv.state === 'open') return wireConversation((await repo.conversationRow(db, conversationId))!);
      const now = Date.now();
      const won = await db.transaction().execute(async (trx) => {
        const upd = await trx
          .updateTable('chat_conversations')
          .set({ state: 'open', admin_id: admin.adminId })
          .where('id', '=', conversationId)
          .where('state', '=', 'queued')
          .executeTakeFirst();
        if (Number(upd.numUpdatedRows) !== 1) return null;
        const msg = await operatorPostIn(trx, { id: conversationId, member_id: Number(conv.member_id) }, null, { text: CHAT_MSG.systemTaken, picture: null }, now, 'system');
        await audit(trx, {
          adminId: admin.adminId,
          action: 'chat.take',
          target: `chat:${conversationId}`,
          detail: { before: { state: conv.state, admin_id: conv.admin_id }, after: { state: 'open', admin_id: admin.adminId } },
          ip: meta.ip,
        });
        return msg;
      });
      if (won === null) {
        const now2 = await mustConversation(conversationId);
        if (now2.state === 'closed') refuse(CHAT_MSG.closed);
        refuse(now2.state === 'open' ? CHAT_MSG.alreadyTaken : CHAT_MSG.notQueued);
      }
      await publishAssign({ id: conversationId, member_id: Number(conv.member_id) }, admin.adminId, null, 'open');
      await publishMessage(await repo.messageById(db, won), { member_id: Number(conv.member_id), admin_id: admin.adminId, state: 'open' });
      return wireConversation((await repo.conversationRow(db, conversationId))!);
    },

    /** the override: a supervisor takes an open conversation from the operator holding it */
    async takeOver(admin: SessionAdmin, conv: NonNullable<Awaited<ReturnType<typeof repo.conversationById>>>, meta: Meta): Promise<ChatConversationRow> {
      mustSupervise(admin);
      const conversationId = Number(conv.id);
      const prev = Number(conv.admin_id);
      const prevName = await holderName(prev);
      const now = Date.now();
      const msgId = await db.transaction().execute(async (trx) => {
        const upd = await trx
          .updateTable('chat_conversations')
          .set({ admin_id: admin.adminId, admin_read_id: 0 })
          .where('id', '=', conversationId)
          .where('state', '=', 'open')
          .where('admin_id', '=', prev)
          .executeTakeFirst();
        if (Number(upd.numUpdatedRows) !== 1) refuse(CHAT_MSG.changed);
        const id = await operatorPostIn(trx, { id: conversationId, member_id: Number(conv.member_id) }, null, { text: CHAT_MSG.systemHandover, picture: null }, now, 'system');
        await audit(trx, {
          adminId: admin.adminId,
          action: 'chat.take',
          target: `chat:${conversationId}`,
          detail: { before: { state: 'open', admin_id: prev, admin: prevName }, after: { state: 'open', admin_id: admin.adminId, admin: admin.username }, override: true },
          ip: meta.ip,
        });
        return id;
      });
      await publishAssign({ id: conversationId, member_id: Number(conv.member_id) }, admin.adminId, prev, 'open');
      await publishMessage(await repo.messageById(db, msgId), { member_id: Number(conv.member_id), admin_id: admin.adminId, state: 'open' });
      return wireConversation((await repo.conversationRow(db, conversationId))!);
    },

    /** every open conversation, longest served first (supervisors only) */
    async all(admin: SessionAdmin, page: number, perPage: number, adminId?: number) {
      mustSupervise(admin);
      const { rows, total } = await repo.openPage(db, page, perPage, adminId);
      return paged(rows.map((r) => wireConversation(r)), total, page, perPage);
    },

    async mine(adminId: number) {
      return (await repo.openOf(db, adminId)).map((r) => wireConversation(r));
    },

    async conversation(conversationId: number) {
      const row = await repo.conversationRow(db, conversationId);
      if (!row) refuse(CHAT_MSG.notFound, CODE.notFound);
      return wireConversation(row);
    },

    async history(conversationId: number, q: { before_id?: number; after_id?: number; limit: number }): Promise<ChatHistory> {
      await mustConversation(conversationId);
      const page = await repo.messagesPage(db, { column: 'chat_messages.conversation_id', value: conversationId }, { before: q.before_id, after: q.after_id, limit: q.limit });
      return { messages: page.rows.map((m) => wireMessage(m, true)), has_more: page.hasMore };
    },

    send: (admin: SessionAdmin, conversationId: number, text: string) => operatorPost(admin, conversationId, { text, picture: null }),

    async picture(admin: SessionAdmin, conversationId: number, bytes: Buffer) {
      await heldBy(admin, conversationId);
      return operatorPost(admin, conversationId, { text: null, picture: await storeChecked(bytes) });
    },

    async typing(admin: SessionAdmin, conversationId: number, typing: boolean) {
      const c = await heldBy(admin, conversationId);
      await publish({ member_id: Number(c.member_id), admin_id: admin.adminId, event: { type: 'typing', conversation_id: conversationId, side: 'operator', typing } });
    },

    async read(admin: SessionAdmin, conversationId: number, lastId: number) {
      const c = await heldBy(admin, conversationId);
      const upTo = Math.max(Number(c.admin_read_id), lastId);
      const unread = await repo.unreadAfter(db, conversationId, upTo, true);
      await db.updateTable('chat_conversations').set({ admin_read_id: upTo, admin_unread: unread }).where('id', '=', conversationId).execute();
      await publish({ member_id: Number(c.member_id), admin_id: admin.adminId, event: { type: 'read', conversation_id: conversationId, side: 'operator', last_id: upTo } });
      return wireConversation((await repo.conversationRow(db, conversationId))!);
    },

    async handover(admin: SessionAdmin, conversationId: number, toAdminId: number, meta: Meta, force = false) {
      const found = await mustConversation(conversationId);
      // the override: a supervisor hands over a conversation another operator holds (even to themself)
      const override = force && found.state === 'open' && Number(found.admin_id) !== admin.adminId;
      if (override) mustSupervise(admin);
      if (force && found.state === 'queued') refuse(CHAT_MSG.notOpen);
      if (!override && toAdminId === admin.adminId) refuse(CHAT_MSG.handoverSelf);
      const conv = override ? found : await heldBy(admin, conversationId);
      const holder = Number(conv.admin_id);
      if (override && toAdminId === holder) refuse(CHAT_MSG.alreadyHolder);
      const target = await repo.operatorWithRole(db, toAdminId);
      if (!target || Number(target.status) !== 1 || !grants(permissionsOf(target.permissions), 'support.chat')) refuse(CHAT_MSG.handoverTarget);
      const holderLabel = override ? await holderName(holder) : admin.username;
      const now = Date.now();
      const msgId = await db.transaction().execute(async (trx) => {
        const upd = await trx
          .updateTable('chat_conversations')
          .set({ admin_id: toAdminId, admin_read_id: 0 })
          .where('id', '=', conversationId)
          .where('state', '=', 'open')
          .where('admin_id', '=', holder)
          .executeTakeFirst();
        if (Number(upd.numUpdatedRows) !== 1) refuse(override ? CHAT_MSG.changed : CHAT_MSG.notYours, override ? CODE.invalid : CODE.forbidden);
        const id = await operatorPostIn(trx, { id: conversationId, member_id: Number(conv.member_id) }, null, { text: CHAT_MSG.systemHandover, picture: null }, now, 'system');
        await audit(trx, {
          adminId: admin.adminId,
          action: 'chat.handover',
          target: `chat:${conversationId}`,
          detail: { before: { admin_id: holder, admin: holderLabel }, after: { admin_id: toAdminId, admin: target.username }, ...(override ? { override: true } : {}) },
          ip: meta.ip,
        });
        return id;
      });
      await publishAssign({ id: conversationId, member_id: Number(conv.member_id) }, toAdminId, holder, 'open');
      await publishMessage(await repo.messageById(db, msgId), { member_id: Number(conv.member_id), admin_id: toAdminId, state: 'open' });
      return wireConversation((await repo.conversationRow(db, conversationId))!);
    },

    /** the holder closes an open conversation; any operator may close one still queued (spam) */
    async close(admin: SessionAdmin, conversationId: number, meta: Meta, force = false) {
      const conv = await mustConversation(conversationId);
      if (conv.state === 'closed') refuse(CHAT_MSG.closed);
      const override = conv.state === 'open' && Number(conv.admin_id) !== admin.adminId;
      if (override && !force) refuse(CHAT_MSG.notYours, CODE.forbidden);
      if (override) mustSupervise(admin);
      const prevName = override ? await holderName(Number(conv.admin_id)) : null;
      const now = Date.now();
      const msgId = await db.transaction().execute(async (trx) => {
        let q = trx.updateTable('chat_conversations').set({ state: 'closed', closed_at: now }).where('id', '=', conversationId).where('state', '=', conv.state);
        q = conv.admin_id === null ? q.where('admin_id', 'is', null) : q.where('admin_id', '=', Number(conv.admin_id));
        const upd = await q.executeTakeFirst();
        if (Number(upd.numUpdatedRows) !== 1) refuse(override ? CHAT_MSG.changed : CHAT_MSG.notYours, override ? CODE.invalid : CODE.forbidden);
        const id = await operatorPostIn(trx, { id: conversationId, member_id: Number(conv.member_id) }, null, { text: CHAT_MSG.systemClosed, picture: null }, now, 'system');
        await audit(trx, {
          adminId: admin.adminId,
          action: 'chat.close',
          target: `chat:${conversationId}`,
          detail: override
            ? { before: { state: conv.state, admin_id: Number(conv.admin_id), admin: prevName }, after: { state: 'closed', admin_id: Number(conv.admin_id) }, override: true }
            : { before: { state: conv.state, admin_id: conv.admin_id }, after: { state: 'closed', admin_id: conv.admin_id } },
          ip: meta.ip,
        });
        return id;
      });
      const prev = conv.admin_id === null ? null : Number(conv.admin_id);
      await publishMessage(await repo.messageById(db, msgId), { member_id: Number(conv.member_id), admin_id: prev, state: 'closed' });
      await publishAssign({ id: conversationId, member_id: Number(conv.member_id) }, prev, prev, 'closed');
      return wireConversation((await repo.conversationRow(db, conversationId))!);
    },

    async operators(): Promise<ChatOperator[]> {
      const [ops, counts] = await Promise.all([repo.activeOperators(db), repo.openCounts(db)]);
      const open = new Map(counts.map((c) => [Number(c.admin_id), Number(c.n)]));
      return ops
        .filter((o) => grants(permissionsOf(o.permissions), 'support.chat'))
        .map((o) => ({ id: Number(o.id), username: o.username, role: o.role, open: open.get(Number(o.id)) ?? 0 }));
    },

    async search(q: { username?: string; text?: string; from?: string; to?: string; page: number; per_page: number }) {
      const from = q.from ? beijingInstant(q.from) : undefined;
      const to = q.to ? beijingInstant(q.to, true) : undefined;
      if (from !== undefined && to !== undefined && from >= to) refuse('开始时间不能晚于结束时间');
      let memberId: number | undefined;
      if (q.username) {
        const m = await repo.memberByUsername(db, q.username.toLowerCase());
        if (!m) return paged([] as ChatSearchRow[], 0, q.page, q.per_page);
        memberId = Number(m.id);
      }
      let term: string | undefined;
      if (q.text) {
        const terms = termsOf(q.text);
        if (terms.length === 0) refuse(CHAT_MSG.searchText);
        term = terms[0];
      }
      const { rows, total } = await repo.searchMessages(db, { memberId, term, text: q.text, from, to }, q.page, q.per_page);
      const data: ChatSearchRow[] = rows.map((r) => ({ ...wireMessage(r as repo.MessageRow, true), username: r.username, state: r.state }));
      return paged(data, total, q.page, q.per_page);
    },

    /** the stream it opens belongs to the asking session: it ends with it */
    ticket: (adminId: number, tokenHash: string) => issueTicket('admin', adminId, tokenHash),
  };

  /** the subject of a stream ticket (used once) and the session it belongs to, still there; or null */
  async function redeem(ticket: string, kind: 'member' | 'admin'): Promise<{ subject: number; tokenHash: string } | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(ticket)) return null;
    const taken = await repo.takeTicket(db, hashToken(ticket), kind, Date.now());
    if (taken === null || !taken.tokenHash) return null;
    // the asking session still there (an operator's also active and holding support.chat)
    const allowed = kind === 'admin' ? operatorSessionsAllowed : memberSessionsAllowed;
    return (await allowed([taken.tokenHash])).has(taken.tokenHash) ? { subject: taken.subject, tokenHash: taken.tokenHash } : null;
  }

  /** of these operator sessions, those whose streams may still receive (operatorSessionsAllowed) */
  const operatorSessionsAllowed = (tokenHashes: string[]) => repo.operatorSessionsAllowed(db, tokenHashes);
  /** of these member sessions, those still there (a sign-out, freeze or password change removes them) */
  const memberSessionsAllowed = (tokenHashes: string[]) => deps.sessionsAlive(tokenHashes);

  return { member, operator, redeem, operatorSessionsAllowed, memberSessionsAllowed, wireMessage };
}

export type ChatService = ReturnType<typeof createChatService>;

/** whether a bus event concerns a member's stream */
export const forMember = (e: BusEvent, memberId: number) => e.member_id === memberId && e.event.type !== 'queue' && !(e.event.type === 'typing' && e.event.side === 'member') && !(e.event.type === 'read' && e.event.side === 'member');

/** whether a bus event concerns an operator's stream */
export function forOperator(e: BusEvent, adminId: number): boolean {
  const t = e.event.type;
  if (t === 'queue') return true;
  if (t === 'assign') return e.operators === true || e.admin_id === adminId || e.prev_admin_id === adminId;
  if (t === 'typing' && e.event.side === 'operator') return false;
  if (t === 'read' && e.event.side === 'operator') return false;
  return e.admin_id === adminId;
}

/** the event as a member receives it (operators' names left out) */
export function memberView(e: ChatEvent): ChatEvent {
  if (e.type === 'message') return { ...e, message: { ...e.message, operator_name: '' } };
  if (e.type === 'assign') return { ...e, admin_id: null };
  return e;
}
