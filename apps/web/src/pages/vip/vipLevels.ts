import type { VipLevelRow } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { toast } from '../../ui/feedback';

export const VIP_LEVELS = 10;

/**
 * Progress toward a level (spec section 9): paysum / the level's recharge as a percent,
 * rounded, capped at 100; 0 when either is 0.
 */
export function vipProgress(paysum: number, recharge: number): number {
  const p = Number(paysum);
  const r = Number(recharge);
  if (!Number.isFinite(p) || !Number.isFinite(r) || p <= 0 || r <= 0) return 0;
  return Math.min(100, Math.round((p / r) * 100));
}

/** POST /api/uservip {}: the 10 level rows, in level order. */
export async function fetchVipLevels(): Promise<VipLevelRow[]> {
  const res = await apiPost<VipLevelRow[]>('/api/uservip', {});
  if (res.code !== 200 || !Array.isArray(res.data)) {
    const text = failureText(res);
    if (text) toast(text, 'fail');
    throw new Error(res.message || 'uservip failed');
  }
  return [...res.data].sort((a, b) => Number(a.level) - Number(b.level));
}

export const VIP_QUERY = { queryKey: ['uservip'], queryFn: fetchVipLevels, staleTime: 5 * 60_000, retry: false } as const;

/** Money thresholds read as whole yuan with grouping: 1,000,000 */
export const yuanText = (n: number) => Number(n || 0).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The rebate categories of the privileges table (spec section 4), in the order shown. */
export const REBATE_COLUMNS = [
  { key: 'realperson', label: '真人视讯' },
  { key: 'sport', label: '体育赛事' },
  { key: 'e_sport', label: '电子竞技' },
  { key: 'joker', label: '棋牌游戏' },
  { key: 'electron', label: '电子游戏' },
  { key: 'lottery', label: '彩票游戏' },
] as const;

/** Level tones: bronze to glory, for the card art. */
export const LEVEL_TONES = [
  ['#b87a4b', '#7a4a28'],
  ['#9aa6b8', '#5d6879'],
  ['#e0b45a', '#a87a26'],
  ['#7fb6c9', '#3e7487'],
  ['#6ea8ff', '#3658c8'],
  ['#b48cff', '#6a41c7'],
  ['#ff8f6b', '#c6412c'],
  ['#ff6b9a', '#b8245a'],
  ['#4a5a8c', '#17234a'],
  ['#e6c074', '#17234a'],
] as const;
