import { lazy, type ComponentType } from 'react';

const resets = new Set<() => void>();

/** A code-split screen; `preload()` starts its download before it is drawn (menu hover, first load). */
export type LazyPage = ComponentType & { preload: () => void };

/**
 * A code-split screen whose failed download can be tried again: React.lazy keeps a failed
 * import forever, so after a failure the next retry (RouteError's button) makes a fresh one.
 * One download at a time: a preload and the draw that follows share it.
 */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>): LazyPage {
  let failed = false;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const load = () =>
    (pending ??= loader().catch((err: unknown) => {
      failed = true;
      pending = null;
      throw err;
    }));
  let Screen = lazy(load);
  resets.add(() => {
    if (failed) {
      failed = false;
      Screen = lazy(load);
    }
  });
  function LazyScreen() {
    return <Screen />;
  }
  // a failed preload is not shown: drawing the screen tries again and shows that failure
  LazyScreen.preload = () => void load().catch(() => undefined);
  return LazyScreen;
}

export function retryFailedPages() {
  resets.forEach((reset) => reset());
}
