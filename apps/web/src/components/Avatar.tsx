import { useId, useState } from 'react';

/** The member's avatar, or a drawn placeholder when there is none (or it fails to load). */
export function Avatar({ src, size = 56 }: { src?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const id = useId().replace(/:/g, '');
  if (src && !failed) {
    return (
      <img
        src={src}
        alt="头像"
        width={size}
        height={size}
        onError={() => setFailed(true)}
        style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', background: '#e9ecf3' }}
      />
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="默认头像">
      <defs>
        <linearGradient id={`av-bg-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6e3b4" />
          <stop offset="1" stopColor="#d9ad5f" />
        </linearGradient>
        <clipPath id={`av-clip-${id}`}>
          <circle cx="32" cy="32" r="30" />
        </clipPath>
      </defs>
      <circle cx="32" cy="32" r="31" fill={`url(#av-bg-${id})`} />
      <g clipPath={`url(#av-clip-${id})`}>
        <circle cx="32" cy="26" r="11" fill="#fff8e8" />
        <path d="M10 62c1.5-12.5 10.5-19.5 22-19.5S52.5 49.5 54 62z" fill="#fff8e8" />
      </g>
      <circle cx="32" cy="32" r="30.5" fill="none" stroke="#fff" strokeOpacity=".7" strokeWidth="1.5" />
    </svg>
  );
}
