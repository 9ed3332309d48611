import { useEffect, useState, type ReactNode } from 'react';
import { beijingClock } from '@casino/contract';
import { Money } from '../../components/Money';
import { BreakBannerSlot } from '../../components/BreakBannerSlot';
import { useSession } from '../../session/store';
import { useBalanceActions } from '../../session/useBalanceActions';
import { AppLink } from '../../lib/nav';
import { DEFAULT_SITE_TITLE } from '../../config';
import { messagingLink } from '../../lib/messaging';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { VipBadge, vipLevel } from '../../components/VipBadge';
import {
  IconBolt,
  IconChevronRight,
  IconGift,
  IconPlane,
  RefreshButton,
  IconService,
  IconShield,
  IconTransfer,
} from '../../components/icons';
import { JackpotCounter } from './JackpotCounter';
import { Banners } from './Banners';
import { NoticeBar } from './NoticeBar';
import { GameTabs } from './GameTabs';
import { session } from '../../lib/storage';
import './HomePage.css';

function greeting(): string {
  const hour = beijingClock().getUTCHours();
  if (hour < 5) return '夜深了';
  if (hour < 11) return '早上好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Session-storage flag: the welcome modal was shown during this visit. */
const WELCOME_SHOWN = 'welcomeShown';

/**
 * Home (spec section 2): banners, announcements, greeting with balance or log-in prompt,
 * shortcuts, jackpot, game categories; the welcome modal. The red packet and the pull-up quick
 * pick of hot games live in the main layout's bottom dock.
 */
export default function HomePage() {
  const token = useSession((s) => s.token);
  return (
    <div className="home" data-testid="home">
      <section className="home-band">
        <Banners />
      </section>
      <NoticeBar />
      <BreakBannerSlot />
      <section className="home-greet-wrap">
        <div className="card home-greet" data-testid="home-greeting">
          {token ? <MemberGreeting /> : <GuestGreeting />}
          <Shortcuts />
        </div>
      </section>
      <JackpotCounter />
      <GameTabs />
      <TrustStrip />
      <footer className="home-foot">
        <span className="home-18">18+</span>
        理性投注 · 享受娱乐 · 未满十八周岁禁止参与
      </footer>
      <WelcomeModal />
    </div>
  );
}

/**
 * appInfo.index_modal 1: the welcome text (appInfo.webcontent, sanitized by the server when
 * saved) once per visit. Drawn here rather than with antd-mobile's Dialog, which would add
 * about 12 KB to every guest's first screen.
 */
function WelcomeModal() {
  const appInfo = useSession((s) => s.appInfo);
  const html = appInfo?.webcontent?.trim() ?? '';
  const on = Number(appInfo?.index_modal) === 1 && html !== '';
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!on || session.get(WELCOME_SHOWN)) return;
    session.set(WELCOME_SHOWN, '1');
    setOpen(true);
  }, [on]);
  if (!open) return null;
  return (
    <div className="wm-mask" role="dialog" aria-modal="true" aria-labelledby="wm-title">
      <div className="wm-card" data-testid="welcome-modal">
        <div className="wm-head">
          <Logo size={40} />
          <h2 id="wm-title" className="wm-title">
            {appInfo?.title || DEFAULT_SITE_TITLE}
          </h2>
        </div>
        <div className="welcome-body" dangerouslySetInnerHTML={{ __html: html }} />
        <button type="button" className="btn-gold btn-block wm-ok" data-testid="welcome-close" onClick={() => setOpen(false)}>
          我知道了
        </button>
      </div>
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
              <Money testId="home-balance" value={Number(user.balance) || 0} />
            ) : (
              <span className="sk" style={{ display: 'inline-block', width: 110, height: 22 }} />
            )}
            <RefreshButton className="greet-refresh" testId="home-refresh" onClick={refresh} refreshing={refreshing} />
          </div>
          {/* money moved into games (自动免转) is still the member's: say where it is */}
          {user && Number(user.gameblance) > 0 ? (
            <AppLink to="/transfer" className="wallet-game-line" data-testid="home-game-balance">
              游戏钱包 ¥<Money value={Number(user.gameblance)} />
            </AppLink>
          ) : null}
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
  const bot = useSession((s) => messagingLink(s.appInfo, 'tg_bot_url'));
  return (
    <nav className="shortcuts" aria-label="快捷入口">
      <AppLink to="/activity" className="sc" data-testid="shortcut-activity">
        <Shortcut icon={<IconGift />} label="优惠活动" tone="red" />
      </AppLink>
      <AppLink to="/money" className="sc" data-testid="shortcut-money">
        <Shortcut icon={<IconTransfer />} label="额度转换" tone="gold" />
      </AppLink>
      {bot ? (
        <a className="sc" href={bot} target="_blank" rel="noopener noreferrer" data-testid="shortcut-bot">
          <Shortcut icon={<IconPlane />} label="TG机器人" tone="blue" />
        </a>
      ) : null}
    </nav>
  );
}

function TrustStrip() {
  const items = [
    { icon: <IconShield />, title: '安全保障', text: '多重加密 资金无忧' },
    { icon: <IconBolt />, title: '极速存取', text: '快速审核 及时到账' },
    { icon: <IconService />, title: '贴心服务', text: '在线客服 随时留言' },
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
