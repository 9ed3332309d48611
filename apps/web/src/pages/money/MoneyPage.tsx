import type { ReactNode } from 'react';
import { TIMERS } from '@casino/contract';
import { AppLink } from '../../lib/nav';
import { useBalanceList } from '../../hooks/api/wallet';
import { BalanceHero, VenueGrid } from '../../money/BalancePanel';
import { IconCard } from '../../money/icons';
import { IconChevronRight, IconDeposit, IconRecords, IconTransfer, IconWithdraw } from '../../components/icons';
import './MoneyPage.css';

interface Action {
  to: string;
  label: string;
  icon: ReactNode;
  tone: string;
  testId: string;
}

const ACTIONS: Action[] = [
  { to: '/recharge', label: '存款', icon: <IconDeposit />, tone: 'gold', testId: 'money-link-recharge' },
  { to: '/transfer', label: '转账', icon: <IconTransfer />, tone: 'blue', testId: 'money-link-transfer' },
  { to: '/withdrawal', label: '取款', icon: <IconWithdraw />, tone: 'navy', testId: 'money-link-withdrawal' },
  { to: '/wallet', label: '卡片管理', icon: <IconCard />, tone: 'green', testId: 'money-link-wallet' },
];

/**
 * 我的钱包 (spec section 2): totals of the central and game wallets, links to deposit,
 * transfer, withdrawal and cards, the per-venue balances (POST /api/balancelist every
 * 3.5 s while this screen is shown) and the one-click recall.
 */
export default function MoneyPage() {
  const w = useBalanceList({ intervalMs: TIMERS.moneyPollMs });

  return (
    <div className="page-body money" data-testid="money">
      <BalanceHero
        central={w.central}
        game={w.game}
        loading={w.loading && !w.loaded}
        refreshing={w.refreshing}
        onRefresh={w.refresh}
        showTotal
      />

      <nav className="card money-actions" aria-label="资金操作">
        {ACTIONS.map((a) => (
          <AppLink key={a.to} to={a.to} className="money-action" data-testid={a.testId}>
            <span className={`money-action-icon money-action-icon--${a.tone}`}>{a.icon}</span>
            {a.label}
          </AppLink>
        ))}
      </nav>

      <VenueGrid venues={w.venues} loading={w.loading} failed={w.failed} onRetry={w.refresh} hint="实时更新" />

      <section className="card money-links">
        <AppLink to="/transRecord" className="money-row" data-testid="money-link-transRecord">
          <span className="money-row-icon">
            <IconTransfer />
          </span>
          <span className="money-row-label">交易记录</span>
          <span className="money-row-sub">存取款、转账明细</span>
          <IconChevronRight size={16} className="money-row-arrow" />
        </AppLink>
        <AppLink to="/betRecord" className="money-row" data-testid="money-link-betRecord">
          <span className="money-row-icon">
            <IconRecords />
          </span>
          <span className="money-row-label">投注记录</span>
          <span className="money-row-sub">各场馆注单</span>
          <IconChevronRight size={16} className="money-row-arrow" />
        </AppLink>
      </section>

      <p className="money-tip">温馨提示：一键回收会将所有场馆余额转回中心钱包；开启自动免转后，进入游戏时余额将自动转入对应场馆。</p>
    </div>
  );
}
