import type { ReactNode } from 'react';
import { useSession } from '../../session/store';
import { AppLink } from '../../lib/nav';
import { IconChevronRight, IconIdCard, IconKey, IconLock, IconShield, IconWallet } from '../../components/icons';
import { AvatarPicker } from '../userInfo/AvatarPicker';
import '../userInfo/account.css';
import './UserCentPage.css';

interface Row {
  to: string;
  label: string;
  desc: string;
  icon: ReactNode;
  testId: string;
  done?: boolean;
}

/**
 * 安全中心 (spec section 2): the security hub, linking to 个人资料 (/userInfo), 钱包管理
 * (/wallet), 登录密码 (/password?type=1) and 支付密码 (/password?type=2). The top card
 * counts how much of the profile is filled in.
 */
export default function UserCentPage() {
  const user = useSession((s) => s.user);
  const filled = [user?.mobile, user?.email, user?.birthday].filter(Boolean).length;
  const score = 2 + filled; // both passwords exist from registration, plus three profile fields
  const level = score >= 5 ? '高' : score >= 4 ? '中' : '低';

  const rows: Row[] = [
    { to: '/userInfo', label: '个人资料', desc: filled === 3 ? '资料已完善' : '完善手机号、邮箱与生日', icon: <IconIdCard />, testId: 'usercent-userInfo', done: filled === 3 },
    { to: '/wallet', label: '钱包管理', desc: '绑定银行卡与USDT地址', icon: <IconWallet />, testId: 'usercent-wallet' },
    { to: '/password?type=1', label: '登录密码', desc: '定期修改，保护账户安全', icon: <IconLock />, testId: 'usercent-password' },
    { to: '/password?type=2', label: '支付密码', desc: '用于取款与绑卡验证', icon: <IconKey />, testId: 'usercent-paypassword' },
  ];

  return (
    <div className="acct" data-testid="usercent">
      <section className="acct-hero">
        <AvatarPicker size={56} testId="usercent-avatar" />
        <div className="acct-hero-text">
          <div className="acct-hero-name">{user?.username ?? ''}</div>
          <div className="uc-level">
            安全等级
            <span className={`uc-bars uc-bars--${score >= 5 ? 3 : score >= 4 ? 2 : 1}`} aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            <b data-testid="usercent-level">{level}</b>
          </div>
        </div>
        <span className="acct-hero-icon">
          <IconShield size={26} />
        </span>
      </section>

      <section className="card acct-card uc-list">
        {rows.map((r) => (
          <AppLink key={r.to} to={r.to} className="uc-row" data-testid={r.testId}>
            <span className="uc-icon">{r.icon}</span>
            <span className="uc-text">
              <span className="uc-label">{r.label}</span>
              <span className="uc-desc">{r.desc}</span>
            </span>
            {r.done === false ? <span className="uc-todo">待完善</span> : null}
            <IconChevronRight size={16} className="acct-picker-chev" />
          </AppLink>
        ))}
      </section>
      <p className="acct-tip">为保障资金安全，请勿将登录密码与支付密码告知他人，客服人员不会向您索要密码。</p>
    </div>
  );
}
