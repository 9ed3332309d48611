import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatUnread } from '@casino/contract';
import { apiPost } from '../../api/client';
import { ApiFailure } from '../../api/failure';
import { useSession } from '../../session/store';

/**
 * The member's unread messages from customer service, for the badges outside /kefu (the tab
 * bar's 在线客服 and /mine's link). POST /api/chat/unread every 30 s while a member is signed in
 * and the page is visible; never for a guest (the badge is not even loaded then). /kefu writes
 * the count it reads (`setChatUnread`), so the badge clears as soon as the member has read.
 */

export const CHAT_UNREAD_KEY = ['chat-unread'] as const;
export const CHAT_UNREAD_POLL_MS = 30_000;

async function fetchUnread(): Promise<number> {
  // a background badge: an ended session is the balance poll's to notice (spec section 4: it
  // goes to /login without a dialog); this poll must not race it into the 认证失败 dialog
  const res = await apiPost<ChatUnread>('/api/chat/unread', {}, { ignoreAuthErrors: true });
  if (res.code !== 200 || !res.data) throw new ApiFailure(res);
  const n = Number(res.data.unread);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** the unread count (0 for a guest, while loading, or when the call fails) */
export function useChatUnread(): number {
  const token = useSession((s) => s.token);
  const q = useQuery({
    // per session: another member signing in on this device never sees the previous count
    queryKey: [...CHAT_UNREAD_KEY, token ?? ''],
    queryFn: fetchUnread,
    enabled: Boolean(token),
    staleTime: 10_000,
    refetchInterval: CHAT_UNREAD_POLL_MS,
    retry: false,
  });
  return token ? (q.data ?? 0) : 0;
}

/**
 * What /kefu knows (after reading, or a new message): every badge follows at once. A poll still
 * in flight was sent before this answer, so it is cancelled first; otherwise its older count
 * would land after this one and stay for up to 30 s.
 */
export async function setChatUnread(qc: QueryClient, unread: number): Promise<void> {
  await qc.cancelQueries({ queryKey: CHAT_UNREAD_KEY });
  qc.setQueriesData<number>({ queryKey: CHAT_UNREAD_KEY }, () => Math.max(0, unread));
}
