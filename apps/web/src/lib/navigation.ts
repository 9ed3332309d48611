/**
 * Navigation from outside React (the HTTP client's 401 handling). The router
 * registers its navigate function at start-up; before that, the hash is set directly.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

export function setNavigator(fn: Navigate): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (navigateFn) navigateFn(to, opts);
  else window.location.hash = `#${to}`;
}
