import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE, memoryAssets } from './memory-assets.ts';
import { PAGE_CSP } from './security-headers.ts';

/**
 * The member site's content-security policy (on its HTML only). Scripts, styles, data calls
 * and fonts come from this origin alone; game, partner and service frames may be any web
 * page (the providers' addresses are operator settings, and one provider is http only, spec
 * section 9); images may also come from providers' https hosts. Inline styles stay allowed:
 * React sets style attributes and the boot splash is an inline style block.
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src * data: blob:',
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Serves a built single-page app: hashed files under assets/ are cached for a year,
 * index.html is never cached so a new build is picked up at once.
 * Returns a function that answers index.html (for the not-found handler), or undefined when there is no build.
 */
export async function serveWebApp(app: FastifyInstance, dist: string): Promise<((reply: FastifyReply) => unknown) | undefined> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', PAGE_CSP)
        .send('<!doctype html><meta charset="utf-8"><title>未构建</title><p>会员站点尚未构建：请先运行 <code>npm run build</code>，或直接使用 <code>npm start</code>。</p>'),
    );
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    // .br / .gz files written at build time (scripts/precompress.mjs)
    preCompressed: true,
    index: ['index.html'],
    setHeaders(reply, file) {
      const rel = path.relative(dist, file);
      reply.header('Cache-Control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      if (/\.html(\.br|\.gz)?$/.test(rel)) reply.header('Content-Security-Policy', SITE_CSP);
    },
  });
  return (reply) => reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', SITE_CSP).sendFile('index.html');
}

// ---- issue 12: the back-office (apps/admin) under /admin/ ----

/**
 * The back-office's content-security policy: everything from this origin; images also as data:
 * URLs (the captcha and the one-time TOTP QR code); no frames in or out. antd writes its styles
 * into style tags at run time, so inline styles stay allowed.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built back-office at /admin/: hashed assets cached for a year, from memory (with their
 * .br/.gz twins written at build time), and index.html, never cached, for /admin and every screen's path
 * under it (the app routes in the browser). /admin/api/ paths are left to the API's not-found.
 * Without a build, /admin answers a short note instead.
 */
export async function serveAdminApp(app: FastifyInstance, dist: string): Promise<void> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/admin', async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', PAGE_CSP)
        .send('<!doctype html><meta charset="utf-8"><title>未构建</title><p>管理后台尚未构建：请先运行 <code>npm run build</code>。</p>'),
    );
    return;
  }
  // hashed files from memory (memory-assets.ts); index.html below, for every screen path
  app.get('/admin/assets/:file', memoryAssets(path.join(dist, 'assets')));
  const index = async (_req: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', ADMIN_CSP)
      // read each time (a small file); the asset routes are fixed at start, so a new build needs a restart, as the member site's does
      .send(await fs.promises.readFile(indexFile));
  app.get('/admin', index);
  app.get('/admin/*', async (req, reply) => {
    const url = req.url.split('?')[0];
    // an API path or a missing asset is not a screen
    if (url.startsWith('/admin/api/') || url.startsWith('/admin/assets/')) return reply.callNotFound();
    return index(req, reply);
  });
}
