/**
 * Navigation from outside React (the HTTP client's 401 handling). The router
 * registers its navigate function at start-up; before that, the hash is set directly.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => Promise<void> | void;

let navigateFn: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigateFn = fn;
}

/** Resolves once the router has moved (so state cleared afterwards cannot redirect elsewhere). */
export async function navigateTo(to: string, opts: { replace?: boolean } = {}): Promise<void> {
  if (navigateFn) await navigateFn(to, opts);
  else window.location.hash = `#${to}`;
}
