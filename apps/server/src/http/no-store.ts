import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every reply that has not said how it may be cached (issue 14;
 * DESIGN.md section 5): the API's answers carry a member's or an operator's data (balances,
 * cards, records, tokens) and must not be kept by a browser, a shared proxy or a CDN. Replies
 * that may be kept (built assets, media, our own pages) set their own Cache-Control and keep it.
 * Installed before the routes, so that every route, plugin and error reply passes through it.
 *
 * Set as every request arrives; a reply that says otherwise replaces it (Fastify keeps one value
 * per header name). Cheaper than looking at every reply as it leaves (issue 24: the balance poll).
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
}
