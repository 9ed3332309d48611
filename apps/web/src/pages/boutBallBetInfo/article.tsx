import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ARTICLE_TITLES, type ArticleReply } from '@casino/contract';
import { apiPost } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { AppLink } from '../../lib/nav';
import { RichContent } from '../../components/RichContent';
import { usePageTitle } from '../../layouts/pageTitle';
import './article.css';

/** A failed content call carried through TanStack Query. */
export class ContentFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

async function fetchArticle(type: number): Promise<ArticleReply> {
  const res = await apiPost<ArticleReply>('/api/article', { type });
  if (res.code !== 200 || !res.data || typeof res.data.content !== 'string') throw new ContentFailure(res.message, Boolean(res.network));
  return res.data;
}

/** POST /api/article {type}; articles change rarely: kept for 5 minutes. */
export function useArticle(type: number | null) {
  return useQuery({
    queryKey: ['article', type],
    queryFn: () => fetchArticle(type as number),
    enabled: type !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * An article page's body: heading card (icon, title, subtitle) and the server's HTML,
 * which the server sanitized when it was stored (modules/content/sanitize.ts).
 */
export function ArticleView({
  type,
  icon,
  subtitle,
  footer,
  testId = 'article',
}: {
  type: number | null;
  icon: ReactNode;
  subtitle?: string;
  footer?: ReactNode;
  testId?: string;
}) {
  const q = useArticle(type);
  const title = q.data?.title ?? (type !== null ? ARTICLE_TITLES[type] : undefined);
  // the title bar names the article, not only the route (帮助中心 -> 常见问题)
  usePageTitle(title);

  if (type === null || !title) {
    return (
      <div className="page-body">
        <div className="card">
          <EmptyState
            title="未找到该内容"
            text="您访问的页面不存在或已下线"
            testId="article-missing"
            action={
              <AppLink className="btn-gold" to="/boutBallBet">
                返回帮助中心
              </AppLink>
            }
          />
        </div>
      </div>
    );
  }

  return (
    <div className="page-body art" data-testid={testId}>
      <header className="art-head">
        <span className="art-icon" aria-hidden="true">
          {icon}
        </span>
        <div className="art-head-text">
          <h1 className="art-title" data-testid="article-title">
            {title}
          </h1>
          {subtitle ? <p className="art-sub">{subtitle}</p> : null}
        </div>
      </header>
      <section className="card art-card">
        {q.isPending ? (
          <div aria-busy="true" aria-label="加载中" data-testid="article-loading">
            {[88, 100, 94, 70, 0, 60, 100, 82].map((w, i) =>
              w ? <span key={i} className="sk art-sk" style={{ width: `${w}%` }} /> : <span key={i} className="art-sk-gap" />,
            )}
          </div>
        ) : q.isError ? (
          <EmptyState
            title={(q.error as ContentFailure).network ? '网络异常' : '内容加载失败'}
            text={(q.error as ContentFailure).network ? '请检查网络后重试' : q.error.message || '请稍后再试'}
            testId="article-error"
            action={
              <button type="button" className="btn-gold" onClick={() => void q.refetch()} data-testid="article-retry">
                重新加载
              </button>
            }
          />
        ) : (
          <RichContent html={q.data.content} testId="article-body" />
        )}
      </section>
      {footer}
    </div>
  );
}
