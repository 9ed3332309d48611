import type { SVGProps } from 'react';

/** Line icons drawn for the site: 24x24, stroke follows the text colour. */
export type P = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every line icon of the site is drawn in (money screens' icons too). */
export function Svg({ size = 22, children, ...rest }: P) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const IconMenu = (p: P) => (
  <Svg {...p}>
    <path d="M4 6.5h16M4 12h11M4 17.5h16" />
  </Svg>
);
export const IconRefresh = (p: P) => (
  <Svg {...p}>
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v4.5h-4.5" />
  </Svg>
);
export const IconRecover = (p: P) => (
  <Svg {...p}>
    <path d="M4 8.5a2.5 2.5 0 0 1 2.5-2.5h11A2.5 2.5 0 0 1 20 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z" />
    <path d="M12 2.5v7m0 0-2.6-2.6M12 9.5l2.6-2.6" />
    <path d="M15.5 14h2" />
  </Svg>
);
export const IconHome = (p: P) => (
  <Svg {...p}>
    <path d="M3.5 10.5 12 3.8l8.5 6.7" />
    <path d="M5.5 9v10.2a.8.8 0 0 0 .8.8H10v-5.5h4V20h3.7a.8.8 0 0 0 .8-.8V9" />
  </Svg>
);
export const IconDeposit = (p: P) => (
  <Svg {...p}>
    <path d="M19 8V6.5A2.5 2.5 0 0 0 16.5 4h-10A2.5 2.5 0 0 0 4 6.5v11A2.5 2.5 0 0 0 6.5 20h10a2.5 2.5 0 0 0 2.5-2.5V16" />
    <path d="M20.5 9H16a3 3 0 0 0 0 6h4.5z" />
    <circle cx="16.2" cy="12" r=".6" fill="currentColor" />
  </Svg>
);
export const IconWithdraw = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="8" width="18" height="12" rx="2.5" />
    <path d="M3 12.5h18" />
    <path d="M12 2.8v4.4m0-4.4L9.8 5M12 2.8 14.2 5" />
    <path d="M6.5 16.5h3" />
  </Svg>
);
export const IconService = (p: P) => (
  <Svg {...p}>
    <path d="M4.5 13.5V12a7.5 7.5 0 0 1 15 0v1.5" />
    <rect x="3.5" y="13" width="4" height="6" rx="1.6" />
    <rect x="16.5" y="13" width="4" height="6" rx="1.6" />
    <path d="M18.5 19c0 1.4-1.6 2-4 2h-1.5" />
  </Svg>
);
export const IconGift = (p: P) => (
  <Svg {...p}>
    <rect x="3.5" y="8" width="17" height="4.2" rx="1" />
    <path d="M5 12.2V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-6.8" />
    <path d="M12 8v12.5" />
    <path d="M12 8c-1.2-2.8-3.8-4.2-5-3-.9 1 0 3 2.1 3M12 8c1.2-2.8 3.8-4.2 5-3 .9 1 0 3-2.1 3" />
  </Svg>
);
export const IconUserPlus = (p: P) => (
  <Svg {...p}>
    <circle cx="10" cy="8" r="3.8" />
    <path d="M3.5 20c.6-3.6 3.2-5.8 6.5-5.8 1.5 0 2.8.4 3.9 1.2" />
    <path d="M18 14v6m-3-3h6" />
  </Svg>
);
export const IconUser = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c.7-4 3.7-6.3 7.5-6.3s6.8 2.3 7.5 6.3" />
  </Svg>
);
export const IconChevronRight = (p: P) => (
  <Svg {...p}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </Svg>
);
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
export const IconPlane = (p: P) => (
  <Svg {...p}>
    <path d="M20.5 4 3.5 10.8l5.8 2.1L20.5 4z" />
    <path d="m9.3 12.9 1.9 6.6 2.9-4.2L18 19 20.5 4" />
  </Svg>
);
export const IconTransfer = (p: P) => (
  <Svg {...p}>
    <path d="M4 8.5h14.5m0 0L15 5m3.5 3.5L15 12" />
    <path d="M20 15.5H5.5m0 0L9 12m-3.5 3.5L9 19" />
  </Svg>
);
export const IconCrown = (p: P) => (
  <Svg {...p}>
    <path d="M4 8l4.2 3.8L12 5l3.8 6.8L20 8l-1.6 9.5H5.6z" />
    <path d="M6 20.5h12" />
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
export const IconShield = (p: P) => (
  <Svg {...p}>
    <path d="M12 3 5 5.8v5.6c0 4.4 2.9 8.1 7 9.6 4.1-1.5 7-5.2 7-9.6V5.8z" />
    <path d="m9 12 2.2 2.2L15.3 10" />
  </Svg>
);
export const IconBolt = (p: P) => (
  <Svg {...p}>
    <path d="M13 2.8 5.5 13.2h5.7L10.5 21l7.9-10.6h-5.8z" />
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

/** The balance refresh button (header, home, member centre, wallet): the icon spins while it works. */
export function RefreshButton({
  onClick,
  refreshing,
  className,
  testId,
  size = 16,
}: {
  onClick(): void;
  refreshing: boolean;
  className: string;
  testId: string;
  size?: number;
}) {
  return (
    <button type="button" className={className} aria-label="刷新余额" data-testid={testId} onClick={onClick} disabled={refreshing}>
      <IconRefresh size={size} strokeWidth={2.2} className={refreshing ? 'spin' : undefined} />
    </button>
  );
}
