import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { startBalancePolling, stopBalancePolling } from '../session/polling';
import { loadUser, refreshMessageNum } from '../session/actions';
import { session, SESSION_KEYS } from '../lib/storage';

let userRefreshedAtStart = false;

/** Effects that hold for every route: scroll reset, pid memory, the member session. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);

  // after each navigation the page scrolls to the top
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  // a pid query arriving on any page is remembered for registration
  useEffect(() => {
    const pid =
      new URLSearchParams(search).get('pid') ?? new URLSearchParams(window.location.search).get('pid');
    if (pid && pid.trim()) session.set(SESSION_KEYS.pid, pid.trim());
  }, [search]);

  // balance polling follows the token: on at login, off at logout or 401, and off
  // whenever the app itself goes away (e.g. the site switches to maintenance).
  // issue 37: with it the live-update stream (loaded for a signed-in member only), which stands
  // the poll down while it is up and hands back to it when it drops
  useEffect(() => {
    if (!token) return;
    startBalancePolling();
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('../session/live').then(
      (live) => {
        if (stopped) return;
        live.startLive();
        stop = live.stopLive;
      },
      () => {}, // the chunk did not load: the poll goes on
    );
    return () => {
      stopped = true;
      stop?.();
      stopBalancePolling();
    };
  }, [token]);

  // the unread count behind the drawer's and member centre's badges: once per sign-in
  useEffect(() => {
    if (token) void refreshMessageNum();
  }, [token]);

  // a member returning with a stored token: refresh userInfo once
  useEffect(() => {
    if (token && !userRefreshedAtStart) {
      userRefreshedAtStart = true;
      void loadUser();
    }
  }, []);

  return <Outlet />;
}
