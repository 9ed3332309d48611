import type { ReactNode } from 'react';

const gold = (
  <linearGradient id="app-gold" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stopColor="#fbe7b5" />
    <stop offset=".5" stopColor="#e6c074" />
    <stop offset="1" stopColor="#b8893d" />
  </linearGradient>
);

function Art({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 120 100" width="120" height="100">
      <defs>{gold}</defs>
      {children}
    </svg>
  );
}

/** The app's selling points, each with a small drawing. */
export const SLIDES: { title: string; text: string; art: ReactNode }[] = [
  {
    title: '极速稳定',
    text: '独立线路加速，进入游戏更快，告别卡顿掉线',
    art: (
      <Art>
        <rect x="38" y="8" width="44" height="84" rx="9" fill="#0b1226" stroke="url(#app-gold)" strokeWidth="3" />
        <rect x="44" y="18" width="32" height="60" rx="3" fill="#22325f" />
        <path d="M62 26 L52 50 H61 L57 70 L70 42 H61 Z" fill="url(#app-gold)" />
        <circle cx="60" cy="85" r="2.5" fill="#e6c074" />
      </Art>
    ),
  },
  {
    title: '资金安全',
    text: '多重加密与独立账户，存取款全程可追溯',
    art: (
      <Art>
        <path d="M60 8 L92 20 V46 C92 70 76 84 60 92 C44 84 28 70 28 46 V20 Z" fill="url(#app-gold)" />
        <path d="M60 18 L84 27 V46 C84 64 72 75 60 81 C48 75 36 64 36 46 V27 Z" fill="#101a36" />
        <path d="M47 48 L56 57 L74 38" stroke="#e6c074" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </Art>
    ),
  },
  {
    title: '专属服务',
    text: '一键直达在线客服，活动消息第一时间送达',
    art: (
      <Art>
        <path d="M30 52 a30 30 0 0 1 60 0" stroke="url(#app-gold)" strokeWidth="6" fill="none" />
        <rect x="22" y="50" width="16" height="26" rx="6" fill="#22325f" stroke="url(#app-gold)" strokeWidth="3" />
        <rect x="82" y="50" width="16" height="26" rx="6" fill="#22325f" stroke="url(#app-gold)" strokeWidth="3" />
        <rect x="46" y="30" width="28" height="20" rx="6" fill="#e6c074" />
        <circle cx="54" cy="40" r="2.5" fill="#101a36" />
        <circle cx="60" cy="40" r="2.5" fill="#101a36" />
        <circle cx="66" cy="40" r="2.5" fill="#101a36" />
      </Art>
    ),
  },
];
