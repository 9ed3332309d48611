import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { FramePane } from './FramePane';
import { fetchFrameUrl, UrlFailure } from './frameUrl';
import './KefuPage.css';

/** 在线客服: POST /api/getservicerurl, shown in an embedded frame (our own /support/ page by default). */
export default function KefuPage() {
  const q = useQuery({
    queryKey: ['serviceUrl'],
    queryFn: () => fetchFrameUrl('/api/getservicerurl'),
    staleTime: 5 * 60_000,
  });
  const failure = q.error as UrlFailure | null;
  return (
    <FramePane
      className="kefu"
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
}
