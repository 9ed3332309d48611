import { Svg, type P } from './Svg';

// The icons of the other screens (the first screen's are in firstScreen.tsx).

export const IconBack = (p: P) => (
  <Svg {...p}>
    <path d="M15 4.5 7.5 12l7.5 7.5" />
  </Svg>
);
export const IconBell = (p: P) => (
  <Svg {...p}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Svg>
);
export const IconChat = (p: P) => (
  <Svg {...p}>
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17h0A1.5 1.5 0 0 1 4 15.5z" />
    <path d="M8 9h8M8 12.5h5" />
  </Svg>
);
export const IconGlobe = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.4 2.3 3.5 5.2 3.5 8.5s-1.1 6.2-3.5 8.5c-2.4-2.3-3.5-5.2-3.5-8.5s1.1-6.2 3.5-8.5z" />
  </Svg>
);
export const IconInfo = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5" />
    <circle cx="12" cy="7.8" r=".7" fill="currentColor" />
  </Svg>
);
export const IconPower = (p: P) => (
  <Svg {...p}>
    <path d="M12 3.5v8" />
    <path d="M7.2 6.3a7.5 7.5 0 1 0 9.6 0" />
  </Svg>
);
export const IconLogin = (p: P) => (
  <Svg {...p}>
    <path d="M13.5 4H18a1.5 1.5 0 0 1 1.5 1.5v13A1.5 1.5 0 0 1 18 20h-4.5" />
    <path d="M4 12h10m0 0-3.5-3.5M14 12l-3.5 3.5" />
  </Svg>
);
export const IconRecords = (p: P) => (
  <Svg {...p}>
    <rect x="4.5" y="3.5" width="15" height="17" rx="2" />
    <path d="M8.5 8h7M8.5 12h7M8.5 16h4" />
  </Svg>
);
export const IconClock = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);
export const IconCoins = (p: P) => (
  <Svg {...p}>
    <ellipse cx="9.5" cy="7" rx="5.5" ry="2.5" />
    <path d="M4 7v4c0 1.4 2.5 2.5 5.5 2.5S15 12.4 15 11V7" />
    <path d="M4 11v4c0 1.4 2.5 2.5 5.5 2.5 1 0 2-.1 2.8-.4" />
    <circle cx="16.5" cy="15.5" r="4" />
    <path d="M16.5 13.8v3.4" />
  </Svg>
);
export const IconRedPacket = (p: P) => (
  <Svg {...p}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M5 8.5c2.1 1.6 4.4 2.4 7 2.4s4.9-.8 7-2.4" />
    <circle cx="12" cy="11" r="2" />
  </Svg>
);
export const IconLock = (p: P) => (
  <Svg {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    <path d="M12 14.5v2.5" />
  </Svg>
);
export const IconEye = (p: P) => (
  <Svg {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const IconEyeOff = (p: P) => (
  <Svg {...p}>
    <path d="M4 4l16 16" />
    <path d="M10.1 6a9.5 9.5 0 0 1 1.9-.2c6 0 9.5 6.2 9.5 6.2a16 16 0 0 1-2.6 3.3M6.5 7.7A15.7 15.7 0 0 0 2.5 12S6 18.2 12 18.2c1.6 0 3-.4 4.3-1" />
    <path d="M9.9 10a3 3 0 0 0 4.1 4.1" />
  </Svg>
);
export const IconKey = (p: P) => (
  <Svg {...p}>
    <circle cx="8" cy="14" r="4" />
    <path d="m11 11 8.5-8.5M16.5 5.5l2.5 2.5M14 8l2 2" />
  </Svg>
);
export const IconIdCard = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <circle cx="9" cy="11" r="2.2" />
    <path d="M5.8 16c.5-1.6 1.7-2.4 3.2-2.4s2.7.8 3.2 2.4M14.5 10h3.5M14.5 13.5h3.5" />
  </Svg>
);
export const IconCheck = (p: P) => (
  <Svg {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);
export const IconCopy = (p: P) => (
  <Svg {...p}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </Svg>
);
export const IconClose = (p: P) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const IconWallet = (p: P) => (
  <Svg {...p}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5h11A2.5 2.5 0 0 1 20 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5z" />
    <path d="M4 9.5h16" />
    <path d="M15 14.5h2" />
  </Svg>
);
/** 自我管理 (responsible play): an hourglass, time and limits kept by the member */
export const IconHourglass = (p: P) => (
  <Svg {...p}>
    <path d="M6.5 3h11M6.5 21h11" />
    <path d="M8 3v2.8c0 2.2 1.7 3.9 4 6.2 2.3-2.3 4-4 4-6.2V3M8 21v-2.8c0-2.2 1.7-3.9 4-6.2 2.3 2.3 4 4 4 6.2V21" />
    <path d="M10 18.5h4" />
  </Svg>
);
