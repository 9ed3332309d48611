import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers on every reply: nosniff, same-origin framing, referrer policy and friends.
 * The member site's content-security policy is set on its HTML (static.ts SITE_CSP) and media
 * carry their own (content MEDIA_CSP); the small server-rendered pages (/support/, /download/,
 * /partners/) have none yet.
 *
 * helmet itself, its middleware built once. @fastify/helmet builds the middleware anew for every
 * request (two hooks, every option parsed again), which cost the balance poll a quarter to a
 * third of its rate on this machine.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet({ contentSecurityPolicy: false });
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
