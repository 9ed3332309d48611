import { Svg, type P } from '../components/icons';

/**
 * Line icons of the money screens, kept apart from components/icons/ so that they
 * ship with these lazy pages and not with the first screen. 24x24, stroke = text colour.
 */
export const IconCard = (p: P) => (
  <Svg {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3 10h18M6.5 15h4" />
  </Svg>
);
export const IconSwap = (p: P) => (
  <Svg {...p}>
    <path d="M8 4v15m0 0-3.5-3.5M8 19l3.5-3.5" />
    <path d="M16 20V5m0 0-3.5 3.5M16 5l3.5 3.5" />
  </Svg>
);
export const IconChevronDown = (p: P) => (
  <Svg {...p}>
    <path d="m6 9.5 6 6 6-6" />
  </Svg>
);
export const IconFilter = (p: P) => (
  <Svg {...p}>
    <path d="M4 5h16l-6.2 7.4V19l-3.6-1.8v-4.8z" />
  </Svg>
);
export const IconGamepad = (p: P) => (
  <Svg {...p}>
    <path d="M7.5 7h9a4.5 4.5 0 0 1 4.4 5.4l-.9 4.3a2.3 2.3 0 0 1-4 1L14.4 16H9.6l-1.6 1.7a2.3 2.3 0 0 1-4-1l-.9-4.3A4.5 4.5 0 0 1 7.5 7z" />
    <path d="M8 10v3.5M6.3 11.8h3.5" />
    <circle cx="15.5" cy="11" r=".8" fill="currentColor" />
    <circle cx="17.3" cy="13" r=".8" fill="currentColor" />
  </Svg>
);
export const IconArrowIn = (p: P) => (
  <Svg {...p}>
    <path d="M12 4v11m0 0-4-4m4 4 4-4" />
    <path d="M5 19.5h14" />
  </Svg>
);
export const IconArrowOut = (p: P) => (
  <Svg {...p}>
    <path d="M12 15V4m0 0L8 8m4-4 4 4" />
    <path d="M5 19.5h14" />
  </Svg>
);
export const IconReload = (p: P) => (
  <Svg {...p}>
    <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.5" />
    <path d="M20 4v4.5h-4.5" />
    <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.5" />
    <path d="M4 20v-4.5h4.5" />
  </Svg>
);
