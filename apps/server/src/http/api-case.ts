import type { RouteOptions } from 'fastify';

/**
 * `/api/*` paths match case-insensitively (DESIGN.md section 3, issue 19): the original front-end
 * asks for `/api/activityapplylog` and `/api/noticelist` where the spec spells
 * `/api/activityApplyLog` and `/api/noticeList`.
 *
 * Why not Fastify's `routerOptions.caseSensitive: false`: it lowercases the whole route table,
 * so the static routes of the two built apps (one route per hashed file under /assets/ and
 * /admin/assets/, wildcard off) would collide whenever two names differ only in case, the route
 * table the tests print (test/routes.ts) would no longer show the spec's spelling, and
 * /admin/api, /sandbox and /media would change too. Instead every fixed `/api/` (and
 * `/pay/api/`) path is remembered as it is registered, and a request whose path matches one of
 * them but for case is rewritten to that spelling before routing. Paths with parameters are
 * left as they are (there are none under /api/).
 */
export interface ApiPathCase {
  /** Fastify's onRoute hook: remember each fixed API path */
  onRoute(route: RouteOptions): void;
  /** Fastify's rewriteUrl: the registered spelling of the request's path, query kept */
  rewriteUrl(req: { url?: string }): string;
}

const API_PREFIX = /^\/(?:pay\/)?api\//i;

export function apiPathCase(): ApiPathCase {
  /** lower-case path -> the path as registered */
  const known = new Map<string, string>();
  return {
    onRoute(route) {
      const url = route.url;
      if (typeof url !== 'string' || !API_PREFIX.test(url) || url.includes(':') || url.includes('*')) return;
      const lower = url.toLowerCase();
      // two registrations differing only in case: the first keeps the lower-case spelling
      if (!known.has(lower)) known.set(lower, url);
    },
    rewriteUrl(req) {
      const url = req.url ?? '/';
      if (!API_PREFIX.test(url)) return url;
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      // the router ignores one trailing slash; so does this look-up
      const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      const canonical = known.get(bare.toLowerCase());
      if (canonical === undefined || canonical === bare) return url;
      return canonical + (q < 0 ? '' : url.slice(q));
    },
  };
}
