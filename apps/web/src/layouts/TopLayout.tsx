import { Suspense, useState, type ReactNode } from 'react';
import { PageTitleContext } from './pageTitle';
import { TitleBar } from '../components/TitleBar';
import { PageSkeleton } from '../components/PageSkeleton';

/**
 * Top-level pages: no global header (hidden on /activity, /activityInfo, /transfer;
 * /message and /abouts get their back bar), a title bar with back arrow and title.
 */
export function TopLayout({ title, children }: { title: string; children: ReactNode }) {
  const [own, setOwn] = useState<string | null>(null);
  return (
    <div className="shell">
      <TitleBar title={own ?? title} />
      <main>
        <PageTitleContext.Provider value={setOwn}>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </PageTitleContext.Provider>
      </main>
    </div>
  );
}

/** Pages that draw their own top (login) or show nothing (register forwards). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </div>
  );
}
