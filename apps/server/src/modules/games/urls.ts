/**
 * Where game pages and tile art are reached from the member's browser.
 *
 * Launch URLs (spec section 9, "URL rule"; issue 3): a provider may answer a root-relative URL.
 * 1. It is made absolute: against PUBLIC_URL when the sandbox runs inside this server (it is
 *    served from the same origin as the site; without PUBLIC_URL the root-relative URL is handed
 *    out as it is, launch.ts), otherwise against the provider's base URL. Never against the
 *    request's Host header (issue 14).
 * 2. A venue marked http_only gets http (the spec's one provider whose links must be http).
 * 3. A URL on this server's own host or on a loopback address keeps its scheme: the in-process
 *    sandbox is served exactly as the site is (http locally, https behind a TLS proxy), and a
 *    sandbox on 127.0.0.1 speaks plain http.
 * 4. Every other URL is forced to https, so a game never opens as mixed content.
 */
import { isLoopbackHost } from '../catalogue/index.ts';

export interface UrlContext {
  /** the site's own origin (PUBLIC_URL), e.g. https://site.example */
  requestOrigin: string;
  /** what a relative URL is resolved against: the request origin (in-process sandbox) or the provider's base URL */
  relativeBase: string;
}

export function gameUrl(raw: string, ctx: UrlContext, venue: { http_only: number }): string {
  const url = new URL(raw, ctx.relativeBase.endsWith('/') ? ctx.relativeBase : `${ctx.relativeBase}/`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`not a web URL: ${raw}`);
  if (venue.http_only === 1) {
    url.protocol = 'http:';
  } else {
    const own = new URL(ctx.requestOrigin);
    if (!(url.host === own.host || isLoopbackHost(url.hostname))) url.protocol = 'https:';
  }
  return url.toString();
}
