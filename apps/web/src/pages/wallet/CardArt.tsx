import type { CSSProperties } from 'react';
import './CardArt.css';

/**
 * Badges and card faces drawn for the site: a round badge per bank (its colour and a
 * character of its name), the USDT (Tether) mark, and the chains' colours.
 */
export interface BankLook {
  /** the character on the badge */
  mark: string;
  /** main colour, then the darker end of the card face */
  color: string;
  deep: string;
}

const BANKS: Record<string, BankLook> = {
  icbc: { mark: '工', color: '#c7000b', deep: '#7d0008' },
  ccb: { mark: '建', color: '#1f4e9c', deep: '#0f2a5c' },
  abc: { mark: '农', color: '#00967c', deep: '#005a4b' },
  boc: { mark: '中', color: '#b81c22', deep: '#6e1014' },
  bocom: { mark: '交', color: '#1d3f8f', deep: '#0e2252' },
  cmb: { mark: '招', color: '#d6101d', deep: '#7f0911' },
  psbc: { mark: '邮', color: '#0a7f45', deep: '#064a28' },
  citic: { mark: '信', color: '#d7182a', deep: '#7e0e19' },
  ceb: { mark: '光', color: '#6b2c91', deep: '#3c1852' },
  cmbc: { mark: '民', color: '#0f7f9c', deep: '#084758' },
  cib: { mark: '兴', color: '#0b4a93', deep: '#062a55' },
  spdb: { mark: '浦', color: '#16418c', deep: '#0b2452' },
  hxb: { mark: '华', color: '#cf1b3b', deep: '#7a1023' },
  cgb: { mark: '广', color: '#c8102e', deep: '#760a1b' },
  pab: { mark: '平', color: '#ee6a1a', deep: '#9a400b' },
  bob: { mark: '北', color: '#d4182c', deep: '#7d0e1a' },
  bosc: { mark: '上', color: '#1560a8', deep: '#0b3661' },
  czb: { mark: '浙', color: '#bf1e2e', deep: '#70111b' },
};

const DEFAULT_BANK: BankLook = { mark: '银', color: '#2a3d76', deep: '#131e3e' };

/** TRC20 (TRON) red and ERC20 (Ethereum) indigo, over Tether green. */
export const CHAIN_LOOK: Record<string, BankLook> = {
  trc20: { mark: 'T', color: '#1a9b76', deep: '#0b4f3c' },
  erc20: { mark: 'E', color: '#4f63c9', deep: '#222d6e' },
};
export const CHAIN_TINT: Record<string, string> = { trc20: '#eb0029', erc20: '#627eea' };

export function bankLook(ico: string, name = ''): BankLook {
  const known = BANKS[ico] ?? CHAIN_LOOK[ico];
  if (known) return known;
  return { ...DEFAULT_BANK, mark: name ? name.replace(/^中国/, '').charAt(0) || DEFAULT_BANK.mark : DEFAULT_BANK.mark };
}

/** The card face's background for a bank or chain. */
export function faceStyle(ico: string, name = ''): CSSProperties {
  const l = bankLook(ico, name);
  return { background: `linear-gradient(135deg, ${l.color} 0%, ${l.deep} 100%)` };
}

/** A round bank badge: colour disc, white ring, the bank's character. */
export function BankBadge({ ico, name, size = 36 }: { ico: string; name: string; size?: number }) {
  const l = bankLook(ico, name);
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="bank-badge">
      <circle cx="20" cy="20" r="19" fill="#fff" />
      <circle cx="20" cy="20" r="16.5" fill={l.color} />
      <circle cx="20" cy="20" r="12.5" fill="none" stroke="#fff" strokeOpacity=".35" strokeWidth="1.2" />
      <text x="20" y="25.6" textAnchor="middle" fontSize="15" fontWeight="700" fill="#fff" fontFamily="'Noto Sans CJK SC','PingFang SC',sans-serif">
        {l.mark}
      </text>
    </svg>
  );
}

/** The Tether mark: a green disc with a white T and its bar. */
export function UsdtMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="usdt-mark">
      <circle cx="20" cy="20" r="19" fill="#fff" />
      <circle cx="20" cy="20" r="16.5" fill="#26a17b" />
      <path d="M11.5 11.5h17v4.2h-6.3v3.1c4.3.3 7.5 1.3 7.5 2.5s-3.2 2.2-7.5 2.5v6.9h-4.4v-6.9c-4.3-.3-7.5-1.3-7.5-2.5s3.2-2.2 7.5-2.5v-3.1h-6.3z" fill="#fff" />
      <ellipse cx="20" cy="21.3" rx="6.6" ry="1.35" fill="#26a17b" />
    </svg>
  );
}

/** A chain chip: TRC20 / ERC20 in the chain's colour. */
export function ChainChip({ protocol }: { protocol: string }) {
  const key = protocol.toLowerCase();
  return (
    <span className="chain-chip" style={{ color: CHAIN_TINT[key] ?? '#5b6276', borderColor: CHAIN_TINT[key] ?? '#c2c6d2' }}>
      {protocol}
    </span>
  );
}
