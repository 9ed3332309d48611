import { RESPONSIBLE_KIND_NAMES } from '@casino/contract';
import { useSession } from '../session/store';
import { useResponsible } from '../hooks/api/responsible';
import { AppLink } from '../lib/nav';
import { IconShield } from './icons';
import './BreakBanner.css';

/**
 * Issue 34 point 5: during a time-out or a self-exclusion the pages that would take money or
 * start play (home, 存款, the game lists) say so up front, with when it ends, instead of looking
 * normal until a refusal. Nothing for guests or members without a break.
 */
export function BreakBanner({ className }: { className?: string }) {
  const token = useSession((s) => s.token);
  const state = useResponsible(Boolean(token));
  const active = token ? state.data?.active_break : null;
  if (!active) return null;
  const name = RESPONSIBLE_KIND_NAMES[active.kind] ?? '冷静期';
  return (
    <AppLink to="/responsible" className={`break-banner${className ? ` ${className}` : ''}`} data-testid="break-banner" role="status">
      <IconShield size={18} className="break-banner-icon" />
      <span>
        您正在{name}中，至 <b className="num">{active.ends_at.slice(0, 16)}</b> 结束，期间不能存款、转入和游戏
      </span>
    </AppLink>
  );
}
