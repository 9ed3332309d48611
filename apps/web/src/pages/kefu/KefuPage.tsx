import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { AppLink } from '../../lib/nav';
import { isMember, useSession } from '../../session/store';
import { ChatView } from './ChatView';
import { FramePane } from './FramePane';
import { fetchFrameUrl, UrlFailure } from './frameUrl';
import './KefuPage.css';
import './ChatView.css';

/** Whether the service link is our own customer-service page (the default), not an outside service. */
export function isOwnSupport(url: string): boolean {
  try {
    const u = new URL(url, window.location.href);
    return u.origin === window.location.origin && /^\/support\/?$/.test(u.pathname);
  } catch {
    return false;
  }
}

/**
 * 在线客服: POST /api/getservicerurl, shown in an embedded frame (spec). When the link is our own
 * customer service (the default), a signed-in member chats live with an operator right here
 * instead; a guest keeps our ticket form in the frame, with a line offering to log in for the
 * live chat. An outside service URL is always framed, as the spec says.
 */
export default function KefuPage() {
  const member = useSession(isMember);
  const q = useQuery({
    queryKey: ['serviceUrl'],
    queryFn: () => fetchFrameUrl('/api/getservicerurl'),
    staleTime: 5 * 60_000,
  });
  const failure = q.error as UrlFailure | null;
  const own = q.data ? isOwnSupport(q.data) : false;

  if (own && member) {
    return (
      <div className="kefu" data-testid="kefu">
        <ChatView />
      </div>
    );
  }

  const frame = (
    <FramePane
      className={own ? 'kefu-frame' : 'kefu'}
      testId="kefu"
      title="在线客服"
      url={q.data ?? null}
      loadingText="正在连接在线客服…"
      problem={
        q.isError ? (
          <div className="card">
            <EmptyState
              title={failure?.network ? '网络异常' : '客服暂时无法连接'}
              text={failure?.message || '请稍后再试，或通过帮助中心查看常见问题'}
              testId="kefu-error"
              action={
                <button type="button" className="btn-gold" onClick={() => void q.refetch()} data-testid="kefu-retry">
                  重新连接
                </button>
              }
            />
          </div>
        ) : undefined
      }
    />
  );
  if (!own) return frame;
  return (
    <div className="kefu kefu--guest">
      <div className="kefu-guest" data-testid="kefu-guest">
        <span>登录后可与客服实时在线对话</span>
        <AppLink to="/login">去登录</AppLink>
      </div>
      {frame}
    </div>
  );
}
