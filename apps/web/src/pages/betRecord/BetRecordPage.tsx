import { useState } from 'react';
import { BET_STATUS_LABEL, DEFAULT_DATE_FILTER, formatYuan, type BetRecordItem, type DateFilter } from '@casino/contract';
import { ExportCsv } from '../../money/ExportCsv';
import { Money } from '../../components/Money';
import { DateTabs, RecordList, usePagedList, VenueFilter, winLossClass } from '../../money/records';

const STATUS_TONE: Record<number, string> = { 0: 'grey', 1: 'green', 2: 'gold' };

/**
 * 投注记录 (spec sections 2, 4, 9): date filter (default 近30天), venue filter, and an
 * infinite list of POST /api/betrecord {date, page, api_type}.
 */
export default function BetRecordPage() {
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [venue, setVenue] = useState('');
  const list = usePagedList<BetRow>('/api/betrecord', { date, api_type: venue }, (b) => String(b.bet_id));

  return (
    <div className="rec-page" data-testid="bet-record">
      <div className="rec-filters">
        <div className="rec-filter-row">
          <DateTabs value={date} onChange={setDate} />
          <ExportCsv kind="bets" />
        </div>
        <div className="rec-filter-row">
          <VenueFilter value={venue} onChange={setVenue} />
        </div>
      </div>
      <div className="rec-body">
        <RecordList
          list={list}
          testId="bet-list"
          emptyTitle="暂无投注记录"
          emptyText="所选时间内没有注单，换个日期或场馆看看"
          emptyLink={{ to: '/', label: '去游戏大厅' }}
          render={(b) => <BetItem key={b.bet_id} bet={b} />}
        />
      </div>
    </div>
  );
}

/** The server's rows also carry the venue's Chinese name (platname). */
type BetRow = BetRecordItem & { platname?: string };

function BetItem({ bet }: { bet: BetRow }) {
  const status = Number(bet.status);
  const winLoss = Number(bet.win_loss) || 0;
  const settled = status === 1;
  return (
    <article className="card rec-item" data-testid="bet-item">
      <div className="rec-item-head">
        <span className="rec-item-title">
          {bet.Code || '—'}
          {/* a venue's lobby is named as the venue (沙巴体育): its name once */}
          {bet.platname && bet.platname !== bet.Code ? <span className="rec-item-sub">{bet.platname}</span> : null}
        </span>
        <span className={`rec-tag rec-tag--${STATUS_TONE[status] ?? 'grey'}`} data-testid="bet-status">
          {BET_STATUS_LABEL[status] ?? '未知'}
        </span>
      </div>
      <div className="rec-item-figures">
        <div className="rec-fig">
          <span className="rec-fig-label">投注金额</span>
          <Money className="rec-fig-value" testId="bet-amount">{formatYuan(Number(bet.bet_amount) || 0, true)}</Money>
        </div>
        <div className="rec-fig">
          <span className="rec-fig-label">输赢</span>
          <Money className={`rec-fig-value ${settled ? winLossClass(winLoss) : ''}`} testId="bet-winloss">
            {settled || winLoss !== 0 ? `${winLoss > 0 ? '+' : ''}${formatYuan(winLoss, true)}` : '--'}
          </Money>
        </div>
      </div>
      <div className="rec-item-foot">
        <span>注单号：{bet.bet_id}</span>
        <span className="num">{bet.created_at}</span>
      </div>
    </article>
  );
}
