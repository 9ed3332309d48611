import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '@casino/contract';
import { AppLink } from '../../lib/nav';
import { LazyImg } from '../../components/LazyImg';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { IconChevronRight, IconRedPacket } from '../../components/icons';
import { fetchActivities, fetchActivityTypes } from '../../hooks/api/promotions';
import '../../styles/tabs.css';
import './ActivityPage.css';

/** The side filter of the all tab (spec section 2): overall 1, card 5, fishing 11. */
const SIDE_FILTER = [
  { id: 1, name: '综合' },
  { id: 5, name: '棋牌' },
  { id: 11, name: '捕鱼' },
] as const;

/**
 * 优惠活动: type tabs (全部 + POST /api/activitytype), on the 全部 tab a side filter, the paged
 * list of POST /api/activitylist (more pages load as the list end comes into view), and the
 * way to the red-packet page (/hongbao). The global header is not shown here.
 */
export default function ActivityPage() {
  const [tab, setTab] = useState(0);
  const [side, setSide] = useState(0);
  const types = useQuery({ queryKey: ['activitytype'], queryFn: fetchActivityTypes, staleTime: 5 * 60_000, retry: false });
  const typeName = (id: number) => types.data?.find((t) => Number(t.id) === id)?.name;
  // the list shown: a type tab, or on 全部 the side filter's choice (0 = every type)
  const listType = tab === 0 ? side : tab;

  return (
    <div className="act" data-testid="activity-page">
      <div className="chip-tabs" role="tablist" data-testid="activity-tabs">
        {[{ id: 0, name: '全部' }, ...(types.data ?? [])].map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === Number(t.id)}
            className={tab === Number(t.id) ? 'chip-tab chip-tab--on' : 'chip-tab'}
            data-testid={`activity-tab-${t.id}`}
            onClick={() => setTab(Number(t.id))}
          >
            {t.name}
          </button>
        ))}
        {!types.data && !types.isError
          ? [0, 1, 2].map((i) => <span key={i} className="sk act-tab-sk" />)
          : null}
      </div>

      <AppLink to="/hongbao" className="act-claim" data-testid="activity-hongbao">
        <span className="act-claim-icon">
          <IconRedPacket size={20} />
        </span>
        <span className="act-claim-text">
          <b>红包领取</b>
          <small>每日 10:00~12:00 准点开抢</small>
        </span>
        <span className="act-claim-go">
          去领取
          <IconChevronRight size={14} />
        </span>
      </AppLink>

      <div className={tab === 0 ? 'act-body act-body--side' : 'act-body'}>
        {tab === 0 ? (
          <nav className="act-side" aria-label="活动筛选" data-testid="activity-side">
            {[{ id: 0, name: '全部' }, ...SIDE_FILTER.map((f) => ({ id: f.id, name: typeName(f.id) ?? f.name }))].map((f) => (
              <button
                key={f.id}
                type="button"
                className={side === f.id ? 'act-side-item act-side-item--on' : 'act-side-item'}
                aria-pressed={side === f.id}
                data-testid={`activity-side-${f.id}`}
                onClick={() => setSide(f.id)}
              >
                {f.name}
              </button>
            ))}
          </nav>
        ) : null}
        <ActivityList key={listType} type={listType} />
      </div>
    </div>
  );
}

function ActivityList({ type }: { type: number }) {
  const q = useInfiniteQuery({
    queryKey: ['activitylist', type],
    queryFn: ({ pageParam }) => fetchActivities(type, pageParam),
    initialPageParam: 1,
    // paging stops when the page number would pass last_page (spec section 9)
    getNextPageParam: (last) => (last.current_page + 1 <= last.last_page ? last.current_page + 1 : undefined),
    staleTime: 60_000,
    retry: false,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="act-list" data-testid="activity-list" data-state={q.data ? 'ready' : q.isError ? 'error' : 'loading'}>
      {q.data ? (
        items.length ? (
          <>
            {items.map((a) => (
              <ActivityCard key={a.id} item={a} />
            ))}
            <div ref={sentinel} className="act-more">
              {q.hasNextPage ? (isFetchingNextPage ? '加载中…' : '上拉加载更多') : '— 没有更多活动了 —'}
            </div>
          </>
        ) : (
          <EmptyState title="暂无活动" text="当前分类下没有进行中的活动" testId="activity-empty" />
        )
      ) : q.isError ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : (
        [0, 1, 2].map((i) => (
          <div key={i} className="card act-card">
            <span className="sk act-banner" />
            <div className="act-info">
              <span className="sk" style={{ width: '62%', height: 15 }} />
              <span className="sk" style={{ width: '88%', height: 12, marginTop: 8 }} />
            </div>
          </div>
        ))
      )}
    </div>
  );
}

function ActivityCard({ item }: { item: ActivityItem }) {
  return (
    <AppLink to={`/activityInfo?id=${item.id}`} className="card act-card" data-testid="activity-item" data-id={item.id}>
      <LazyImg src={item.banner} alt={item.title} className="act-banner" />
      <div className="act-info">
        <h3 className="act-title">{item.title}</h3>
        {item.memo ? <p className="act-memo">{item.memo}</p> : null}
        <span className="act-detail">
          查看详情
          <IconChevronRight size={13} />
        </span>
      </div>
    </AppLink>
  );
}
