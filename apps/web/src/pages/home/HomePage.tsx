import type { ReactNode } from 'react';
import { formatYuan } from '@casino/contract';
import { useSession } from '../../session/store';
import { useBalanceActions } from '../../session/useBalanceActions';
import { AppLink } from '../../lib/nav';
import { MESSAGING } from '../../config';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { VipBadge, vipLevel } from '../../components/VipBadge';
import {
  IconBolt,
  IconChevronRight,
  IconGift,
  IconPlane,
  IconRefresh,
  IconService,
  IconShield,
  IconTransfer,
} from '../../components/icons';
import { JackpotCounter } from './JackpotCounter';
import './HomePage.css';

function greeting(): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(new Date()),
  );
  if (hour < 5) return '夜深了';
  if (hour < 11) return '早上好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Home (spec section 2): greeting, balance, shortcuts; banners and games come later. */
export default function HomePage() {
  const token = useSession((s) => s.token);
  return (
    <div className="home" data-testid="home">
      <section className="home-band">
        <div className="card home-greet" data-testid="home-greeting">
          {token ? <MemberGreeting /> : <GuestGreeting />}
          <Shortcuts />
        </div>
      </section>
      <JackpotCounter />
      <TrustStrip />
      <footer className="home-foot">
        <span className="home-18">18+</span>
        理性投注 · 享受娱乐 · 未满十八周岁禁止参与
      </footer>
    </div>
  );
}

function MemberGreeting() {
  const user = useSession((s) => s.user);
  const { refreshing, refresh } = useBalanceActions();
  return (
    <>
      <div className="greet-row">
        <Avatar src={user?.avatar} size={46} />
        <div className="greet-who">
          <div className="greet-hello">
            {greeting()}，
            {user ? (
              <b data-testid="home-username">{user.username}</b>
            ) : (
              <span className="sk" style={{ display: 'inline-block', width: 72, height: 14, verticalAlign: -2 }} />
            )}
          </div>
          <VipBadge level={vipLevel(user)} testId="home-vip" />
        </div>
        <AppLink to="/mine" className="greet-more">
          会员中心
          <IconChevronRight size={14} />
        </AppLink>
      </div>
      <div className="greet-balance">
        <div>
          <div className="greet-label">中心钱包（元）</div>
          <div className="greet-amount num">
            <span className="greet-cur">¥</span>
            {user ? (
              <span data-testid="home-balance">{formatYuan(Number(user.balance) || 0, true)}</span>
            ) : (
              <span className="sk" style={{ display: 'inline-block', width: 110, height: 22 }} />
            )}
            <button
              type="button"
              className="greet-refresh"
              aria-label="刷新余额"
              data-testid="home-refresh"
              onClick={refresh}
              disabled={refreshing}
            >
              <IconRefresh size={16} strokeWidth={2.2} className={refreshing ? 'spin' : undefined} />
            </button>
          </div>
        </div>
        <div className="greet-money-actions">
          <AppLink to="/recharge" className="btn-gold">
            存款
          </AppLink>
          <AppLink to="/withdrawal" className="btn-navy">
            取款
          </AppLink>
        </div>
      </div>
    </>
  );
}

function GuestGreeting() {
  return (
    <>
      <div className="greet-row">
        <Logo size={46} />
        <div className="greet-who">
          <div className="greet-hello">您好，欢迎光临</div>
          <div className="greet-sub">登录后查看余额，畅享会员专属福利</div>
        </div>
      </div>
      <div className="greet-guest-actions">
        <AppLink to="/login" className="btn-navy" data-testid="home-login">
          立即登录
        </AppLink>
        <AppLink to="/login?type=1" className="btn-gold" data-testid="home-register">
          免费注册
        </AppLink>
      </div>
    </>
  );
}

function Shortcut({ icon, label, tone }: { icon: ReactNode; label: string; tone: string }) {
  return (
    <>
      <span className={`sc-icon sc-icon--${tone}`}>{icon}</span>
      <span className="sc-label">{label}</span>
    </>
  );
}

function Shortcuts() {
  return (
    <nav className="shortcuts" aria-label="快捷入口">
      <AppLink to="/activity" className="sc" data-testid="shortcut-activity">
        <Shortcut icon={<IconGift />} label="优惠活动" tone="red" />
      </AppLink>
      <AppLink to="/money" className="sc" data-testid="shortcut-money">
        <Shortcut icon={<IconTransfer />} label="额度转换" tone="gold" />
      </AppLink>
      <a className="sc" href={MESSAGING.botUrl} target="_blank" rel="noopener noreferrer" data-testid="shortcut-bot">
        <Shortcut icon={<IconPlane />} label="TG机器人" tone="blue" />
      </a>
    </nav>
  );
}

function TrustStrip() {
  const items = [
    { icon: <IconShield />, title: '安全保障', text: '多重加密 资金无忧' },
    { icon: <IconBolt />, title: '极速存取', text: '快速审核 及时到账' },
    { icon: <IconService />, title: '贴心服务', text: '7×24 小时在线' },
  ];
  return (
    <section className="card trust" aria-label="服务保障">
      {items.map((it) => (
        <div key={it.title} className="trust-item">
          <span className="trust-icon">{it.icon}</span>
          <span className="trust-title">{it.title}</span>
          <span className="trust-text">{it.text}</span>
        </div>
      ))}
    </section>
  );
}
