import type { UserInfo } from '@casino/contract';
import { IconCrown } from './icons';
import './VipBadge.css';

/** VIP level: the part of current_vip after the "P" (e.g. "VIP3" -> 3), else the vip field. */
export function vipLevel(user: Pick<UserInfo, 'current_vip' | 'vip'> | null | undefined): number {
  if (!user) return 0;
  const text = String(user.current_vip ?? '');
  const at = text.toUpperCase().lastIndexOf('P');
  const fromText = at >= 0 ? Number.parseInt(text.slice(at + 1).trim(), 10) : Number.NaN;
  if (Number.isFinite(fromText)) return fromText;
  const n = Number(user.vip);
  return Number.isFinite(n) ? n : 0;
}

export function VipBadge({ level, testId }: { level: number; testId?: string }) {
  return (
    <span className="vip-badge" data-testid={testId}>
      <IconCrown size={12} strokeWidth={2.2} />
      VIP{level}
    </span>
  );
}
