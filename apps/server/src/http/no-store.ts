import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every reply that has not said how it may be cached (issue 14;
 * DESIGN.md section 5): the API's answers carry a member's or an operator's data (balances,
 * cards, records, tokens) and must not be kept by a browser, a shared proxy or a CDN. Replies
 * that may be kept (built assets, media, our own pages) set their own Cache-Control and keep it.
 * Installed before the routes, so that every route, plugin and error reply passes through it.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
