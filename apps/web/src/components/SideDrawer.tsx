import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { MSG } from '@casino/contract';
import { useSession } from '../session/store';
import { useGo } from '../lib/nav';
import { copyText } from '../lib/clipboard';
import { logoutWithConfirm } from '../session/logout';
import { toast } from '../ui/feedback';
import { DEFAULT_SITE_TITLE } from '../config';
import { messagingLink } from '../lib/messaging';
import { Logo } from './Logo';
import { Avatar } from './Avatar';
import {
  IconBell,
  IconChat,
  IconChevronRight,
  IconCopy,
  IconGlobe,
  IconInfo,
  IconLogin,
  IconPlane,
  IconPower,
} from './icons';
import './SideDrawer.css';

interface Props {
  open: boolean;
  onClose(): void;
}

/** The home page's side drawer (spec section 2, Home). */
export default function SideDrawer({ open, onClose }: Props) {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const appInfo = useSession((s) => s.appInfo);
  const messageNum = useSession((s) => s.messageNum);
  const go = useGo();
  const domain = (appInfo?.h5_url || '').trim() || window.location.origin;
  const messagingLogin = messagingLink(appInfo, 'tg_login_url');

  const goTo = (to: string) => {
    onClose();
    go(to);
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="left"
      bodyClassName="drawer"
      destroyOnClose={false}
    >
      <div className="drawer-inner" data-testid="side-drawer">
        <div className="drawer-top">
          {token ? <Avatar src={user?.avatar} size={48} /> : <Logo size={48} />}
          <div className="drawer-who">
            <div className="drawer-name">{token ? user?.username || '会员' : appInfo?.title || DEFAULT_SITE_TITLE}</div>
            <div className="drawer-sub">{token ? '欢迎回来，祝您好运' : '登录后畅享全部功能'}</div>
          </div>
        </div>

        <nav className="drawer-list">
          {messagingLogin ? (
            <DrawerItem icon={<IconPlane />} label="Telegram 登录" href={messagingLogin} testId="drawer-messaging-login" />
          ) : null}
          {token && (
            <DrawerItem
              icon={<IconBell />}
              label="消息中心"
              extra={messageNum > 0 ? <span className="drawer-dot">{messageNum > 99 ? '99+' : messageNum}</span> : null}
              onClick={() => goTo('/message')}
              testId="drawer-message"
            />
          )}
          <DrawerItem icon={<IconChat />} label="意见反馈" onClick={() => goTo('/kefu')} testId="drawer-feedback" />
          <DrawerItem
            icon={<IconGlobe />}
            label="永久域名"
            extra={
              <span className="drawer-domain">
                <span className="drawer-domain-text" data-testid="drawer-domain">
                  {domain.replace(/^https?:\/\//, '')}
                </span>
                <IconCopy size={14} />
              </span>
            }
            onClick={async () => {
              if (await copyText(domain)) toast(MSG.copied, 'success');
            }}
            testId="drawer-copy-domain"
            noArrow
          />
          <DrawerItem icon={<IconInfo />} label="关于我们" onClick={() => goTo('/abouts?type=5')} testId="drawer-about" />
        </nav>

        <div className="drawer-foot">
          {token ? (
            <button
              type="button"
              className="drawer-logout"
              data-testid="drawer-logout"
              onClick={() => {
                onClose();
                void logoutWithConfirm();
              }}
            >
              <IconPower size={18} />
              退出登录
            </button>
          ) : (
            <button type="button" className="btn-gold btn-block" data-testid="drawer-login" onClick={() => goTo('/login')}>
              <IconLogin size={18} />
              登录
            </button>
          )}
        </div>
      </div>
    </Popup>
  );
}

function DrawerItem(props: {
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
  onClick?: () => void;
  href?: string;
  testId: string;
  noArrow?: boolean;
}) {
  const body = (
    <>
      <span className="drawer-icon">{props.icon}</span>
      <span className="drawer-label">{props.label}</span>
      {props.extra}
      {!props.noArrow && <IconChevronRight size={16} className="drawer-arrow" />}
    </>
  );
  if (props.href) {
    return (
      <a className="drawer-item" href={props.href} target="_blank" rel="noopener noreferrer" data-testid={props.testId}>
        {body}
      </a>
    );
  }
  return (
    <button type="button" className="drawer-item" onClick={props.onClick} data-testid={props.testId}>
      {body}
    </button>
  );
}
