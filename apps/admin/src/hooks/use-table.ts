import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from './api/use-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';

export type SortOrder = 'ascend' | 'descend' | null;
/** what ProTable's `request` receives: the search form's values plus the page */
export type TableParams<P> = P & { current: number; pageSize: number };
export type TableSort = Record<string, SortOrder>;
export type TableFilter = Record<string, FilterValue | null>;
/** ProTable's request contract: (params, sort, filter) -> {data, total} */
export type TableRequest<T, P> = (params: TableParams<P>, sort: TableSort, filter: TableFilter) => Promise<{ data: T[]; total: number }>;

/**
 * How every back-office list lays out its columns (issue 25): each column as wide as its
 * content ('max-content', so nothing is squeezed under or hidden behind a fixed 操作 column),
 * the table scrolling sideways inside its card when it is wider than the window, with the
 * fixed columns pinned; the header stays under the frame's 56 px top bar and the sideways
 * scrollbar at the bottom of the window, so a long page can be scrolled sideways from
 * wherever the operator is.
 */
export const WIDE_TABLE = {
  scroll: { x: 'max-content' },
  sticky: { offsetHeader: 56 },
  // fixed layout (antd's choice for a sticky table without fixed columns) would split the width
  // evenly instead of giving each column its content's width
  tableLayout: 'auto',
} as const satisfies TableProps<object>;

export interface UseTableOptions<P> {
  /** the search form's starting values */
  initialParams?: P;
  pageSize?: number;
  /** poll the list (review queues), or only while the rows shown ask for it (work under way) */
  refetchInterval?: number | ((rows: unknown[]) => number | false);
}

/**
 * A small table hook over TanStack Query with ProTable's request contract: the list is
 * filtered, sorted and paged by the server; antd's Table gets `tableProps`, the search form
 * calls `search(values)` (back to page 1) and `reset()`. The previous page stays on screen while
 * the next one loads, so the table does not jump.
 */
export function useTable<T extends object, P extends object = Record<string, unknown>>(
  key: readonly unknown[],
  request: TableRequest<T, P>,
  options: UseTableOptions<P> = {},
) {
  const initial = (options.initialParams ?? {}) as P;
  const [params, setParams] = useState<P>(initial);
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(options.pageSize ?? 20);
  const [sort, setSort] = useState<TableSort>({});
  const [filter, setFilter] = useState<TableFilter>({});

  const query = useQuery({
    queryKey: [...key, params, current, pageSize, sort, filter],
    queryFn: () => request({ ...params, current, pageSize }, sort, filter),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const every = options.refetchInterval;
      return typeof every === 'function' ? every(q.state.data?.data ?? []) : every;
    },
  });

  const onChange: TableProps<T>['onChange'] = (pagination: TablePaginationConfig, filters, sorter) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const nextSort: TableSort = one?.field && one.order ? { [String(one.field)]: one.order } : {};
    const changedQuery = JSON.stringify(nextSort) !== JSON.stringify(sort) || JSON.stringify(filters) !== JSON.stringify(filter);
    setSort(nextSort);
    setFilter(filters);
    setPageSize(pagination.pageSize ?? pageSize);
    setCurrent(changedQuery ? 1 : (pagination.current ?? 1));
  };

  const tableProps: TableProps<T> = {
    ...WIDE_TABLE,
    dataSource: query.data?.data ?? [],
    loading: query.isFetching && !query.isError,
    onChange,
    pagination: {
      current,
      pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (total) => `共 ${total} 条`,
    },
  };

  return {
    query,
    params,
    tableProps,
    search(values: P) {
      setParams(values);
      setCurrent(1);
    },
    reset() {
      setParams(initial);
      setCurrent(1);
      setSort({});
      setFilter({});
    },
  };
}

/** The server's paged reply (`{data, total, ...}`) -> the table's `{data, total}`. */
export function toTablePage<T>(reply: { data: T[]; total: number }): { data: T[]; total: number } {
  return { data: reply.data, total: reply.total };
}

/** Drops empty form values so the server sees only the filters an operator set. */
export function compact<P extends object>(values: P): Partial<P> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<P>;
}
