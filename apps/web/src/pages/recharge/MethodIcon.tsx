import type { PayType } from '@casino/contract';

/** Drawn marks of the deposit methods (no outside artwork): a tinted disc with a glyph. */
const TINT: Record<PayType, [string, string]> = {
  bank: ['#2a3d76', '#131e3e'],
  usdtpay: ['#2bb58f', '#138a68'],
  wxpay: ['#3dcc6b', '#1fa64a'],
  alipay: ['#3a8bff', '#1764dd'],
  ecny: ['#e5484d', '#b9282d'],
  qqpay: ['#36b3f4', '#158bd0'],
  unionpay: ['#e6c074', '#b8893d'],
};
const GLYPH: Record<PayType, string> = {
  bank: '银',
  usdtpay: '₮',
  wxpay: '微',
  alipay: '支',
  ecny: '¥',
  qqpay: 'Q',
  unionpay: '云',
};

export function MethodIcon({ type, size = 34 }: { type: PayType; size?: number }) {
  const [a, b] = TINT[type] ?? TINT.bank;
  const id = `mi-${type}`;
  return (
    <svg width={size} height={size} viewBox="0 0 34 34" aria-hidden="true" className="rc-method-icon">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={a} />
          <stop offset="1" stopColor={b} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="32" height="32" rx="10" fill={`url(#${id})`} />
      <text x="17" y="22.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        {GLYPH[type] ?? '¥'}
      </text>
    </svg>
  );
}
