import type { QueryClient } from '@tanstack/react-query';
import { meKey } from '../../hooks/api/auth';

/** the query-cache entry that says a screen's own part is drawn (its lazy chunk loaded) */
export const screenDrawnKey = ['screen-drawn'] as const;

/**
 * Said when a screen's own code has been drawn (screen-pages.ts), not its spinner while that code
 * downloads. The calls it makes as it draws started then (use-query.ts), so they are in flight by
 * now and `screenSettled` still waits for them; a screen with none is settled at once. Held in the
 * query cache so `afterScreen`, which listens there, hears it.
 */
export function markScreenDrawn(client: QueryClient): void {
  client.setQueryData(screenDrawnKey, true);
}

/**
 * issue 25: on a cold load the frame's side menu, bell and operator menu cost about a third of
 * React's drawing (antd's menu draws a hidden copy of itself and settles in three passes) and the
 * bell asks the server for its counts, all while the screen the operator came for still waits for
 * the main thread. They are drawn once the screen has shown its first data, the frame after it, or
 * after `capMs` when the screen is still waiting (a slow call).
 *
 * `settled` is true when a screen's call has answered and none is in flight; the operator's own
 * query (`/admin/api/me`) does not count, as the frame waits for it anyway. A screen without calls
 * of its own (账户安全) has nothing to answer: it counts as answered once it is drawn
 * (`markScreenDrawn`), instead of leaving the menu to the cap.
 */
export function screenSettled(client: QueryClient): boolean {
  if (client.isFetching() > 0) return false;
  return client
    .getQueryCache()
    .getAll()
    .some((q) => q.queryKey[0] !== meKey[0] && q.state.dataUpdatedAt > 0);
}

/**
 * Calls `then` once: in the frame after the screen settles, or after `capMs`; returns a cancel.
 * Settled is looked at again once that frame is painted: a screen that asked for more meanwhile
 * (calls it makes once the operator's answer is drawn, or once its first answer is) is waited
 * for again, up to the cap.
 */
export function afterScreen(client: QueryClient, then: () => void, capMs: number): () => void {
  let done = false;
  let capped = false;
  let frame = 0;
  let later: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    if (done || frame) return;
    // the screen's data is drawn in this task; the frame paints it, then the rest follows
    frame = requestAnimationFrame(() => {
      later = setTimeout(() => {
        frame = 0;
        if (done || (!capped && !screenSettled(client))) return;
        done = true;
        stop();
        then();
      }, 0);
    });
  };
  const check = () => {
    if (screenSettled(client)) settle();
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  const cap = setTimeout(() => {
    capped = true;
    settle();
  }, capMs);
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
    clearTimeout(later);
  };
}
