import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { AppLink } from '../../lib/nav';
import { FramePane } from '../kefu/FramePane';
import { linkUrl } from '../kefu/frameUrl';
import { useSponsors } from '../zhanzhu/sponsors';
import './ZhanzhuyePage.css';

/** 赞助详情 /zhanzhuye?type=1|2: the partner's page in an embedded frame. */
export default function ZhanzhuyePage() {
  const [params] = useSearchParams();
  const type = Number(params.get('type'));
  const q = useSponsors();
  const sponsor = q.data?.find((s) => s.type === type);
  const url = sponsor ? linkUrl(sponsor.url) : '';

  let problem = null;
  if (q.isError) {
    problem = (
      <div className="card">
        <LoadFailed onRetry={() => void q.refetch()} text={q.error.message || '请稍后再试'} testId="zhanzhuye-error" />
      </div>
    );
  } else if (q.isSuccess && !url) {
    problem = (
      <div className="card">
        <EmptyState
          title="未找到该合作伙伴"
          text="请返回赞助合作页面查看"
          testId="zhanzhuye-missing"
          action={
            <AppLink className="btn-gold" to="/zhanzhu">
              赞助合作
            </AppLink>
          }
        />
      </div>
    );
  }

  return (
    <FramePane
      className="zzy"
      testId="zhanzhuye"
      title={sponsor?.name ?? '赞助详情'}
      url={url || null}
      loadingText={sponsor ? `正在打开 ${sponsor.name}` : '正在加载…'}
      problem={problem}
    />
  );
}
