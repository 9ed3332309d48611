import { lazy, Suspense } from 'react';
import { useSession } from '../session/store';

const BreakBanner = lazy(() => import('./BreakBanner').then((m) => ({ default: m.BreakBanner })));

/**
 * Where a page shows the break banner (issue 34 point 5). Its code, the responsible-play call and
 * the contract's names it reads load only for a signed-in member: a guest's first screen (home)
 * carries none of it (browse.e2e holds that load to 100 KB; the banner inline cost 25 KB).
 */
export function BreakBannerSlot({ className }: { className?: string }) {
  const token = useSession((s) => s.token);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <BreakBanner className={className} />
    </Suspense>
  );
}
