import { useState } from 'react';
import { DEFAULT_DATE_FILTER, formatYuan, REBATE_TYPES, type DateFilter, type RebateRecord } from '@casino/contract';
import { DateTabs, VenueFilter } from '../../money/records';
import { useClaimRebate, useFanshui } from '../../hooks/api/promotions';
import { Tabs } from '../../components/Tabs';
import { QueryList } from './QueryList';
import { Money } from '../../components/Money';
import './FanshuiPage.css';

/**
 * 返水中心 (/fanshui, spec sections 2, 3, 5, 9): claimed (jisuan) and pending (nojisuan) totals,
 * one claim button for everything pending (暂无领取额度！ when nothing is), filters by date,
 * venue and state, and the daily rebate rows (one per venue and Beijing day).
 */
export default function FanshuiPage() {
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [venue, setVenue] = useState('');
  const [type, setType] = useState<(typeof REBATE_TYPES)[number]['value']>(0);
  const query = useFanshui(date, venue, type);
  const claim = useClaimRebate();
  const first = query.data?.pages[0];

  return (
    <div className="rec-page fs" data-testid="fanshui-page">
      <section className="fs-summary">
        <div className="fs-totals">
          <div className="fs-total">
            <span>累计返水（元）</span>
            <b>
              <Money testId="fanshui-jisuan">{first ? formatYuan(first.jisuan, true) : '--'}</Money>
            </b>
          </div>
          <div className="fs-total fs-total--pending">
            <span>待领取（元）</span>
            <b>
              <Money testId="fanshui-nojisuan">{first ? formatYuan(first.nojisuan, true) : '--'}</Money>
            </b>
          </div>
        </div>
        <button type="button" className="btn-gold btn-block fs-claim" disabled={claim.isPending || !first} onClick={() => claim.mutate()} data-testid="fanshui-claim">
          {claim.isPending ? <span className="btn-spinner" aria-hidden="true" /> : null}
          {claim.isPending ? '领取中…' : '一键领取'}
        </button>
        <p className="fs-note">返水按北京时间每日 00:00-23:59 的有效投注计算，次日凌晨结算，领取后需完成 1 倍流水即可提款。</p>
      </section>

      <div className="rec-filters fs-filters">
        <div className="rec-filter-row">
          <DateTabs value={date} onChange={setDate} />
        </div>
        <div className="rec-filter-row">
          <Tabs items={REBATE_TYPES} value={type} onChange={setType} label="状态" className="fs-types" itemClass="fs-type" testIdPrefix="fanshui-type-" />
          <VenueFilter value={venue} onChange={setVenue} />
        </div>
      </div>

      <div className="rec-body">
        <QueryList
          query={query}
          rowsOf={(p) => p.list.data}
          totalOf={(p) => p.list.total}
          testId="fanshui-list"
          emptyTitle="暂无返水记录"
          emptyText="有效投注次日凌晨结算返水，快去游戏吧"
          render={(r) => <RebateItem key={r.id} row={r} />}
        />
      </div>
    </div>
  );
}

function RebateItem({ row }: { row: RebateRecord }) {
  const claimed = Number(row.state) === 1;
  return (
    <article className="card rec-item" data-testid="fanshui-item">
      <div className="rec-item-head">
        <span className="rec-item-title">
          {row.gamename}
          <span className="rec-item-sub">{row.day}</span>
        </span>
        <span className={`rec-tag rec-tag--${claimed ? 'green' : 'gold'}`} data-testid="fanshui-state">
          {claimed ? '已领取' : '待领取'}
        </span>
      </div>
      <div className="rec-item-figures">
        <div className="rec-fig">
          <span className="rec-fig-label">有效投注</span>
          <Money className="rec-fig-value">{formatYuan(row.valid_amount, true)}</Money>
        </div>
        <div className="rec-fig">
          <span className="rec-fig-label">返水金额</span>
          <Money className="rec-fig-value rec-win" testId="fanshui-money">
            {formatYuan(row.money, true)}
          </Money>
        </div>
      </div>
      <div className="rec-item-foot">
        <span>{claimed ? '领取时间' : '结算时间'}</span>
        <span className="num">{claimed ? row.updated_at : row.created_at}</span>
      </div>
    </article>
  );
}
