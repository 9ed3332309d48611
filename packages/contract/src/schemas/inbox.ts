import { z } from 'zod';
import { MSG } from '../messages.ts';
import { intParam } from './params.ts';

/**
 * The member's own inbox (站内信), tab 2 of /message. Tab 1 (announcements) is
 * POST /api/noticeList of schemas/content.ts.
 *
 * - POST /api/messagelist {page}  -> Paged<InboxMessage>, newest first
 * - POST /api/readmessage {id}    -> { id, is_read: 1, count }  (count: unread left)
 * - POST /api/messagenum {}       -> { count }  unread messages
 */

export const INBOX_MSG = {
  notFound: '消息不存在或已删除',
  idRequired: '请选择要查看的消息',
  titleInvalid: '消息标题须为1到100个字符',
  contentInvalid: '消息内容须为1到5000个字符',
} as const;

export const INBOX_PER_PAGE = 10;
export const INBOX_LIMITS = { titleMax: 100, contentMax: 5000 } as const;

const wholeNumber = (message: string, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(max, message));

/** POST /api/messagelist {page} (page 1 when missing, null or '') */
export const messageListSchema = z.object(
  {
    page: intParam(1, 100_000, 1),
  },
  { error: MSG.badRequest },
);

/** POST /api/readmessage {id} */
export const readMessageSchema = z.object({ id: wholeNumber(INBOX_MSG.idRequired, Number.MAX_SAFE_INTEGER) }, { error: MSG.badRequest });

/** One message of POST /api/messagelist; content is plain text (line breaks kept). */
export interface InboxMessage {
  id: number;
  title: string;
  content: string;
  created_at: string;
  /** 0 unread, 1 read */
  is_read: 0 | 1;
}

export interface UnreadCount {
  count: number;
}

export interface ReadMessageReply extends UnreadCount {
  id: number;
  is_read: 1;
}
