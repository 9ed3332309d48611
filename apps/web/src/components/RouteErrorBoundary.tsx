import { Component, Suspense, useCallback, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetFailedLoads } from '../lib/retryableLazy';
import { LoadFailed } from './EmptyState';
import { PageSkeleton } from './PageSkeleton';

interface Props {
  children: ReactNode;
  /** fetch what failed again; false while it still fails */
  onRetry(): Promise<boolean>;
}

/** A chunk import that failed (Vite and the browsers word it differently). */
const CHUNK_ERROR = /dynamically imported module|preload CSS|Importing a module script failed|error loading dynamically|Loading chunk|ChunkLoadError/i;

/**
 * Catches what a page throws while loading or rendering (its code chunk missing on a flaky
 * network, a failed data read) and shows the error state with 重新加载 instead of a blank screen.
 * The retry imports failed chunks afresh and refetches failed data; coming back online retries
 * by itself.
 */
class Boundary extends Component<Props, { error: Error | null; retrying: boolean }> {
  state = { error: null as Error | null, retrying: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('page failed to load', error, info.componentStack);
  }

  retry = async () => {
    if (this.state.retrying) return;
    this.setState({ retrying: true });
    const ok = await this.props.onRetry();
    // a stylesheet still missing: stay here rather than show the page unstyled
    this.setState((prev) => (ok ? { error: null, retrying: false } : { error: prev.error, retrying: false }));
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const text = offline
      ? '网络连接已断开，请检查网络后重试'
      : CHUNK_ERROR.test(error.message)
        ? '网络不稳定，页面未能加载，请重试'
        : '页面数据加载失败，请稍后重试';
    return (
      <div className="page-body" data-testid="route-error" aria-busy={this.state.retrying}>
        <OnlineAgain onOnline={this.retry} />
        <LoadFailed onRetry={() => void this.retry()} text={text} retryTestId="route-retry" />
      </div>
    );
  }
}

function OnlineAgain({ onOnline }: { onOnline(): void }) {
  useEffect(() => {
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [onOnline]);
  return null;
}

/**
 * A route's page with its loading skeleton and error state. `resetKey` (the path) clears an
 * error when the member goes elsewhere. Without `skeleton`, only the error state: while the
 * code loads, the boundary above keeps what it shows (the page being left, during navigation).
 */
export function RoutePage({ children, resetKey, skeleton = true }: { children: ReactNode; resetKey?: string; skeleton?: boolean }) {
  const queryClient = useQueryClient();
  const onRetry = useCallback(async () => {
    const loaded = await forgetFailedLoads();
    void queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' });
    return loaded;
  }, [queryClient]);
  return (
    <Boundary key={resetKey} onRetry={onRetry}>
      {skeleton ? <Suspense fallback={<PageSkeleton />}>{children}</Suspense> : children}
    </Boundary>
  );
}
