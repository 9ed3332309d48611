import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { DATE_FILTERS, type DateFilter, type Paged } from '@casino/contract';
import { apiPost, failureText } from '../api/client';
import { toast } from '../ui/feedback';
import { AppLink } from '../lib/nav';
import { EmptyState, LoadFailed } from '../components/EmptyState';
import { IconCheck } from '../components/icons';
import { Sheet } from '../components/Sheet';
import { Tabs } from '../components/Tabs';
import { useBalanceList } from '../hooks/api/wallet';
import { IconChevronDown, IconFilter } from './icons';
import './records.css';

// ---- paging -------------------------------------------------------------------

type Status = 'loading' | 'ready' | 'error';

interface PagedState<T> {
  items: T[];
  total: number;
  /** the page loadMore asks for next */
  next: number;
  hasMore: boolean;
  status: Status;
}

const initial = <T,>(): PagedState<T> => ({ items: [], total: 0, next: 1, hasMore: false, status: 'loading' });

/**
 * A paged record list (POST path with {...params, page}): page 1 on every change of
 * params, then more pages on demand until the page number exceeds last_page (spec
 * section 9). A non-200 answer toasts the server message (section 8); a network failure
 * says nothing and leaves a retry. Items seen on an earlier page are not shown twice.
 */
export function usePagedList<T>(path: string, params: Record<string, unknown>, keyOf: (item: T) => string) {
  const paramsKey = JSON.stringify(params);
  const [state, setState] = useState<PagedState<T>>(initial);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const load = useCallback(
    async (page: number, gen: number): Promise<boolean> => {
      const res = await apiPost<Paged<T>>(path, { ...JSON.parse(paramsKey), page });
      if (gen !== generation.current) return true; // the filters changed meanwhile
      const body = res.data;
      if (res.code !== 200 || !body || !Array.isArray(body.data)) {
        const fail = failureText(res);
        if (fail) toast(fail, 'fail');
        setState((s) => ({ ...s, status: s.items.length || page > 1 ? 'ready' : 'error' }));
        return false;
      }
      const lastPage = Number(body.last_page) || 0;
      setState((s) => {
        const base = page === 1 ? [] : s.items;
        const seen = new Set(base.map((i) => keyRef.current(i)));
        const fresh = body.data.filter((i) => !seen.has(keyRef.current(i)));
        return {
          items: [...base, ...fresh],
          total: Number(body.total) || base.length + fresh.length,
          next: page + 1,
          hasMore: body.data.length > 0 && page < lastPage,
          status: 'ready',
        };
      });
      return true;
    },
    [path, paramsKey],
  );

  useEffect(() => {
    const gen = ++generation.current;
    setState(initial);
    void load(1, gen);
  }, [load, attempt]);

  /** for InfiniteScroll: throws on failure so that it offers 重新加载 */
  const loadMore = useCallback(async () => {
    const ok = await load(stateRef.current.next, generation.current);
    if (!ok) throw new Error('load failed');
  }, [load]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  return { ...state, loadMore, retry };
}

/** Loading, error, empty or the items plus InfiniteScroll, for a usePagedList result. */
export function RecordList<T>({
  list,
  emptyLink,
  ...view
}: {
  list: ReturnType<typeof usePagedList<T>>;
  render(item: T): ReactNode;
  emptyTitle: string;
  emptyText?: string;
  /** a way onward from an empty list */
  emptyLink?: { to: string; label: string };
  testId: string;
}) {
  return (
    <PagedView
      {...view}
      loading={list.status === 'loading'}
      failed={list.status === 'error'}
      rows={list.items}
      total={list.total}
      hasMore={list.hasMore}
      loadMore={list.loadMore}
      onRetry={list.retry}
      emptyAction={
        emptyLink ? (
          <AppLink to={emptyLink.to} className="rec-empty-link" data-testid="empty-link">
            {emptyLink.label}
          </AppLink>
        ) : null
      }
    />
  );
}

/**
 * The records pages' look, whatever fetches the pages (usePagedList here, TanStack infinite
 * queries in the promotion pages): skeleton cards while the first page loads, 重新加载 when it
 * failed, the empty state, or 共 N 条记录, the rows and the infinite footer (没有更多了).
 */
export function PagedView<T>({
  loading,
  failed,
  rows,
  total,
  hasMore,
  loadMore,
  onRetry,
  render,
  emptyTitle,
  emptyText,
  emptyAction,
  testId,
}: {
  loading: boolean;
  failed: boolean;
  rows: T[];
  total: number;
  hasMore: boolean;
  /** for InfiniteScroll: throws on failure so that it offers 点击重试 */
  loadMore(): Promise<void>;
  onRetry(): void;
  render(item: T): ReactNode;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  testId: string;
}) {
  if (loading) return <ListSkeleton />;
  if (failed && rows.length === 0) return <LoadFailed onRetry={onRetry} testId="list-error" retryTestId="list-retry" />;
  if (rows.length === 0) return <EmptyState title={emptyTitle} text={emptyText} action={emptyAction} />;
  return (
    <div data-testid={testId}>
      <p className="rec-count">
        共 <b className="num">{total}</b> 条记录
      </p>
      <div className="rec-items">{rows.map(render)}</div>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={200}>
        {(more, loadFailed, retry) => (
          <span className="rec-more" data-testid="list-more">
            {loadFailed ? (
              <>
                加载失败，
                <button type="button" className="rec-more-retry" onClick={retry}>
                  点击重试
                </button>
              </>
            ) : more ? (
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

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="rec-items" aria-busy="true" aria-label="加载中" data-testid="list-loading">
      {Array.from({ length: rows }, (_, i) => (
        <div className="card rec-sk" key={i}>
          <div className="rec-sk-row">
            <span className="sk" style={{ width: '46%', height: 14 }} />
            <span className="sk" style={{ width: 52, height: 18, borderRadius: 9 }} />
          </div>
          <div className="rec-sk-row" style={{ marginTop: 14 }}>
            <span className="sk" style={{ width: '30%', height: 12 }} />
            <span className="sk" style={{ width: '30%', height: 12 }} />
          </div>
          <span className="sk" style={{ width: '62%', height: 10, marginTop: 12 }} />
        </div>
      ))}
    </div>
  );
}

// ---- filters --------------------------------------------------------------------

/** 今天 / 近7天 / 近15天 / 近30天 (spec section 9). */
export function DateTabs({ value, onChange }: { value: DateFilter; onChange(v: DateFilter): void }) {
  return (
    <Tabs items={DATE_FILTERS} value={value} onChange={onChange} label="日期" className="rec-dates" itemClass="rec-date" testIdPrefix="date-filter-" />
  );
}

/** Venue filter: '' for all venues, else a platform code; names from POST /api/balancelist (seamless venues too). */
export function VenueFilter({ value, onChange }: { value: string; onChange(platname: string): void }) {
  const [open, setOpen] = useState(false);
  const { allVenues: venues } = useBalanceList({ quiet: true });
  const current = venues.find((v) => v.platname === value);
  const options = [{ platname: '', name: '全部场馆' }, ...venues];

  return (
    <>
      <button
        type="button"
        className={`rec-venue${value ? ' rec-venue--on' : ''}`}
        onClick={() => setOpen(true)}
        data-testid="venue-filter"
      >
        <IconFilter size={14} />
        <span className="rec-venue-name">{value ? (current?.name ?? value) : '全部场馆'}</span>
        <IconChevronDown size={14} />
      </button>
      <Sheet open={open} title="选择场馆" onClose={() => setOpen(false)}>
        <div className="rec-pop-grid">
          {options.map((v) => (
            <button
              key={v.platname || 'all'}
              type="button"
              className={`rec-pop-opt${v.platname === value ? ' rec-pop-opt--on' : ''}`}
              onClick={() => {
                setOpen(false);
                if (v.platname !== value) onChange(v.platname);
              }}
              data-testid={`venue-option-${v.platname || 'all'}`}
            >
              {v.name}
              {v.platname === value ? <IconCheck size={14} strokeWidth={2.6} className="rec-pop-check" /> : null}
            </button>
          ))}
        </div>
      </Sheet>
    </>
  );
}

/** Sign and colour of a win/loss figure: wins green, losses red, zero plain. */
export function winLossClass(n: number): string {
  return n > 0 ? 'rec-win' : n < 0 ? 'rec-loss' : '';
}
