import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The content-security policy of the pages this server renders itself (/support/,
 * /support/agent, /download/, /partners/*; issue 14): scripts only from files of this origin,
 * never inline, so text that slipped past escaping could not run; calls and form posts to this
 * origin only; framed only by the member site. Inline styles stay allowed (each page carries its
 * small stylesheet), as on the member site.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * helmet's headers on every reply: nosniff, same-origin framing, referrer policy and friends.
 * The member site's content-security policy is set on its HTML (static.ts SITE_CSP), media
 * carry their own (content MEDIA_CSP), and the server-rendered pages PAGE_CSP above.
 *
 * helmet itself, its middleware built once. @fastify/helmet builds the middleware anew for every
 * request (two hooks, every option parsed again), which cost the balance poll a quarter to a
 * third of its rate on this machine.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const apply = helmet({ contentSecurityPolicy: false });
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
