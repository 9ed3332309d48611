import type { ReactNode } from 'react';
import { Money } from '../../components/Money';
import { useSession } from '../../session/store';
import { useBalanceActions } from '../../session/useBalanceActions';
import { logoutWithConfirm } from '../../session/logout';
import { AppLink } from '../../lib/nav';
import { AvatarPicker } from '../userInfo/AvatarPicker';
import { VipBadge, vipLevel } from '../../components/VipBadge';
import {
  IconBell,
  IconChevronRight,
  IconClock,
  IconHourglass,
  IconCoins,
  IconCrown,
  IconDeposit,
  IconGift,
  IconIdCard,
  IconPower,
  IconRecords,
  IconRedPacket,
  RefreshButton,
  IconService,
  IconShield,
  IconTransfer,
  IconUserPlus,
  IconWithdraw,
} from '../../components/icons';
import ChatUnreadBadge from '../../components/ChatUnreadBadge';
import { useAgentStateRefresh } from '../../hooks/api/agents';
import './MinePage.css';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  extra?: ReactNode;
}

/** Member centre (spec section 2): top card with the avatar upload, balance, links, log out. */
export default function MinePage() {
  const user = useSession((s) => s.user);
  const messageNum = useSession((s) => s.messageNum);
  const { refreshing, refresh } = useBalanceActions();
  const level = vipLevel(user);
  useAgentStateRefresh(); // issue 34: 代理加盟 flips to 代理中心 once approved, without a reload

  const features: Item[] = [
    { to: '/vip', label: 'VIP特权', icon: <IconCrown />, testId: 'mine-link-vip' },
    { to: '/activity', label: '优惠活动', icon: <IconGift />, testId: 'mine-link-activity' },
    { to: '/fanshui', label: '返水中心', icon: <IconCoins />, testId: 'mine-link-fanshui' },
    { to: '/hongbao', label: '抢红包', icon: <IconRedPacket />, testId: 'mine-link-hongbao' },
  ];
  const list: Item[] = [
    { to: '/userInfo', label: '个人资料', icon: <IconIdCard />, testId: 'mine-link-userInfo' },
    { to: '/userCent', label: '安全中心', icon: <IconShield />, testId: 'mine-link-userCent' },
    // issue 22: responsible play
    { to: '/responsible', label: '自我管理', icon: <IconHourglass />, testId: 'mine-link-responsible', extra: <span className="mine-tag">负责任博彩</span> },
    { to: '/betRecord', label: '投注记录', icon: <IconRecords />, testId: 'mine-link-betRecord' },
    { to: '/transRecord', label: '交易记录', icon: <IconTransfer />, testId: 'mine-link-transRecord' },
    // issue 34: unpaid deposits only (the spec's /transRecord?type=1, narrowed by pending=1)
    { to: '/transRecord?type=1&pending=1', label: '待处理订单', icon: <IconClock />, testId: 'mine-link-pending' },
    {
      to: '/message',
      label: '消息中心',
      icon: <IconBell />,
      testId: 'mine-link-message',
      extra: messageNum > 0 ? <span className="mine-dot">{messageNum > 99 ? '99+' : messageNum}</span> : null,
    },
    // issue 20: an agent (userInfo isagent 1) reaches its portal here; others keep the application
    user?.isagent === 1
      ? { to: '/agent', label: '代理中心', icon: <IconUserPlus />, testId: 'mine-link-agent', extra: <span className="mine-tag">推广赚佣金</span> }
      : { to: '/applyagent', label: '代理加盟', icon: <IconUserPlus />, testId: 'mine-link-applyagent' },
    { to: '/kefu', label: '在线客服', icon: <IconService />, testId: 'mine-link-kefu', extra: <ChatUnreadBadge variant="inline" testId="mine-kefu-unread" /> },
  ];

  return (
    <div className="mine" data-testid="mine">
      <section className="mine-top">
        <div className="mine-top-bar">
          <span className="mine-top-title">会员中心</span>
          <div className="mine-top-icons">
            <AppLink to="/userCent" aria-label="安全中心" className="mine-top-icon">
              <IconShield size={20} />
            </AppLink>
            <AppLink to="/message" aria-label="消息中心" className="mine-top-icon">
              <IconBell size={20} />
              {messageNum > 0 && <i className="mine-top-dot" />}
            </AppLink>
          </div>
        </div>
        <div className="mine-profile">
          <div className="mine-avatar">
            <AvatarPicker size={64} testId="mine-avatar" />
          </div>
          <div className="mine-who">
            {user ? (
              <div className="mine-name" data-testid="mine-username">
                {user.username}
              </div>
            ) : (
              <span className="sk" style={{ width: 110, height: 18, opacity: 0.25 }} />
            )}
            <div className="mine-badges">
              <VipBadge level={level} testId="mine-vip" />
              {/* only a name an operator checked earns the badge (issue 15); typing one proves nothing */}
              {user?.realname_verified === 1 ? (
                <span className="mine-real" data-testid="mine-verified">
                  已实名
                </span>
              ) : null}
            </div>
          </div>
          <AppLink to="/vip" className="mine-vip-link">
            VIP特权
            <IconChevronRight size={14} />
          </AppLink>
        </div>
      </section>

      <section className="card mine-wallet">
        <div className="mine-wallet-head">
          <span>中心钱包（元）</span>
          <RefreshButton className="mine-refresh" testId="mine-refresh" onClick={refresh} refreshing={refreshing} size={15} />
        </div>
        <div className="mine-balance num">
          <span className="mine-cur">¥</span>
          {user ? (
            <Money testId="mine-balance" value={Number(user.balance) || 0} />
          ) : (
            <span className="sk" style={{ display: 'inline-block', width: 120, height: 24 }} />
          )}
        </div>
        {/* money moved into games (自动免转) is still the member's: say where it is */}
        {user && Number(user.gameblance) > 0 ? (
          <AppLink to="/transfer" className="wallet-game-line" data-testid="mine-game-balance">
            另有游戏钱包 ¥<Money value={Number(user.gameblance)} />，可一键回收
          </AppLink>
        ) : null}
        <div className="mine-actions">
          <AppLink to="/recharge" className="mine-action" data-testid="mine-link-recharge">
            <span className="mine-action-icon mine-action-icon--gold">
              <IconDeposit />
            </span>
            存款
          </AppLink>
          <AppLink to="/withdrawal" className="mine-action" data-testid="mine-link-withdrawal">
            <span className="mine-action-icon mine-action-icon--navy">
              <IconWithdraw />
            </span>
            取款
          </AppLink>
          <AppLink to="/money" className="mine-action" data-testid="mine-link-money">
            <span className="mine-action-icon mine-action-icon--blue">
              <IconTransfer />
            </span>
            我的钱包
          </AppLink>
        </div>
      </section>

      <section className="card mine-grid" aria-label="常用功能">
        {features.map((f) => (
          <AppLink key={f.to} to={f.to} className="mine-grid-item" data-testid={f.testId}>
            <span className="mine-grid-icon">{f.icon}</span>
            {f.label}
          </AppLink>
        ))}
      </section>

      <section className="card mine-list">
        {list.map((it) => (
          <AppLink key={it.to} to={it.to} className="mine-row" data-testid={it.testId}>
            <span className="mine-row-icon">{it.icon}</span>
            <span className="mine-row-label">{it.label}</span>
            {it.extra}
            <IconChevronRight size={16} className="mine-row-arrow" />
          </AppLink>
        ))}
      </section>

      <button type="button" className="mine-logout" data-testid="logout-button" onClick={() => void logoutWithConfirm()}>
        <IconPower size={18} />
        退出登录
      </button>
    </div>
  );
}
