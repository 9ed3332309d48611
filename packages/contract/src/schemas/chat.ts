import { z } from 'zod';
import { MSG } from '../messages.ts';
import { plainText } from '../text-rules.ts';
import { adminDate, adminFilter, adminPage, adminPerPage, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * Live customer service (在线客服, issue 13): members chat with operators in real time.
 *
 * Member calls (member token, envelope):
 * - POST /api/chat/open {}                          -> ChatState (the member's conversation, if any, and unread count)
 * - POST /api/chat/history {before_id?, after_id?, limit?} -> ChatHistory: the member's own messages, oldest first;
 *   before_id pages back, after_id catches up after a dropped stream
 * - POST /api/chat/send {text}                      -> ChatMessage (a conversation is queued if none is active)
 * - POST /api/chat/picture multipart `file`         -> ChatMessage (PNG/JPEG/WebP/GIF judged by content)
 * - POST /api/chat/typing {typing}                  -> null
 * - POST /api/chat/read {last_id}                   -> ChatState
 * - POST /api/chat/ticket {}                        -> ChatTicket: single-use, short-lived, for
 *   GET /api/chat/stream?ticket=...                 (Server-Sent Events, see ChatEvent)
 *
 * Operator calls (support.chat):
 * - POST /admin/api/chat/queue {page, per_page?}    -> Paged<ChatConversationRow> waiting, oldest first
 * - POST /admin/api/chat/take {conversation_id}     -> ChatConversationRow (one operator wins a concurrent take)
 * - POST /admin/api/chat/mine {}                    -> ChatConversationRow[] the operator's open conversations
 * - POST /admin/api/chat/history {conversation_id, before_id?, after_id?, limit?} -> ChatHistory
 * - POST /admin/api/chat/send {conversation_id, text} -> ChatMessage
 * - POST /admin/api/chat/picture multipart `conversation_id`, `file` -> ChatMessage
 * - POST /admin/api/chat/typing {conversation_id, typing} -> null
 * - POST /admin/api/chat/read {conversation_id, last_id} -> ChatConversationRow
 * - POST /admin/api/chat/handover {conversation_id, to_admin_id} -> ChatConversationRow (audited)
 * - POST /admin/api/chat/close {conversation_id}    -> ChatConversationRow (audited)
 * - POST /admin/api/chat/operators {}               -> ChatOperator[] holding support.chat
 * - POST /admin/api/chat/search {username?, text?, from?, to?, page, per_page?} -> Paged<ChatSearchRow>
 * - POST /admin/api/chat/ticket {}                  -> ChatTicket for GET /admin/api/chat/stream?ticket=...
 *
 * Supervisor override (the call stays support.chat; the service also requires operators.manage):
 * - take / handover / close with `force: true` act on an open conversation another operator holds
 *   (audited with `override: true` and the previous holder)
 * - POST /admin/api/chat/all {page, per_page?, admin_id?} -> Paged<ChatConversationRow> every open
 *   conversation, longest served first
 *
 * Member badge: POST /api/chat/unread {} -> ChatUnread (light; polled by the tab bar and /mine)
 */

export const CHAT_MSG = {
  textRequired: '请输入消息内容',
  textTooLong: '消息内容不能超过1000个字符',
  pictureMissing: '请选择要发送的图片',
  pictureTooLarge: '图片不能超过5MB',
  pictureType: '仅支持 PNG、JPEG、WebP 或 GIF 图片',
  conversationId: '请选择会话',
  messageId: '消息编号格式错误',
  limit: '条数必须在1到100之间',
  typing: '输入状态格式错误',
  operator: '请选择要转接的客服',
  searchText: '搜索内容须为2到50个字符',
  notFound: '会话不存在',
  alreadyTaken: '该会话已被其他客服接入',
  notQueued: '该会话不在排队中',
  notYours: '该会话不是由您接待',
  closed: '会话已结束',
  handoverSelf: '不能转接给自己',
  handoverTarget: '该客服不存在、已停用或没有在线客服权限',
  force: '强制操作参数格式错误',
  forceDenied: '只有拥有“管理操作员与角色”权限的主管才能强制处理其他客服的会话',
  notOpen: '该会话不在接待中',
  alreadyHolder: '该会话已由该客服接待',
  changed: '会话状态已变化，请刷新后重试',
  ticket: '连接凭证无效或已过期，请重新连接',
  sent: '发送成功',
  taken: '已接入会话',
  handedOver: '已转接',
  closedOk: '会话已结束',
  takenOver: '已强制接管会话',
  systemTaken: '客服已接入，请问有什么可以帮您？',
  systemHandover: '您的会话已转接给其他客服',
  systemClosed: '本次会话已结束，如有问题可随时再次咨询',
} as const;

export const CHAT_LIMITS = {
  textMax: 1000,
  pictureMaxBytes: 5 * 1024 * 1024,
  historyDefault: 30,
  historyMax: 100,
  searchMin: 2,
  searchMax: 50,
  /** seconds a stream ticket lives */
  ticketSeconds: 60,
} as const;

const id = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));

const optionalId = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{0,15}$/, message), z.null()], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)))
    .pipe(z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message).optional());

const limit = z
  .union([z.number(), z.string().trim().regex(/^\d{0,3}$/, CHAT_MSG.limit), z.null()], { error: CHAT_MSG.limit })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? CHAT_LIMITS.historyDefault : Number(v)))
  .pipe(z.number({ error: CHAT_MSG.limit }).int(CHAT_MSG.limit).min(1, CHAT_MSG.limit).max(CHAT_LIMITS.historyMax, CHAT_MSG.limit));

