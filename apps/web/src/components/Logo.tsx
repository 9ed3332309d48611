import { useId } from 'react';

/** The brand mark: a gold crown on a navy crest. */
export function Logo({ size = 32 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`lg-gold-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e2a8" />
          <stop offset=".5" stopColor="#e6c074" />
          <stop offset="1" stopColor="#b8893d" />
        </linearGradient>
        <linearGradient id={`lg-navy-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a3c74" />
          <stop offset="1" stopColor="#0e1730" />
        </linearGradient>
      </defs>
      <path d="M32 3 56 11v20c0 14.5-10 25.5-24 30C18 56.5 8 45.5 8 31V11z" fill={`url(#lg-navy-${id})`} stroke={`url(#lg-gold-${id})`} strokeWidth="3" />
      <path d="M17 25.5l7.5 6.5L32 18l7.5 14 7.5-6.5-3.6 17H20.6z" fill={`url(#lg-gold-${id})`} />
      <rect x="20.5" y="45.5" width="23" height="4" rx="2" fill={`url(#lg-gold-${id})`} />
      <circle cx="32" cy="16.5" r="2.6" fill="#f8e2a8" />
      <circle cx="16.5" cy="24" r="2.2" fill="#f8e2a8" />
      <circle cx="47.5" cy="24" r="2.2" fill="#f8e2a8" />
    </svg>
  );
}
