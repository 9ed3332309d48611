import { createContext, useContext, useEffect } from 'react';

/**
 * A page inside the title-bar layout may name itself more precisely than its route does
 * (/boutBallBetInfo?type=1 is 常见问题, not 帮助中心). The layout provides the setter; the
 * page's title applies while it is shown and the route's title returns when it goes.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

export function usePageTitle(title: string | null | undefined) {
  const set = useContext(PageTitleContext);
  useEffect(() => {
    set(title || null);
    return () => set(null);
  }, [set, title]);
}
