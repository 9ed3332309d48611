import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageTitleContext } from './pageTitle';
import { TitleBar } from '../components/TitleBar';
import { RoutePage } from '../components/RouteErrorBoundary';

/**
 * Top-level pages: no global header (hidden on /activity, /activityInfo, /transfer;
 * /message and /abouts get their back bar), a title bar with back arrow and title.
 */
export function TopLayout({ title, children }: { title: string; children: ReactNode }) {
  const [own, setOwn] = useState<string | null>(null);
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <TitleBar title={own ?? title} />
      <main>
        <PageTitleContext.Provider value={setOwn}>
          <RoutePage resetKey={pathname}>{children}</RoutePage>
        </PageTitleContext.Provider>
      </main>
    </div>
  );
}
