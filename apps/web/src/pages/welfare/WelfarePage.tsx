import { formatYuan, type Paged, type RedPacketRecord } from '@casino/contract';
import { AppLink } from '../../lib/nav';
import { useRedPacketRecords } from '../../hooks/api/promotions';
import { QueryList } from '../fanshui/QueryList';
import { RedPacketArt } from '../hongbao/RedPacketArt';
import { Money } from '../../components/Money';
import './WelfarePage.css';

/** 福利中心 (/welfare, spec section 2): the member's red packets (POST /api/redpacket {page}) and the way to /hongbao and /fanshui. */
export default function WelfarePage() {
  const query = useRedPacketRecords();
  return (
    <div className="rec-page wf" data-testid="welfare-page">
      <div className="wf-links">
        <AppLink to="/hongbao" className="wf-link wf-link--red" data-testid="welfare-hongbao">
          <RedPacketArt className="wf-link-art" />
          <span>
            <b>抢红包</b>
            <small>每天 10:00-12:00</small>
          </span>
        </AppLink>
        <AppLink to="/fanshui" className="wf-link wf-link--navy" data-testid="welfare-fanshui">
          <svg className="wf-link-art" viewBox="0 0 40 40" aria-hidden="true">
            <circle cx="20" cy="20" r="17" fill="#e6c074" />
            <circle cx="20" cy="20" r="12" fill="none" stroke="#fff6dc" strokeWidth="2" />
            <path d="M15 14l5 6 5-6M14 21h12M14 26h12M20 20v10" stroke="#8a5a14" strokeWidth="2.2" fill="none" strokeLinecap="round" />
          </svg>
          <span>
            <b>返水中心</b>
            <small>每日返水 次日领取</small>
          </span>
        </AppLink>
      </div>
      <h2 className="wf-h">红包记录</h2>
      <div className="rec-body wf-body">
        <QueryList<Paged<RedPacketRecord>, RedPacketRecord>
          query={query}
          rowsOf={(p) => p.data}
          totalOf={(p) => p.total}
          testId="welfare-list"
          emptyTitle="暂无红包记录"
          emptyText="每天 10:00-12:00 开抢，存款越多次数越多"
          emptyAction={
            <AppLink to="/hongbao" className="btn-gold" data-testid="welfare-empty-hongbao">
              去抢红包
            </AppLink>
          }
          render={(r) => (
            <article className="card rec-item" key={r.grab_no} data-testid="welfare-item">
              <div className="rec-item-head">
                <span className="rec-item-title">
                  每日红包
                  <span className="rec-item-sub">{r.turnover_multiple}倍流水</span>
                </span>
                <span className="rec-tag rec-tag--green">已到账</span>
              </div>
              <div className="rec-item-figures">
                <div className="rec-fig">
                  <span className="rec-fig-label">红包金额</span>
                  <Money className="rec-fig-value rec-win" testId="welfare-amount">
                    {formatYuan(r.redpacketmoney, true)}
                  </Money>
                </div>
                <div className="rec-fig">
                  <span className="rec-fig-label">计入存款</span>
                  <Money className="rec-fig-value">{formatYuan(r.money, true)}</Money>
                </div>
              </div>
              <div className="rec-item-foot">
                <span>领取时间</span>
                <span className="num">{r.usetime}</span>
              </div>
            </article>
          )}
        />
      </div>
    </div>
  );
}
