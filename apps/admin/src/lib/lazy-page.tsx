import { Spin } from 'antd';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A code-split component; `preload()` starts its download before it is drawn (menu hover, first load). */
export type LazyComponent<P extends object = object> = ComponentType<P> & { preload: () => void };
export type LazyPage = LazyComponent;

/**
 * A code-split component drawn without Suspense (issue 25): React holds back what a Suspense
 * boundary reveals until 300 ms after it showed its fallback, so a screen whose code arrived
 * 40 ms after the first draw still waited 300 ms. Here the fallback shows until the code is
 * there and the component then draws in an ordinary update; code already downloaded (a
 * preload, an earlier visit) draws at once. One download at a time: a preload and the draw
 * that follows share it. A failed download is thrown to the nearest error boundary
 * (RouteBoundary), whose retry mounts the component afresh, which downloads it again.
 */
export function lazyComponent<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode, onDrawn?: () => void): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (pending ??= loader().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  function Lazy(props: P) {
    const [, setReady] = useState(loaded !== null);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      // downloaded between the first draw and now: draw it
      if (loaded) return setReady(true);
      let live = true;
      load().then(
        () => live && setReady(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    const Component = loaded;
    // the component itself, not its fallback, has been put on the page
    useEffect(() => {
      if (Component) onDrawn?.();
    }, [Component]);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : fallback;
  }
  // a failed preload is not shown: drawing the component tries again and shows that failure
  Lazy.preload = () => void load().catch(() => undefined);
  return Lazy;
}

const pageFallback = (
  <div style={{ padding: 80, textAlign: 'center' }}>
    <Spin />
  </div>
);

/** A code-split screen, with a spinner while its code downloads; `onDrawn` once the screen itself is drawn. */
export function lazyPage(loader: () => Promise<{ default: ComponentType }>, onDrawn?: () => void): LazyPage {
  return lazyComponent(loader, pageFallback, onDrawn);
}