/** A chat message's text: trimmed, 1..1000 characters, line breaks kept, no control or format characters. */
export const chatText = z
  .string({ error: CHAT_MSG.textRequired })
  .trim()
  .min(1, CHAT_MSG.textRequired)
  .max(CHAT_LIMITS.textMax, CHAT_MSG.textTooLong)
  .refine(...plainText('消息内容'));

// 0 / 1 may come as digit strings like any number of a member call (DESIGN.md section 3)
const typing = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: CHAT_MSG.typing })
  .transform((v) => v === true || v === 1 || v === '1');

/** `force: true` asks for the supervisor override (absent = false) */
const force = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.null()], { error: CHAT_MSG.force })
  .optional()
  .transform((v) => v === true || v === 1);

const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: ADMIN_COMMON_MSG.badRequest });
const mobj = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: MSG.badRequest });

export const chatOpenSchema = mobj({});
export const chatHistorySchema = mobj({ before_id: optionalId(CHAT_MSG.messageId), after_id: optionalId(CHAT_MSG.messageId), limit });
export const chatSendSchema = mobj({ text: chatText });
export const chatTypingSchema = mobj({ typing });
export const chatReadSchema = mobj({ last_id: id(CHAT_MSG.messageId) });
export const chatTicketSchema = mobj({});
export const chatUnreadSchema = mobj({});

export const adminChatQueueSchema = obj({ page: adminPage, per_page: adminPerPage });
export const adminChatMineSchema = obj({});
export const adminChatTargetSchema = obj({ conversation_id: id(CHAT_MSG.conversationId) });
/** take and close: `force` for a supervisor acting on another operator's conversation */
export const adminChatForceSchema = obj({ conversation_id: id(CHAT_MSG.conversationId), force });
/** every open conversation (supervisors), optionally one operator's */
export const adminChatAllSchema = obj({ page: adminPage, per_page: adminPerPage, admin_id: optionalId(CHAT_MSG.operator) });
export const adminChatHistorySchema = obj({
  conversation_id: id(CHAT_MSG.conversationId),
  before_id: optionalId(CHAT_MSG.messageId),
  after_id: optionalId(CHAT_MSG.messageId),
  limit,
});
export const adminChatSendSchema = obj({ conversation_id: id(CHAT_MSG.conversationId), text: chatText });
export const adminChatTypingSchema = obj({ conversation_id: id(CHAT_MSG.conversationId), typing });
export const adminChatReadSchema = obj({ conversation_id: id(CHAT_MSG.conversationId), last_id: id(CHAT_MSG.messageId) });
export const adminChatHandoverSchema = obj({ conversation_id: id(CHAT_MSG.conversationId), to_admin_id: id(CHAT_MSG.operator), force });
export const adminChatSearchSchema = obj({
  username: adminFilter(32),
  text: z
    .union([z.string().trim(), z.null()], { error: CHAT_MSG.searchText })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(CHAT_LIMITS.searchMin, CHAT_MSG.searchText).max(CHAT_LIMITS.searchMax, CHAT_MSG.searchText).refine(...plainText('搜索内容')).optional()),
  from: adminDate,
  to: adminDate,
  page: adminPage,
  per_page: adminPerPage,
});

export type ChatSender = 'member' | 'operator' | 'system';
export type ChatConversationState = 'queued' | 'open' | 'closed';

/** One message; text is plain text (shown as text, never as HTML), picture a URL path or null. */
export interface ChatMessage {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  /** the operator's name, for operators only ('' on the member's side) */
  operator_name: string;
  text: string | null;
  picture: string | null;
  created_at: string;
}

export interface ChatHistory {
  messages: ChatMessage[];
  /** older messages exist before the first one */
  has_more: boolean;
}

export interface ChatState {
  conversation: { id: number; state: ChatConversationState; operator_unread: number } | null;
  /** messages from customer service the member has not read */
  unread: number;
  /** the member's last read message id */
  last_id: number;
}

/** the member's unread messages from customer service (the badge outside /kefu) */
export interface ChatUnread {
  unread: number;
}

export interface ChatConversationRow {
  id: number;
  username: string;
  member_id: number;
  state: ChatConversationState;
  admin_id: number | null;
  admin_name: string | null;
  /** messages from the member the operator has not read */
  unread: number;
  /** messages from the operator the member has not read */
  member_unread: number;
  last_message: string;
  last_message_at: string | null;
  created_at: string;
  /** seconds since the conversation was queued (queue only: how long the member has waited) */
  waiting_seconds: number;
}

export interface ChatOperator {
  id: number;
  username: string;
  role: string;
  /** open conversations the operator holds */
  open: number;
}

export interface ChatSearchRow extends ChatMessage {
  username: string;
  state: ChatConversationState;
}

export interface ChatTicket {
  ticket: string;
  expires_in: number;
}

/**
 * What a stream sends (event name = type): a new message, the other side typing, the other side
 * having read up to an id, a conversation's assignment or state changing, and the queue changing
 * (operators). `ready` comes first on every connection: clients fetch what came after their last id.
 */
export type ChatEvent =
  | { type: 'ready' }
  | { type: 'message'; conversation_id: number; message: ChatMessage }
  | { type: 'typing'; conversation_id: number; side: 'member' | 'operator'; typing: boolean }
  | { type: 'read'; conversation_id: number; side: 'member' | 'operator'; last_id: number }
  | { type: 'assign'; conversation_id: number; admin_id: number | null; state: ChatConversationState }
  | { type: 'queue'; conversation_id: number };
