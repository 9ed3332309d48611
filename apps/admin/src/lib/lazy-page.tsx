import { lazy, type ComponentType } from 'react';

const resets = new Set<() => void>();

/**
 * A code-split screen whose failed download can be tried again: React.lazy keeps a failed
 * import forever, so after a failure the next retry (RouteError's button) makes a fresh one.
 */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>): ComponentType {
  let failed = false;
  const load = () =>
    loader().catch((err: unknown) => {
      failed = true;
      throw err;
    });
  let Screen = lazy(load);
  resets.add(() => {
    if (failed) {
      failed = false;
      Screen = lazy(load);
    }
  });
  return function LazyScreen() {
    return <Screen />;
  };
}

export function retryFailedPages() {
  resets.forEach((reset) => reset());
}
