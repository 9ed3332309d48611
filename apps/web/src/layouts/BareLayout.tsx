import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RoutePage } from '../components/RouteErrorBoundary';

/** Pages that draw their own top (login) or show nothing (register forwards). */
export function BareLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <RoutePage resetKey={pathname}>{children}</RoutePage>
    </div>
  );
}
