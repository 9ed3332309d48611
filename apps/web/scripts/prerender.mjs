// Issue 37: after `vite build`, renders the home as a guest first sees it (the layout, the
// greeting, the tabs, with the loading placeholders of banners, notices and games) in the
// system Chromium at 375x812 and writes that frame into dist/index.html, so the first paint of
// a phone needs no script. The app replaces the frame when its first render commits.
//
// The frame is taken from the built site itself, with every /api call left unanswered (the
// loading state) and a cached appInfo that says the site is open; data-testid attributes are
// dropped (tests wait for the live page). scripts/shell-route.js, copied as a hashed asset and
// loaded in the head, hides the frame for any visit that does not open on a guest's home.
//
// The module script and its preload are marked fetchpriority="low": the first paint then waits
// for the HTML, the stylesheet and the route check only (Lighthouse's simulation counts a
// high-priority script as blocking the first paint).
//
// OFF BY DEFAULT: the route check is a fourth first-load file, and with the server's ~0.8 KB of
// headers per response the guest's first load is 100.3 KB, over its 100 KB budget (2026-12-02).
// It runs when WEB_SHELL=1 is set:
//
//   WEB_SHELL=1 npm run build -w apps/web      (apps/web's build runs it before precompress)
//
// Without Chromium ($CHROME_PATH, /usr/bin/chromium) the build keeps the boot splash and says so.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { PHONE_CONTEXT } from '../../../scripts/lib.mjs';

if (process.env.WEB_SHELL !== '1') process.exit(0);
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? 'dist');
const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && fs.existsSync(p));
if (!chromePath) {
  console.warn('prerender: no Chromium ($CHROME_PATH, /usr/bin/chromium): index.html keeps the boot splash only');
  process.exit(0);
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };
const pending = new Set();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  // the API never answers: the frame is the loading state
  if (url.pathname.startsWith('/api/')) {
    pending.add(res);
    return;
  }
  const file = path.join(dist, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  res.end(fs.readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
let frame;
try {
  const context = await browser.newContext(PHONE_CONTEXT);
  await context.addInitScript(() => localStorage.setItem('appInfo', JSON.stringify({ site_state: 1 })));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/#/`);
  await page.locator('[data-testid="home"]').waitFor({ timeout: 60_000 });
  // the frame as committed and painted
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  frame = await page.evaluate(() => {
    const root = document.getElementById('root').cloneNode(true);
    for (const el of root.querySelectorAll('[data-testid]')) el.removeAttribute('data-testid');
    return root.innerHTML;
  });
  if (errors.length) throw new Error(`the page failed while rendering: ${errors.join('; ')}`);
} finally {
  await browser.close();
  for (const res of pending) res.destroy();
  server.close();
}

const indexPath = path.join(dist, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');
const boot = html.match(/<div id="root">(<div id="boot">[\s\S]*?<\/div>)<\/div>/);
if (!boot) throw new Error('prerender: index.html has no <div id="root"><div id="boot">…</div></div>');

// the route check, as a hashed (immutable) asset in the head
// (minified: it counts in the first load's bytes)
const { code: route } = await transform(fs.readFileSync(path.join(here, 'shell-route.js'), 'utf8'), { minify: true, target: 'es2015' });
const routeName = `assets/shell-${crypto.createHash('sha256').update(route).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(dist, routeName), route);

html = html
  .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
  .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
  .replace('</title>', `</title>\n    <script src="./${routeName}"></script>`)
  .replace('</style>', '  #boot{display:none}.no-shell #boot{display:flex}.no-shell #shell{display:none}\n    </style>')
  .replace(boot[0], `<div id="root">${boot[1]}<div id="shell">${frame}</div></div>`);
fs.writeFileSync(indexPath, html);
console.log(`prerender: the guest home's first frame (${(frame.length / 1024).toFixed(1)} KB of HTML) written into index.html; route check ${routeName}`);
