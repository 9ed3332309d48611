/** A red packet drawn in SVG (gold seal, lid fold), for the grab page and its dialogs. */
export function RedPacketArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 120 150" aria-hidden="true">
      <defs>
        <linearGradient id="rp-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8423f" />
          <stop offset="1" stopColor="#b3161f" />
        </linearGradient>
        <linearGradient id="rp-seal" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe9a8" />
          <stop offset="1" stopColor="#e0a63c" />
        </linearGradient>
      </defs>
      <rect x="8" y="6" width="104" height="138" rx="14" fill="url(#rp-body)" />
      <path d="M8 44c16 14 34 20 52 20s36-6 52-20V20a14 14 0 0 0-14-14H22A14 14 0 0 0 8 20z" fill="#d42e30" />
      <path d="M8 44c16 14 34 20 52 20s36-6 52-20" fill="none" stroke="#ffd98a" strokeWidth="3" opacity=".8" />
      <circle cx="60" cy="64" r="17" fill="url(#rp-seal)" stroke="#fff3cf" strokeWidth="2" />
      <text x="60" y="70.5" textAnchor="middle" fontSize="17" fontWeight="700" fill="#b3161f">
        開
      </text>
      <path d="M30 112h60M38 124h44" stroke="#ffd98a" strokeWidth="3" strokeLinecap="round" opacity=".45" />
    </svg>
  );
}
