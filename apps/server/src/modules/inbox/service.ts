import { CODE, INBOX_LIMITS, INBOX_MSG, INBOX_PER_PAGE, type InboxMessage, type Paged, type ReadMessageReply } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import * as repo from './repo.ts';

/** Control characters other than line breaks and tabs are dropped from what is sent. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export interface SendOptions {
  /** a key the member's inbox holds once: a second send with it does nothing */
  dedupeKey?: string;
  /** epoch ms (the seed dates its messages); now by default */
  at?: number;
}

/**
 * The member's inbox (站内信): newest first, paged; reading marks one message read (the
 * member's own only); the unread count. Operators send through sendToMember.
 */
export function createInboxService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(memberId: number, page: number): Promise<Paged<InboxMessage>> {
      const { rows, total } = await repo.page(db, memberId, INBOX_PER_PAGE, (page - 1) * INBOX_PER_PAGE);
      const data = rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        content: r.content,
        created_at: toWireTime(r.created_at),
        is_read: (r.is_read === 1 ? 1 : 0) as 0 | 1,
      }));
      return paged(data, total, page, INBOX_PER_PAGE);
    },

    unread: (memberId: number) => repo.count(db, memberId, true),

    /** Marks the member's own message read (again is fine); another member's answers not found. */
    async read(memberId: number, id: number): Promise<ReadMessageReply> {
      if (!(await repo.exists(db, memberId, id))) refuse(INBOX_MSG.notFound, CODE.notFound);
      await repo.markRead(db, memberId, id, Date.now());
      return { id, is_read: 1, count: await repo.count(db, memberId, true) };
    },

    /**
     * Puts a message into a member's inbox (back-office use). Plain text: title 1-100 and
     * content 1-5000 characters after trimming, control characters dropped. Answers the new
     * message's id, or null when dedupeKey was already sent. Refuses (ApiError) an unknown
     * member or text out of bounds.
     */
    async sendToMember(memberId: number, title: string, content: string, opts: SendOptions = {}): Promise<number | null> {
      const t = String(title ?? '').replace(CONTROL, '').replace(/[\r\n\t]+/g, ' ').trim();
      const c = String(content ?? '').replace(CONTROL, '').replace(/\r\n?/g, '\n').trim();
      if (t.length < 1 || t.length > INBOX_LIMITS.titleMax) refuse(INBOX_MSG.titleInvalid);
      if (c.length < 1 || c.length > INBOX_LIMITS.contentMax) refuse(INBOX_MSG.contentInvalid);
      if (!Number.isSafeInteger(memberId) || !(await repo.memberExists(db, memberId))) refuse('会员不存在', CODE.notFound);
      return repo.insert(db, {
        member_id: memberId,
        title: t,
        content: c,
        created_at: opts.at ?? Date.now(),
        dedupe_key: opts.dedupeKey ? opts.dedupeKey.slice(0, 64) : null,
      });
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
