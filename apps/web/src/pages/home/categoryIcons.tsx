import type { ReactNode } from 'react';
import { Svg, type P } from '../../components/icons';
import type { TabValue } from '../../hooks/api/games';

/** Line icons of the home's game categories, drawn in the shared 24x24 frame. */
const IconFlame = (p: P) => (
  <Svg {...p}>
    <path d="M12 21c-3.9 0-6.5-2.6-6.5-6.2 0-3.3 2.3-5.3 3.6-7.6.4 1.7 1.3 2.8 2.4 3.3.2-3.2 1.8-5.9 4.2-7.5-.3 2.7.5 4.5 1.7 6.2 1.1 1.5 1.6 3 1.6 5 0 4-3 6.8-7 6.8z" />
    <path d="M12 21c-1.7 0-2.9-1.2-2.9-2.8 0-1.8 1.6-2.8 2.2-4.4 1.4 1 3.6 2.4 3.6 4.5 0 1.6-1.2 2.7-2.9 2.7z" />
  </Svg>
);
const IconSlots = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="5" width="15" height="14" rx="2.5" />
    <path d="M8 5v14M13 5v14" />
    <path d="M4.8 10.5h1.6l-1 3M9.8 10.5h1.6l-1 3M14.8 10.5h1.6l-1 3" />
    <path d="M18 9.5h1.5a1 1 0 0 1 1 1V13M20.5 7.5v0" />
    <circle cx="20.5" cy="6.5" r="1.2" />
  </Svg>
);
const IconLive = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="7.5" r="3.2" />
    <path d="M5.5 20.5c.6-3.8 3.2-6 6.5-6s5.9 2.2 6.5 6" />
    <path d="M3 12.5h3.5M17.5 12.5H21" />
    <circle cx="12" cy="17.5" r="1" />
  </Svg>
);
const IconFish = (p: P) => (
  <Svg {...p}>
    <path d="M3.5 12c2.5-3.8 6-5.6 9.6-5.6 3.3 0 5.8 2 7.4 5.6-1.6 3.6-4.1 5.6-7.4 5.6-3.6 0-7.1-1.8-9.6-5.6z" />
    <path d="M3.5 12 1.5 8.5M3.5 12l-2 3.5" />
    <circle cx="16" cy="10.8" r="1" />
    <path d="M11 9.5c.7.8 1 1.6 1 2.5s-.3 1.7-1 2.5" />
  </Svg>
);
const IconCards = (p: P) => (
  <Svg {...p}>
    <rect x="8.5" y="3.5" width="11" height="15" rx="2" transform="rotate(12 14 11)" />
    <rect x="4" y="5.5" width="11" height="15" rx="2" />
    <path d="M9.5 10.2c1.3 1.1 2.6 2 2.6 3.3a1.5 1.5 0 0 1-2.6 1 1.5 1.5 0 0 1-2.6-1c0-1.3 1.3-2.2 2.6-3.3zM9.5 14.5v1.8" />
  </Svg>
);
const IconBalls = (p: P) => (
  <Svg {...p}>
    <circle cx="8" cy="8.5" r="4.5" />
    <circle cx="16.5" cy="9.5" r="3.5" />
    <circle cx="11.5" cy="16.5" r="4" />
    <path d="M7.2 7.3 8.3 6.8v3.6M15.8 8.6l1.2-.5v2.9M10.5 15.6h1.8l-1.2 2.6" />
  </Svg>
);
const IconBall = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m12 8 3.3 2.4-1.3 3.9h-4l-1.3-3.9z" />
    <path d="M12 8V3.5M15.3 10.4l4.2-1.4M14 14.3l2.6 3.7M10 14.3 7.4 18M8.7 10.4 4.5 9" />
  </Svg>
);

export const CATEGORY_ICONS: Record<TabValue, (p: P) => ReactNode> = {
  6: IconFlame,
  4: IconSlots,
  0: IconLive,
  2: IconFish,
  3: IconCards,
  5: IconBalls,
  1: IconBall,
};
