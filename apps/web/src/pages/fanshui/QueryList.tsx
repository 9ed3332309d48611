import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { PagedView } from '../../money/records';

/** PagedView (the records pages' look) for a TanStack infinite query of paged promotion lists. */
export function QueryList<P, T>({
  query,
  rowsOf,
  totalOf,
  ...view
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
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap(rowsOf);
  return (
    <PagedView
      {...view}
      loading={query.isPending}
      // a failed refetch over pages already shown keeps them (or their empty state)
      failed={query.isError && pages.length === 0}
      rows={rows}
      total={pages[0] ? totalOf(pages[0]) : rows.length}
      hasMore={Boolean(query.hasNextPage)}
      loadMore={async () => {
        const r = await query.fetchNextPage();
        if (r.isError) throw r.error;
      }}
      onRetry={() => void query.refetch()}
    />
  );
}
