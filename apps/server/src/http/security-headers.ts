import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * With its content-security policy off, helmet's headers do not depend on the request: helmet
 * is asked for them once, at start, and every reply gets them through Fastify's own header list.
 * Running helmet per request set them one by one on the raw response, which also sent every
 * other header of the reply down Node's slow path (issue 24: the balance poll).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** the headers helmet sets on a response, as Fastify's reply takes them (names in lower case) */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown = null;
  helmet({ contentSecurityPolicy: false })({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) => void (failed = err ?? null));
  if (failed || Object.keys(headers).length === 0) throw new Error(`helmet gave no headers: ${String(failed)}`);
  return headers;
}
