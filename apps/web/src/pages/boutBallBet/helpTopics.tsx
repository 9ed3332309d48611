import type { ReactNode } from 'react';
import { Svg, type P } from '../../components/icons';

/** Help centre topics (spec: 7 about us, 1 FAQ, 2 privacy, 3 disclaimer, 4 contact, 5 agent, 8 responsible gambling). */
export interface HelpTopic {
  type: number;
  title: string;
  desc: string;
  icon: (p: P) => ReactNode;
}

const IconAbout = (p: P) => (
  <Svg {...p}>
    <path d="M4 20V9l8-5 8 5v11" />
    <path d="M9 20v-6h6v6" />
    <path d="M3 20h18" />
  </Svg>
);
const IconFaq = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6" />
    <path d="M12 16.8v.2" />
  </Svg>
);
const IconPrivacy = (p: P) => (
  <Svg {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2.2" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    <path d="M12 14.5v2.5" />
  </Svg>
);
const IconNotice = (p: P) => (
  <Svg {...p}>
    <path d="M7 3.5h7l4 4v13H7a1.5 1.5 0 0 1-1.5-1.5V5A1.5 1.5 0 0 1 7 3.5z" />
    <path d="M14 3.5V8h4" />
    <path d="M9 12.5h6M9 16h4" />
  </Svg>
);
const IconContact = (p: P) => (
  <Svg {...p}>
    <path d="M5 12a7 7 0 0 1 14 0" />
    <rect x="3.5" y="12" width="4" height="6" rx="1.5" />
    <rect x="16.5" y="12" width="4" height="6" rx="1.5" />
    <path d="M18.5 18c0 1.5-1.5 2.5-4 2.5h-1.5" />
  </Svg>
);
const IconAgent = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3.5 19a5.5 5.5 0 0 1 11 0" />
    <path d="M16 8.5l1.5 1.5 3-3.2" />
    <path d="M16.5 14.2a5 5 0 0 1 4 4.8" />
  </Svg>
);
const IconCare = (p: P) => (
  <Svg {...p}>
    <path d="M12 20s-7-4.3-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.7-7 10-7 10z" />
    <path d="M12 11v3.5M10.3 12.8h3.4" />
  </Svg>
);

export const HELP_TOPICS: HelpTopic[] = [
  { type: 7, title: '关于我们', desc: '平台简介与服务承诺', icon: IconAbout },
  { type: 1, title: '常见问题', desc: '账户、存取款与游戏答疑', icon: IconFaq },
  { type: 2, title: '隐私政策', desc: '我们如何保护您的个人信息', icon: IconPrivacy },
  { type: 3, title: '免责声明', desc: '使用服务前请仔细阅读', icon: IconNotice },
  { type: 4, title: '联系我们', desc: '在线客服 随时留言', icon: IconContact },
  { type: 5, title: '代理加盟', desc: '零成本加盟，佣金月结', icon: IconAgent },
  { type: 8, title: '责任博彩', desc: '理性娱乐，年满 18 周岁', icon: IconCare },
];

/** icons of the /abouts documents (6 privacy, 9 terms) */
export const DOC_ICONS: Record<number, (p: P) => ReactNode> = { 6: IconPrivacy, 9: IconNotice, 7: IconAbout };
