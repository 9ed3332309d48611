/** The operator token lives in local storage under its own key (never the member site's `token`). */
const KEY = 'adminToken';
/** the key, for the build's route preload script (src/build/route-preload.ts) */
export { KEY as TOKEN_KEY };
const listeners = new Set<() => void>();

export function readToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string) {
  localStorage.setItem(KEY, token);
  listeners.forEach((l) => l());
}

export function clearToken() {
  localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function onTokenChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
