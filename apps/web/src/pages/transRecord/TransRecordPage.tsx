import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_DATE_FILTER,
  formatYuan,
  TRANS_TYPES,
  transStateLabel,
  type DateFilter,
  type TransRecordItem,
  type TransRecordType,
} from '@casino/contract';
import { ExportCsv } from '../../money/ExportCsv';
import { DateTabs, RecordList, usePagedList, VenueFilter } from '../../money/records';
import { AppLink } from '../../lib/nav';
import { Tabs } from '../../components/Tabs';
import { IconArrowIn, IconArrowOut } from '../../money/icons';
import { IconDeposit, IconWithdraw } from '../../components/icons';
import { Money } from '../../components/Money';
import { livePhase, phaseOf, PhaseLine, PhaseTag, wireMs } from '../../money/OrderPhase';
import './TransRecordPage.css';

const TYPE_ICON: Record<TransRecordType, ReactNode> = {
  1: <IconDeposit size={20} />,
  2: <IconWithdraw size={20} />,
  3: <IconArrowIn size={20} />,
  4: <IconArrowOut size={20} />,
};

/** Tone of a state label: deposits/withdrawals 1 待审核 2 已通过 3 已拒绝; transfers 0 失败 1 成功 2 待结算. */
function stateTone(type: TransRecordType, state: number): string {
  if (type === 3 || type === 4) return ({ 0: 'red', 1: 'green', 2: 'gold' } as Record<number, string>)[state] ?? 'grey';
  return ({ 1: 'gold', 2: 'green', 3: 'red' } as Record<number, string>)[state] ?? 'grey';
}

const EMPTY_LINK: Record<TransRecordType, { to: string; label: string }> = {
  1: { to: '/recharge', label: '去存款' },
  2: { to: '/withdrawal', label: '去取款' },
  3: { to: '/transfer', label: '去转账' },
  4: { to: '/transfer', label: '去转账' },
};

function readType(raw: string | null): TransRecordType {
  const n = Number(raw);
  return (TRANS_TYPES.some((t) => t.value === n) ? n : 1) as TransRecordType;
}

/**
 * 交易记录 (spec sections 2, 4, 9): the type picker (存款 / 取款 / 转入 / 转出; the query
 * `type` 1-4 opens it on that type), the date filter, for transfers a venue filter, and an
 * infinite list of POST /api/gettransrecord {date, type, page, api_type}.
 */
export default function TransRecordPage() {
  const [params, setParams] = useSearchParams();
  const type = readType(params.get('type'));
  // issue 34: 待处理订单 (会员中心, ?type=1&pending=1): only deposits still waiting for their payment
  const pending = type === 1 && params.get('pending') === '1';
  const [date, setDate] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [venue, setVenue] = useState('');
  const isTransfer = type === 3 || type === 4;
  const list = usePagedList<TransRecordItem>(
    '/api/gettransrecord',
    pending ? { date, type, pending: 1, api_type: '' } : { date, type, api_type: isTransfer ? venue : '' },
    // a deposit and its 充值赠送 line share the order number
    (t) => `${t.out_trade_no}:${t.pay_way}`,
  );
  const typeLabel = TRANS_TYPES.find((t) => t.value === type)!.label;

  return (
    <div className="rec-page" data-testid="trans-record">
      <div className="rec-filters">
        {pending ? (
          <div className="tr-pending-head" data-testid="trans-pending-head">
            <b>待处理订单</b>
            <span>等待支付的存款订单</span>
            <AppLink to="/transRecord?type=1" className="tr-pending-all" data-testid="trans-pending-all">
              全部存款记录
            </AppLink>
          </div>
        ) : null}
        {pending ? null : (
          <>
            <Tabs
              items={TRANS_TYPES}
              value={type}
              onChange={(t) => setParams({ type: String(t) }, { replace: true })}
              label="交易类型"
              className="tr-types"
              itemClass="tr-type"
              testIdPrefix="trans-type-"
              testId="trans-type-picker"
              render={(t) => (
                <>
                  <span className="tr-type-icon">{TYPE_ICON[t.value]}</span>
                  {t.label}
                </>
              )}
            />
            <div className="rec-filter-row">
              <DateTabs value={date} onChange={setDate} />
              <ExportCsv kind="trans" />
            </div>
          </>
        )}
        {isTransfer && (
          <div className="rec-filter-row">
            <VenueFilter value={venue} onChange={setVenue} />
          </div>
        )}
      </div>
      <div className="rec-body">
        <RecordList
          list={list}
          testId="trans-list"
          emptyTitle={pending ? '暂无待处理订单' : `暂无${typeLabel}记录`}
          emptyText={pending ? '没有等待支付的存款订单' : '所选时间内没有交易，换个日期看看'}
          emptyLink={EMPTY_LINK[type]}
          render={(t) => <TransItem key={`${t.out_trade_no}:${t.pay_way}`} item={t} type={type} label={typeLabel} />}
        />
      </div>
    </div>
  );
}

function TransItem({ item, type, label }: { item: TransRecordItem; type: TransRecordType; label: string }) {
  const state = Number(item.state);
  // issue 34: a deposit line carries its phase (a 充值赠送 line is credited)
  const expiresAt = item.expires_at ? wireMs(item.expires_at) : NaN;
  const phase = type === 1 && item.phase ? livePhase(phaseOf(item.phase), expiresAt) : null;
  const payInfoPath = `/payInfo?deposit_no=${encodeURIComponent(item.out_trade_no)}`;
  return (
    <article className="card rec-item tr-item" data-testid="trans-item">
      <span className={`tr-item-icon tr-item-icon--${type}`}>{TYPE_ICON[type]}</span>
      <div className="tr-item-main">
        <div className="rec-item-head">
          <span className="rec-item-title">
            {label}
            {item.pay_way ? <span className="tr-way">{item.pay_way}</span> : null}
          </span>
          <Money className="tr-amount" testId="trans-amount">{`¥${formatYuan(Number(item.amount) || 0, true)}`}</Money>
        </div>
        <div className="rec-item-foot">
          {type === 1 && phase ? (
            // a deposit: its details (account or cashier, countdown, why) are one tap away
            <AppLink to={payInfoPath} className="tr-paylink" data-testid="trans-payinfo">
              订单号：{item.out_trade_no}
            </AppLink>
          ) : (
            <span>订单号：{item.out_trade_no}</span>
          )}
          {phase ? (
            // issue 34: the contract's one name of the order's state, as on 支付信息
            <PhaseTag phase={phase} testId="trans-state" />
          ) : (
            <span className={`rec-tag rec-tag--${stateTone(type, state)}`} data-testid="trans-state">
              {transStateLabel(type, state)}
            </span>
          )}
        </div>
        {phase ? (
          <PhaseLine
            phase={phase}
            why={item.why ?? ''}
            expiresAt={expiresAt}
            pay={
              <AppLink to={payInfoPath} className="op-go" data-testid="trans-pay">
                去支付
              </AppLink>
            }
          />
        ) : null}
        <div className="tr-time num">{item.created_at}</div>
      </div>
    </article>
  );
}
