import { useId, type ReactNode } from 'react';
import { AppLink } from '../lib/nav';
import { IconHome, IconService } from './icons';
import './ComingSoon.css';

/**
 * The empty state of pages whose features open in a later release: artwork, the
 * page's title, a short line, and ways onward (home, customer service).
 */
export function ComingSoon({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <div className="page-body soon" data-testid="coming-soon">
      <div className="card soon-card">
        <SoonArt icon={icon} />
        <h2 className="soon-title">{title}</h2>
        <p className="soon-text">{description || '该功能即将开放，敬请期待'}</p>
        <div className="soon-tag">功能即将开放</div>
        <div className="soon-actions">
          <AppLink to="/" className="btn-ghost-dark">
            <IconHome size={16} />
            返回首页
          </AppLink>
          <AppLink to="/kefu" className="btn-gold">
            <IconService size={16} />
            联系客服
          </AppLink>
        </div>
      </div>
      <p className="soon-foot">如有疑问，请随时联系在线客服</p>
    </div>
  );
}

function SoonArt({ icon }: { icon?: ReactNode }) {
  const id = useId().replace(/:/g, '');
  return (
    <div className="soon-art" aria-hidden="true">
      <svg width="168" height="120" viewBox="0 0 168 120">
        <defs>
          <linearGradient id={`s-g-${id}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f8e3ad" />
            <stop offset="1" stopColor="#d2a254" />
          </linearGradient>
          <linearGradient id={`s-n-${id}`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#273a70" />
            <stop offset="1" stopColor="#111b38" />
          </linearGradient>
        </defs>
        <ellipse cx="84" cy="108" rx="62" ry="7" fill="#e8eaf1" />
        <circle cx="30" cy="30" r="3" fill="#e6c074" opacity=".6" />
        <circle cx="142" cy="22" r="4" fill="#e6c074" opacity=".45" />
        <circle cx="150" cy="70" r="2.5" fill="#273a70" opacity=".3" />
        <path d="M22 72l3 6 6 1-5 4 1 6-5-3-5 3 1-6-5-4 6-1z" fill="#e6c074" opacity=".55" />
        <rect x="44" y="22" width="80" height="80" rx="22" fill={`url(#s-n-${id})`} />
        <rect x="44" y="22" width="80" height="80" rx="22" fill="none" stroke={`url(#s-g-${id})`} strokeWidth="2.5" />
        <circle cx="84" cy="62" r="27" fill="none" stroke="#e6c074" strokeOpacity=".25" strokeWidth="1.5" strokeDasharray="3 5" />
        <circle cx="120" cy="86" r="15" fill={`url(#s-g-${id})`} stroke="#fff" strokeWidth="3" />
        <path d="M120 78.5V86l5 3" fill="none" stroke="#101a36" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div className="soon-icon">{icon}</div>
    </div>
  );
}
