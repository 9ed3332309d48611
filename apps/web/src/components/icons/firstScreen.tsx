import { Svg, type P } from './Svg';

// The icons the first screen draws (header, tab bar, home, quick pick); the others are in
// more.tsx, so that the guest home's first load carries only these.

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
