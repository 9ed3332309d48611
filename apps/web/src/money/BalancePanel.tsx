import { useState } from 'react';
import { formatYuan, type BalanceEntry } from '@casino/contract';
import { useRecoverAll } from '../hooks/api/wallet';
import { IconChevronRight, IconRecover, RefreshButton } from '../components/icons';
import { Money } from '../components/Money';
import './money.css';

const yuan = (n: number) => formatYuan(n, true);

interface HeroProps {
  central: number;
  game: number;
  /** no figure known yet: shimmer instead of a number */
  loading?: boolean;
  refreshing: boolean;
  onRefresh(): void;
  /** 总资产 on top (the money screen) */
  showTotal?: boolean;
}

/**
 * The balance block shared by the money screens (spec section 2, Withdrawal / Transfer):
 * central wallet and game wallet totals, a refresh icon and the 一键回收 button.
 */
export function BalanceHero({ central, game, loading, refreshing, onRefresh, showTotal }: HeroProps) {
  const { recovering, recover } = useRecoverAll();
  const figure = (n: number, testId: string, big = false) =>
    loading ? (
      <span className={`sk wl-sk${big ? ' wl-sk--big' : ''}`} />
    ) : (
      <Money testId={testId}>{yuan(n)}</Money>
    );

  return (
    <section className="wl-hero" data-testid="wallet-hero">
      <div className="wl-hero-top">
        <span className="wl-hero-label">{showTotal ? '总资产（元）' : '钱包余额（元）'}</span>
        <RefreshButton className="wl-hero-refresh" testId="wallet-refresh" onClick={onRefresh} refreshing={refreshing} size={17} />
      </div>
      {showTotal && (
        <div className="wl-hero-total">
          <span className="wl-hero-cur">¥</span>
          {figure(Math.round((central + game) * 100) / 100, 'wallet-total', true)}
        </div>
      )}
      <div className={`wl-hero-split${showTotal ? '' : ' wl-hero-split--flat'}`}>
        <div className="wl-hero-cell">
          <span className="wl-hero-cell-label">
            <i className="wl-dot wl-dot--gold" />
            中心钱包
          </span>
          <span className="wl-hero-cell-value">{figure(central, 'wallet-central')}</span>
        </div>
        <div className="wl-hero-cell">
          <span className="wl-hero-cell-label">
            <i className="wl-dot wl-dot--blue" />
            游戏钱包
          </span>
          <span className="wl-hero-cell-value">{figure(game, 'wallet-game')}</span>
        </div>
        <button
          type="button"
          className="btn-gold wl-recover"
          data-testid="recover-all"
          onClick={recover}
          disabled={recovering}
        >
          <IconRecover size={15} strokeWidth={2.2} className={recovering ? 'wl-pulse' : undefined} />
          {recovering ? '回收中…' : '一键回收'}
        </button>
      </div>
    </section>
  );
}

interface GridProps {
  venues: BalanceEntry[];
  loading?: boolean;
  /** the list could not be loaded: say so and offer a retry */
  failed?: boolean;
  onRetry?(): void;
  /** show this many until expanded (spec: 3 on withdrawal, 4 on transfer); all when absent */
  collapsed?: number;
  columns?: 2 | 3;
  title?: string;
  hint?: string;
}

/** Per-venue balances (`venue-{platname}`), optionally collapsed with an expand toggle. */
export function VenueGrid({ venues, loading, failed, onRetry, collapsed, columns = 3, title = '场馆钱包', hint }: GridProps) {
  const [open, setOpen] = useState(false);
  const canCollapse = collapsed !== undefined && venues.length > collapsed;
  const shown = canCollapse && !open ? venues.slice(0, collapsed) : venues;
  const skeletons = collapsed ?? columns * 3;

  return (
    <section className="card wl-venues" data-testid="venue-list">
      <div className="wl-venues-head">
        <span className="wl-venues-title">{title}</span>
        {hint ? <span className="wl-venues-hint">{hint}</span> : null}
        {!loading && venues.length > 0 ? <span className="wl-venues-count">{venues.length} 个场馆</span> : null}
      </div>
      <div className={`wl-grid wl-grid--${columns}`}>
        {loading
          ? Array.from({ length: skeletons }, (_, i) => (
              <div className="wl-venue" key={i} aria-hidden="true">
                <span className="sk" style={{ width: '60%', height: 11 }} />
                <span className="sk" style={{ width: '45%', height: 14, marginTop: 8 }} />
              </div>
            ))
          : shown.map((v) => (
              <div
                className={`wl-venue${v.balance > 0 ? ' wl-venue--funded' : ''}`}
                key={v.platname}
                data-testid={`venue-${v.platname}`}
              >
                <span className="wl-venue-name">{v.name}</span>
                <Money className="wl-venue-balance" testId={`venue-balance-${v.platname}`}>
                  {yuan(v.balance)}
                </Money>
              </div>
            ))}
      </div>
      {!loading && venues.length === 0 && (
        <p className="wl-venues-empty" data-testid="venue-list-empty">
          {failed ? '场馆余额暂时无法获取，' : '暂无场馆钱包'}
          {failed && onRetry ? (
            <button type="button" className="wl-venues-retry" onClick={onRetry} data-testid="venue-list-retry">
              点击重试
            </button>
          ) : null}
        </p>
      )}
      {canCollapse && (
        <button
          type="button"
          className="wl-venues-toggle"
          data-testid="venues-toggle"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '收起' : `展开全部（${venues.length}）`}
          <IconChevronRight size={14} className={open ? 'wl-chev wl-chev--up' : 'wl-chev'} />
        </button>
      )}
    </section>
  );
}
