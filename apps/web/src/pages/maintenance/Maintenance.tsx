import { useEffect, useId } from 'react';
import { useSession } from '../../session/store';
import { loadAppInfo } from '../../session/actions';
import { DEFAULT_SITE_TITLE } from '../../config';
import { Logo } from '../../components/Logo';
import { IconRefresh, IconShield } from '../../components/icons';
import './Maintenance.css';

/**
 * How often a member on the maintenance screen asks POST /api/app again. The server keeps its
 * settings for a few seconds and answers this call from memory, so every open screen asking
 * four times a minute is cheap; a member coming back to the tab (or online again) asks at once.
 */
export const MAINTENANCE_POLL_MS = 15_000;

/**
 * site_state 0: the only screen shown, with the server's repair_tips. It checks again on its own:
 * once the site reopens App renders the site where the member was, without a reload.
 */
export default function Maintenance() {
  const appInfo = useSession((s) => s.appInfo);
  useReopenCheck();
  const title = appInfo?.title || DEFAULT_SITE_TITLE;
  const tips = appInfo?.repair_tips?.trim() || '网站维护中，请稍后访问！';
  return (
    <div className="mt" data-testid="maintenance">
      <div className="mt-brand">
        <Logo size={34} />
        <span>{title}</span>
      </div>
      <MaintenanceArt />
      <h1 className="mt-title">系统维护中</h1>
      <p className="mt-sub">为了给您带来更好的体验，我们正在进行系统升级</p>
      <div className="mt-card">
        <div className="mt-card-head">维护公告</div>
        <p className="mt-tips" data-testid="maintenance-tips">
          {tips}
        </p>
      </div>
      <div className="mt-safe">
        <IconShield size={16} />
        维护期间您的资金安全不受任何影响
      </div>
      <button type="button" className="btn-gold mt-retry" onClick={() => window.location.reload()}>
        <IconRefresh size={16} strokeWidth={2.2} />
        刷新重试
      </button>
      <p className="mt-auto" data-testid="maintenance-auto">
        维护结束后页面将自动恢复，无需手动刷新
      </p>
    </div>
  );
}

/** POST /api/app every MAINTENANCE_POLL_MS while shown, and when the tab is shown again or the network is back. */
function useReopenCheck() {
  useEffect(() => {
    let inFlight = false;
    const check = () => {
      if (inFlight || document.visibilityState === 'hidden') return;
      inFlight = true;
      void loadAppInfo().finally(() => {
        inFlight = false;
      });
    };
    const timer = window.setInterval(check, MAINTENANCE_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', check);
    };
  }, []);
}

function MaintenanceArt() {
  const id = useId().replace(/:/g, '');
  const g = `mt-g-${id}`;
  return (
    <svg className="mt-art" width="240" height="176" viewBox="0 0 240 176" aria-hidden="true">
      <defs>
        <linearGradient id={g} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e3ad" />
          <stop offset="1" stopColor="#c9984a" />
        </linearGradient>
        <radialGradient id={`${g}-glow`} cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#e6c074" stopOpacity=".35" />
          <stop offset="1" stopColor="#e6c074" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="120" cy="86" r="86" fill={`url(#${g}-glow)`} />
      {/* monitor */}
      <rect x="52" y="34" width="136" height="92" rx="12" fill="#1c2a55" stroke={`url(#${g})`} strokeWidth="3" />
      <rect x="62" y="44" width="116" height="72" rx="6" fill="#0f1833" />
      <path d="M108 126h24l6 18h-36z" fill="#22325f" />
      <rect x="88" y="142" width="64" height="7" rx="3.5" fill={`url(#${g})`} />
      {/* progress lines on screen */}
      <rect x="74" y="58" width="64" height="6" rx="3" fill="#e6c074" opacity=".85" />
      <rect x="74" y="72" width="92" height="6" rx="3" fill="#3a4d86" />
      <rect x="74" y="72" width="48" height="6" rx="3" fill="#e6c074" opacity=".6" />
      <rect x="74" y="86" width="80" height="6" rx="3" fill="#3a4d86" />
      <rect x="74" y="100" width="40" height="6" rx="3" fill="#3a4d86" />
      {/* gear */}
      <g transform="translate(178 38)">
        <g className="mt-gear">
          <path
            d="M0-26l5 .8 1.6 6.2 4.9 2 5.5-3.3 4 3.3-3.3 5.5 2 4.9 6.2 1.6.8 5-.8 5-6.2 1.6-2 4.9 3.3 5.5-4 3.3-5.5-3.3-4.9 2L5 25.2 0 26l-5-.8-1.6-6.2-4.9-2-5.5 3.3-4-3.3 3.3-5.5-2-4.9-6.2-1.6L-26 0l.8-5 6.2-1.6 2-4.9-3.3-5.5 4-3.3 5.5 3.3 4.9-2L-5-25.2z"
            fill={`url(#${g})`}
          />
          <circle r="9" fill="#101a36" />
        </g>
      </g>
      {/* wrench */}
      <g transform="translate(44 118) rotate(-40)">
        <rect x="-4" y="0" width="8" height="40" rx="4" fill="#c9d0e2" />
        <path d="M-11-10a11 11 0 0 0 22 0l-5 0 0 6-12 0 0-6z" fill="#c9d0e2" />
      </g>
      <circle cx="30" cy="40" r="3" fill="#e6c074" opacity=".7" />
      <circle cx="214" cy="120" r="4" fill="#e6c074" opacity=".5" />
      <circle cx="206" cy="150" r="2" fill="#fff" opacity=".4" />
    </svg>
  );
}
