import { z } from 'zod';
import { plainLine, plainText } from '../text-rules.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminIntFilter, adminPage, adminPerPage } from './admin-shared.ts';

/**
 * Back-office inbox broadcasts and support tickets (issue 13).
 *
 *   /admin/api/inbox/send {target, username?, vip?, title, content}   content.manage
 *   /admin/api/inbox/broadcasts {state?, page, per_page}               content.manage
 *   /admin/api/tickets/list {state?, contact?, page, per_page}         support.chat
 *   /admin/api/tickets/get {id}                                        support.chat
 *   /admin/api/tickets/reply {id, content, username?}                  support.chat
 *   /admin/api/tickets/close {id}                                      support.chat
 *
 * A send makes one broadcast row; a job delivers it in batches (each member once).
 */
export const INBOX_ADMIN_MSG = {
  target: '请选择发送对象',
  username: '请输入会员账号',
  memberNotFound: '会员不存在',
  vip: '请选择VIP等级',
  vipNotFound: 'VIP等级不存在',
  title: '消息标题须为1到100个字',
  content: '消息内容须为1到5000个字',
  nobody: '没有符合条件的会员',
  queued: '消息已提交，正在分批发送',
  sentOne: '消息已发送',
  ticketNotFound: '留言不存在',
  ticketReply: '请输入回复内容（1到2000字）',
  ticketClosed: '该留言已关闭，不能再回复',
  ticketAlreadyClosed: '该留言已关闭',
  replied: '回复已保存',
  repliedToInbox: '回复已发送到会员站内信',
  closed: '留言已关闭',
} as const;

export const BROADCAST_TARGETS = { member: '指定会员', vip: 'VIP等级', all: '全部会员' } as const;
export type BroadcastTarget = keyof typeof BROADCAST_TARGETS;
export const BROADCAST_STATES = { sending: '发送中', done: '已完成' } as const;
export type BroadcastState = keyof typeof BROADCAST_STATES;
/** members written per batch by the delivery job */
export const BROADCAST_BATCH = 500;

const id = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,12}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));

export const adminInboxSendSchema = z
  .object(
    {
      target: z.enum(['member', 'vip', 'all'], { error: INBOX_ADMIN_MSG.target }),
      username: z
        .union([z.string({ error: INBOX_ADMIN_MSG.username }).trim().max(32, INBOX_ADMIN_MSG.username), z.null()], { error: INBOX_ADMIN_MSG.username })
        .optional()
        .transform((v) => (v ? v.toLowerCase() : undefined)),
      vip: adminIntFilter(0, 99, INBOX_ADMIN_MSG.vip),
      title: z.string({ error: INBOX_ADMIN_MSG.title }).trim().min(1, INBOX_ADMIN_MSG.title).max(100, INBOX_ADMIN_MSG.title).refine(...plainLine('消息标题')),
      content: z.string({ error: INBOX_ADMIN_MSG.content }).trim().min(1, INBOX_ADMIN_MSG.content).max(5000, INBOX_ADMIN_MSG.content).refine(...plainText('消息内容')),
    },
    { error: INBOX_ADMIN_MSG.target },
  )
  .superRefine((v, ctx) => {
    if (v.target === 'member' && !v.username) ctx.addIssue({ code: 'custom', path: ['username'], message: INBOX_ADMIN_MSG.username });
    if (v.target === 'vip' && v.vip === undefined) ctx.addIssue({ code: 'custom', path: ['vip'], message: INBOX_ADMIN_MSG.vip });
  });
export type AdminInboxSendInput = z.output<typeof adminInboxSendSchema>;

export const adminBroadcastListSchema = z.object(
  { state: z.union([z.enum(['sending', 'done']), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v || undefined), page: adminPage, per_page: adminPerPage },
  { error: ADMIN_COMMON_MSG.badRequest },
);

export interface AdminBroadcastRow {
  id: number;
  target: BroadcastTarget;
  /** the member's username, 'VIP3', or '全部会员' */
  target_label: string;
  title: string;
  content: string;
  state: BroadcastState;
  /** members delivered so far */
  sent: number;
  /** members it goes to (counted when sent; the final count once done) */
  total: number;
  operator: string;
  created_at: string;
  finished_at: string | null;
}

// ---- support tickets -----------------------------------------------------------------------

/** 0 new, 1 answered, 2 closed */
export const TICKET_STATES = { 0: '待处理', 1: '已回复', 2: '已关闭' } as const;

export const adminTicketListSchema = z.object(
  { state: adminIntFilter(0, 2, ADMIN_COMMON_MSG.badRequest), contact: adminFilter(100), page: adminPage, per_page: adminPerPage },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminTicketListQuery = z.output<typeof adminTicketListSchema>;
export const adminTicketIdSchema = z.object({ id: id(INBOX_ADMIN_MSG.ticketNotFound) }, { error: INBOX_ADMIN_MSG.ticketNotFound });
export const adminTicketReplySchema = z.object(
  {
    id: id(INBOX_ADMIN_MSG.ticketNotFound),
    content: z.string({ error: INBOX_ADMIN_MSG.ticketReply }).trim().min(1, INBOX_ADMIN_MSG.ticketReply).max(2000, INBOX_ADMIN_MSG.ticketReply).refine(...plainText('回复内容')),
    /** the member to tell in the inbox; absent: the member whose username the ticket's contact names, if any */
    username: z
      .union([z.string({ error: INBOX_ADMIN_MSG.username }).trim().max(32, INBOX_ADMIN_MSG.username), z.null()], { error: INBOX_ADMIN_MSG.username })
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined)),
  },
  { error: INBOX_ADMIN_MSG.ticketNotFound },
);

export interface AdminTicketRow {
  id: number;
  name: string;
  contact: string;
  /** the first 100 characters */
  excerpt: string;
  state: 0 | 1 | 2;
  /** a member whose username equals the contact (or the member a reply went to) */
  member: string | null;
  replies: number;
  created_at: string;
}

export interface AdminTicketReplyRow {
  id: number;
  content: string;
  operator: string;
  /** the member whose inbox got it; null: not delivered (a guest: reach them by the contact) */
  member: string | null;
  created_at: string;
}

export interface AdminTicketDetail extends Omit<AdminTicketRow, 'excerpt'> {
  content: string;
  ip: string;
  user_agent: string;
  /** how the member was found: 'reply' (a reply went to them) or 'contact' (the contact is their username) */
  member_source: 'reply' | 'contact' | null;
  replies_list: AdminTicketReplyRow[];
}
