import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** components whose chunk failed to load, each with the way to forget that failure */
const failed = new Set<() => void>();

/** stylesheet links that failed to load (a failed <link> still has a sheet in some browsers) */
const failedLinks = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLLinkElement && e.target.rel === 'stylesheet') failedLinks.add(e.target);
    },
    true,
  );
}

/**
 * React.lazy, except that a failed import (offline, a dropped chunk, a stylesheet that did not
 * load) is not kept for good: after `forgetFailedLoads()` the next render imports it again.
 * React.lazy alone caches the rejected promise, so a page that failed once stays blank until
 * a reload even when the network is back.
 */
export function retryableLazy<P extends object = object>(load: Loader<P>, name = 'Lazy'): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const make = () => {
    current = lazy(() =>
      load().catch((err: unknown) => {
        failed.add(make);
        throw err;
      }),
    );
  };
  make();
  const Retryable = (props: P) => createElement(current as ComponentType<P>, props);
  Retryable.displayName = `Retryable(${name})`;
  return Retryable;
}

/** Longest a retry waits for a stylesheet before calling it failed. */
const STYLESHEET_WAIT_MS = 15_000;

/** Fetches a failed stylesheet again through a fresh <link> in its place; true once it loaded. */
function reloadStylesheet(old: HTMLLinkElement): Promise<boolean> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    if (old.crossOrigin !== null) link.crossOrigin = old.crossOrigin;
    link.href = old.href;
    const timer = window.setTimeout(() => resolve(false), STYLESHEET_WAIT_MS);
    link.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve(true);
    });
    link.addEventListener('error', () => {
      window.clearTimeout(timer);
      resolve(false);
    });
    old.replaceWith(link);
  });
}

/**
 * Forgets every failed load so the next render imports afresh. Vite's preloader never asks
 * again for a stylesheet that failed once in this page's life (it remembers the href), so the
 * failed stylesheets are fetched here; answers false while one of them still fails.
 */
export async function forgetFailedLoads(): Promise<boolean> {
  const links = Array.from(failedLinks);
  failedLinks.clear();
  const loaded = await Promise.all(links.map(reloadStylesheet));
  for (const remake of failed) remake();
  failed.clear();
  return loaded.every(Boolean);
}
