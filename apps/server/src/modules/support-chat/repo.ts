import { grants } from '@casino/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/index.ts';
import { permissionsOf } from '../../lib/permissions.ts';
import type { ChatMessagesTable } from '../../db/schema.ts';

/** SQL of the live customer service; every list walks an index (see migration 019). */

export type Db = Kysely<DB>;

export const conversationById = (db: Db, id: number) => db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();

/** the member's active (queued or open) conversation */
export const activeConversation = (db: Db, memberId: number) =>
  db.selectFrom('chat_conversations').selectAll().where('member_id', '=', memberId).where('state', '<>', 'closed').executeTakeFirst();

/** the member's latest conversation, whatever its state */
export const latestConversation = (db: Db, memberId: number) =>
  db.selectFrom('chat_conversations').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();

export async function insertConversation(db: Db, memberId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('chat_conversations')
    .values({ member_id: memberId, admin_id: null, state: 'queued', last_message_at: null, queued_at: now, created_at: now, closed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertMessage(
  db: Db,
  row: { conversation_id: number; member_id: number; sender: 'member' | 'operator' | 'system'; admin_id: number | null; text: string | null; picture: string | null; created_at: number },
): Promise<number> {
  const r = await db.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertTerms(db: Db, messageId: number, terms: string[]) {
  if (terms.length === 0) return;
  await db
    .insertInto('chat_terms')
    .values(terms.map((term) => ({ term, message_id: messageId })))
    .execute();
}

const messageColumns = [
  'chat_messages.id',
  'chat_messages.conversation_id',
  'chat_messages.member_id',
  'chat_messages.sender',
  'chat_messages.admin_id',
  'chat_messages.text',
  'chat_messages.picture',
  'chat_messages.created_at',
  'admins.username as admin_name',
] as const;

export type MessageRow = Selectable<ChatMessagesTable> & { admin_name: string | null };

export const messageById = (db: Db, id: number) =>
  db.selectFrom('chat_messages').leftJoin('admins', 'admins.id', 'chat_messages.admin_id').select(messageColumns).where('chat_messages.id', '=', id).executeTakeFirstOrThrow() as Promise<MessageRow>;

/**
 * A page of messages by (scope column, id): after `after` (oldest first), before `before`, or the
 * latest; one more than `limit` is read to know whether older ones exist.
 */
export async function messagesPage(
  db: Db,
  scope: { column: 'chat_messages.member_id' | 'chat_messages.conversation_id'; value: number },
  opts: { before?: number; after?: number; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let q = db.selectFrom('chat_messages').leftJoin('admins', 'admins.id', 'chat_messages.admin_id').select(messageColumns).where(scope.column, '=', scope.value);
  if (opts.after !== undefined) {
    const rows = (await q.where('chat_messages.id', '>', opts.after).orderBy('chat_messages.id', 'asc').limit(opts.limit).execute()) as MessageRow[];
    return { rows, hasMore: false };
  }
  if (opts.before !== undefined) q = q.where('chat_messages.id', '<', opts.before);
  const rows = (await q.orderBy('chat_messages.id', 'desc').limit(opts.limit + 1).execute()) as MessageRow[];
  const hasMore = rows.length > opts.limit;
  return { rows: rows.slice(0, opts.limit).reverse(), hasMore };
}

/** messages of the other side after `lastId` in a conversation (what is still unread) */
export async function unreadAfter(db: Db, conversationId: number, lastId: number, fromMember: boolean): Promise<number> {
  let q = db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('id', '>', lastId);
  q = fromMember ? q.where('sender', '=', 'member') : q.where('sender', '<>', 'member');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const conversationColumns = [
  'chat_conversations.id',
  'chat_conversations.member_id',
  'chat_conversations.admin_id',
  'chat_conversations.state',
  'chat_conversations.member_unread',
  'chat_conversations.admin_unread',
  'chat_conversations.last_message',
  'chat_conversations.last_message_at',
  'chat_conversations.queued_at',
  'chat_conversations.created_at',
  'members.username',
  'admins.username as admin_name',
] as const;

const conversations = (db: Db) =>
  db
    .selectFrom('chat_conversations')
    .innerJoin('members', 'members.id', 'chat_conversations.member_id')
    .leftJoin('admins', 'admins.id', 'chat_conversations.admin_id')
    .select(conversationColumns);

export type ConversationRow = Awaited<ReturnType<ReturnType<typeof conversations>['executeTakeFirstOrThrow']>>;

export const conversationRow = (db: Db, id: number) => conversations(db).where('chat_conversations.id', '=', id).executeTakeFirst();

/** the queue, oldest waiting first (index state, queued_at, id) */
export async function queuePage(db: Db, page: number, perPage: number) {
  const rows = await conversations(db)
    .where('chat_conversations.state', '=', 'queued')
    .orderBy('chat_conversations.queued_at', 'asc')
    .orderBy('chat_conversations.id', 'asc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await db
    .selectFrom('chat_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** an operator's open conversations, latest activity first (index admin_id, state, last_message_at) */
export const openOf = (db: Db, adminId: number) =>
  conversations(db)
    .where('chat_conversations.admin_id', '=', adminId)
    .where('chat_conversations.state', '=', 'open')
    .orderBy('chat_conversations.last_message_at', 'desc')
    .limit(200)
    .execute();

/**
 * Every open conversation, longest served first (index state, queued_at, id); one operator's
 * through (admin_id, state, last_message_at). For supervisors.
 */
export async function openPage(db: Db, page: number, perPage: number, adminId?: number) {
  let q = conversations(db).where('chat_conversations.state', '=', 'open');
  let n = db.selectFrom('chat_conversations').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'open');
  if (adminId !== undefined) {
    q = q.where('chat_conversations.admin_id', '=', adminId);
    n = n.where('admin_id', '=', adminId);
  }
  const rows = await q.orderBy('chat_conversations.queued_at', 'asc').orderBy('chat_conversations.id', 'asc').limit(perPage).offset((page - 1) * perPage).execute();
  const total = await n.executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export const memberByUsername = (db: Db, username: string) => db.selectFrom('members').select(['id', 'username']).where('username', '=', username).executeTakeFirst();

/** an operator with their role's permissions (JSON) */
export const operatorWithRole = (db: Db, id: number) =>
  db
    .selectFrom('admins')
    .leftJoin('admin_roles', 'admin_roles.code', 'admins.role')
    .select(['admins.id', 'admins.username', 'admins.role', 'admins.status', 'admin_roles.permissions'])
    .where('admins.id', '=', id)
    .executeTakeFirst();

export const activeOperators = (db: Db) =>
  db
    .selectFrom('admins')
    .leftJoin('admin_roles', 'admin_roles.code', 'admins.role')
    .select(['admins.id', 'admins.username', 'admins.role', 'admin_roles.permissions'])
    .where('admins.status', '=', 1)
    .orderBy('admins.username')
    .limit(500)
    .execute();

export const openCounts = (db: Db) =>
  db
    .selectFrom('chat_conversations')
    .select(['admin_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', '=', 'open')
    .groupBy('admin_id')
    .execute();

/** LIKE pattern for a literal piece of text */
export const likeLiteral = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The history search, newest first: with text, the postings of its first character pair
 * (chat_terms primary key) joined to the messages and checked with LIKE; by member through
 * (member_id, id); by date through (created_at, id).
 */
export async function searchMessages(
  db: Db,
  f: { memberId?: number; term?: string; text?: string; from?: number; to?: number },
  page: number,
  perPage: number,
) {
  const base = () => {
    let q = db
      .selectFrom('chat_messages')
      .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
      .innerJoin('members', 'members.id', 'chat_messages.member_id')
      .leftJoin('admins', 'admins.id', 'chat_messages.admin_id');
    if (f.term !== undefined) {
      q = q.innerJoin('chat_terms', 'chat_terms.message_id', 'chat_messages.id').where('chat_terms.term', '=', f.term);
      q = q.where(sql<boolean>`lower(chat_messages.text) LIKE ${likeLiteral(f.text ?? '')} ESCAPE '\\'`);
    }
    if (f.memberId !== undefined) q = q.where('chat_messages.member_id', '=', f.memberId);
    if (f.from !== undefined) q = q.where('chat_messages.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('chat_messages.created_at', '<', f.to);
    return q;
  };
  const rows = await base()
    .select([...messageColumns, 'members.username', 'chat_conversations.state'])
    .orderBy('chat_messages.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function insertTicket(db: Db, row: { hash: string; kind: 'member' | 'admin'; subject_id: number; expires_at: number; token_hash: string | null }) {
  await db.deleteFrom('chat_tickets').where('expires_at', '<', Date.now()).execute();
  await db.insertInto('chat_tickets').values(row).execute();
}

/** a ticket is used once: deleted as it is read */
export async function takeTicket(db: Db, hash: string, kind: 'member' | 'admin', now: number): Promise<{ subject: number; tokenHash: string | null } | null> {
  const row = await db
    .deleteFrom('chat_tickets')
    .where('hash', '=', hash)
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .returning(['subject_id', 'token_hash'])
    .executeTakeFirst();
  return row ? { subject: Number(row.subject_id), tokenHash: row.token_hash } : null;
}

/**
 * Of these operator sessions, those whose session row still exists and whose operator is active
 * with a role that holds support.chat (one statement for every open operator stream).
 */
export async function operatorSessionsAllowed(db: Db, tokenHashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < tokenHashes.length; i += 500) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('admins', 'admins.id', 'sessions.subject_id')
      .leftJoin('admin_roles', 'admin_roles.code', 'admins.role')
      .select(['sessions.token_hash', 'admin_roles.permissions'])
      .where('sessions.subject_kind', '=', 'admin')
      .where('sessions.token_hash', 'in', tokenHashes.slice(i, i + 500))
      .where('admins.status', '=', 1)
      .execute();
    for (const r of rows) if (grants(permissionsOf(r.permissions), 'support.chat')) out.add(r.token_hash);
  }
  return out;
}
