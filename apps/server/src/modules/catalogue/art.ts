/** Where tile art and venue logos are reached from the member's browser (written at sync). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Tile art: kept root-relative when the provider is served from the site's own origin (the site
 * shows base URL + api_logo_img, spec section 2 /search); otherwise made absolute against the
 * provider's base URL, https unless it is a loopback address.
 */
export function artUrl(raw: string, providerBase: string | null): string {
  if (!raw) return '';
  if (providerBase === null) return raw;
  const url = new URL(raw, providerBase.endsWith('/') ? providerBase : `${providerBase}/`);
  if (!isLoopbackHost(url.hostname)) url.protocol = 'https:';
  return url.toString();
}
