import type { QueryClient } from '@tanstack/react-query';
import { meKey } from '../../hooks/api/auth';

/**
 * issue 25: on a cold load the frame's side menu, bell and operator menu cost about a third of
 * React's drawing (antd's menu draws a hidden copy of itself and settles in three passes) and the
 * bell asks the server for its counts, all while the screen the operator came for still waits for
 * the main thread. They are drawn once the screen has shown its first data, the frame after it, or
 * after `capMs` when the screen is still waiting (a slow call, a screen without calls).
 *
 * `settled` is true when a screen's call has answered and none is in flight; the operator's own
 * query (`/admin/api/me`) does not count, as the frame waits for it anyway.
 */
export function screenSettled(client: QueryClient): boolean {
  if (client.isFetching() > 0) return false;
  return client
    .getQueryCache()
    .getAll()
    .some((q) => q.queryKey[0] !== meKey[0] && q.state.dataUpdatedAt > 0);
}

/** calls `then` once: in the frame after the screen settles, or after `capMs`; returns a cancel */
export function afterScreen(client: QueryClient, then: () => void, capMs: number): () => void {
  let done = false;
  let frame = 0;
  const finish = () => {
    if (done) return;
    done = true;
    stop();
    // the screen's data is drawn in this task; the frame paints it, then the rest follows
    frame = requestAnimationFrame(() => setTimeout(then, 0));
  };
  const check = () => {
    if (screenSettled(client)) finish();
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  const cap = setTimeout(finish, capMs);
  // a screen that has already settled (its answers cached) says nothing more: look once now
  const first = setTimeout(check, 0);
  function stop() {
    unsubscribe();
    clearTimeout(cap);
    clearTimeout(first);
  }
  return () => {
    done = true;
    stop();
    cancelAnimationFrame(frame);
  };
}
