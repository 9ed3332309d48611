import type { ReactNode } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { ListSkeleton } from '../../wallet/records';
import '../../wallet/records.css';

/**
 * Loading, error, empty, or the rows and an infinite footer, for a TanStack infinite query of
 * paged promotion lists (the records pages' look: skeleton cards, 重新加载, 没有更多了).
 */
export function QueryList<P, T>({
  query,
  rowsOf,
  totalOf,
  render,
  emptyTitle,
  emptyText,
  emptyAction,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>, Error>;
  rowsOf(page: P): T[];
  totalOf(page: P): number;
  render(item: T): ReactNode;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  testId: string;
}) {
  if (query.isPending) return <ListSkeleton />;
  const pages = query.data?.pages ?? [];
  if (query.isError && pages.length === 0) return <LoadFailed onRetry={() => void query.refetch()} testId="list-error" retryTestId="list-retry" />;
  const rows = pages.flatMap(rowsOf);
  if (rows.length === 0) return <EmptyState title={emptyTitle} text={emptyText} action={emptyAction} />;
  return (
    <div data-testid={testId}>
      <p className="rec-count">
        共 <b className="num">{pages[0] ? totalOf(pages[0]) : rows.length}</b> 条记录
      </p>
      <div className="rec-items">{rows.map(render)}</div>
      <InfiniteScroll
        loadMore={async () => {
          const r = await query.fetchNextPage();
          if (r.isError) throw r.error;
        }}
        hasMore={Boolean(query.hasNextPage)}
        threshold={200}
      >
        {(hasMore, failed, retry) => (
          <span className="rec-more" data-testid="list-more">
            {failed ? (
              <>
                加载失败，
                <button type="button" className="rec-more-retry" onClick={retry}>
                  点击重试
                </button>
              </>
            ) : hasMore ? (
              <>
                <i className="rec-more-spin" />
                加载中…
              </>
            ) : (
              '— 没有更多了 —'
            )}
          </span>
        )}
      </InfiniteScroll>
    </div>
  );
}
