import { useChatUnread } from '../hooks/api/chatUnread';
import './ChatUnreadBadge.css';

/**
 * The red count of unread customer-service messages: on the tab bar's icon (`corner`) or at the
 * end of a list row (`inline`). Nothing when there is none. Loaded only for signed-in members.
 */
export default function ChatUnreadBadge({ variant, testId }: { variant: 'corner' | 'inline'; testId?: string }) {
  const unread = useChatUnread();
  if (unread <= 0) return null;
  return (
    <span className={`chat-unread chat-unread--${variant}`} data-testid={testId} aria-label={`${unread} 条未读客服消息`}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
