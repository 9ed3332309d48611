import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/store';

/** The full intended path (with its query) as the redirect query of /login. */
export function loginPathFor(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/** Login-required routes: without a token, go to /login?redirect=<full path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <>{children}</>;
}

/** Where to go after login: the redirect query when it is one of our paths, else home. */
export function safeRedirect(raw: string | null): string {
  if (!raw) return '/';
  let target = raw;
  try {
    // tolerate a doubly-encoded value
    if (/^%2F/i.test(target)) target = decodeURIComponent(target);
  } catch {
    return '/';
  }
  if (!target.startsWith('/') || target.startsWith('//')) return '/';
  const path = target.split(/[?#]/)[0];
  if (path === '/login' || path === '/register') return '/';
  return target;
}
