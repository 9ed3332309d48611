import { EmptyState } from '../../components/EmptyState';
import { IconChevronRight } from '../../components/icons';
import { AppLink } from '../../lib/nav';
import { SponsorsFailure, useSponsors } from './sponsors';
import './ZhanzhuPage.css';

/** 赞助合作: the two partner cards, each opening /zhanzhuye?type=1|2. */
export default function ZhanzhuPage() {
  const q = useSponsors();
  return (
    <div className="page-body zz" data-testid="zhanzhu">
      <header className="zz-hero">
        <p className="zz-kicker">OFFICIAL PARTNERS</p>
        <h1 className="zz-title">赞助合作</h1>
        <p className="zz-sub">携手优秀的体育与电竞伙伴，共同传递拼搏、公平与理性娱乐的精神。</p>
      </header>
      {q.isPending ? (
        <div aria-busy="true" aria-label="加载中" data-testid="zhanzhu-loading">
          {[0, 1].map((i) => (
            <div key={i} className="card zz-card">
              <span className="sk" style={{ width: 64, height: 64, borderRadius: 16, flex: 'none' }} />
              <span style={{ flex: 1 }}>
                <span className="sk" style={{ width: '60%', height: 16 }} />
                <span className="sk" style={{ width: '80%', height: 12, marginTop: 10 }} />
              </span>
            </div>
          ))}
        </div>
      ) : q.isError || q.data.length === 0 ? (
        <div className="card zz-empty">
          <EmptyState
            title={q.isError ? ((q.error as SponsorsFailure).network ? '网络异常' : '加载失败') : '暂无合作伙伴'}
            text={q.isError ? q.error.message || '请稍后再试' : '敬请期待'}
            testId="zhanzhu-empty"
            action={
              q.isError ? (
                <button type="button" className="btn-gold" onClick={() => void q.refetch()}>
                  重新加载
                </button>
              ) : undefined
            }
          />
        </div>
      ) : (
        q.data.map((s) => (
          <AppLink key={s.type} to={`/zhanzhuye?type=${s.type}`} className="card zz-card" data-testid={`sponsor-${s.type}`}>
            <span className="zz-logo">
              <img src={s.logo} alt="" width={56} height={56} />
            </span>
            <span className="zz-text">
              <span className="zz-name">{s.name}</span>
              <span className="zz-slogan">{s.slogan}</span>
              <span className="zz-more">
                查看详情 <IconChevronRight size={14} />
              </span>
            </span>
          </AppLink>
        ))
      )}
      <p className="zz-foot">合作伙伴信息仅作品牌展示 · 理性娱乐 · 未满18周岁禁止参与</p>
    </div>
  );
}
