// Back-office screen speed (issue 25): starts the real server on a fresh SQLite DATA_DIR with a
// built back-office (ADMIN_DIST, default apps/admin/dist), seeds a few members, deposits and
// withdrawals, then times in Chromium a cold full load of every screen (new browser context:
// empty cache, signed in by token) until its data shows, and prints milliseconds per screen.
//
//   node scripts/admin-speed.mjs [--runs 3] [--busy 2] [--only members,cashier]
//   node scripts/admin-speed.mjs --runs 1 --only /operators --timeline   (each request's start and end, ms)
//   node scripts/admin-speed.mjs --only =/,=/members   (= takes that path alone: =/ is the dashboard)
//   node scripts/admin-speed.mjs --runs 1 --shots /tmp/shots   (also a 1440x900 picture of each screen,
//     the sign-in page and the payment channel form's drawer)
//   node scripts/admin-speed.mjs --runs 1 --profile /tmp/prof   (also a CPU profile of each screen's
//     first load, as 1-members.cpuprofile and so on; a build made with --sourcemap names its parts)
//   node scripts/admin-speed.mjs --runs 1 --trace /tmp/trace   (a Chromium trace of each first load,
//     1-members.json and so on, for chrome://tracing or the DevTools performance panel)
//   node scripts/admin-speed.mjs --warm   (also each screen loaded again in the same browser: cached
//     files and compiled code, as an operator's browser has them after the first visit)
//   node scripts/admin-speed.mjs --latency 40   (40 ms more on every request: a server far away)
//   node scripts/admin-speed.mjs --browser-ui   (Chromium's own address-bar popup page is built in each
//     new window, as by default in Chromium 156: off unless asked, see BROWSER_UI)
//   node scripts/admin-speed.mjs --cpu   (also the CPU time the page's main thread spent until its
//     data showed, from a trace of each load: a busy machine stretches the clock far more than this)
//   ADMIN_DIST=/tmp/before,/tmp/after node scripts/admin-speed.mjs   (two builds, loads taken in turn)
//   ADMIN_DIST=/tmp/me/admin CHROME_PATH=/usr/bin/chromium node scripts/admin-speed.mjs
//   SERVER_ROOT=/tmp/snapshot node scripts/admin-speed.mjs   (the server from another copy of the
//     repository, e.g. `git archive HEAD` unpacked, while this tree is being edited)
//
// --busy N runs N `for(;;){}` node loops beside it (a loaded machine). "Data shows" means: the
// screen's chunk rendered into the layout and visible, no spinner or skeleton left, at least one table row,
// empty table or state, form field, chart canvas, description list or statistic on screen, and no
// /admin/api call still in flight. The frame's side menu is drawn after that (issue 25: the screen's
// data first); its own line says when. Run it against a build with its .br/.gz files
// (scripts/precompress.mjs), as `npm run build` leaves it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { OMNIBOX_POPUP_OFF, QUIET_CHROMIUM } from './chromium-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const RUNS = Number(opt('runs', 3));
const BUSY = Number(opt('busy', 0));
const TIMELINE = argv.includes('--timeline');
const SHOTS = opt('shots', '');
const PROFILE = opt('profile', '');
const TRACE = opt('trace', '');
const CPU = argv.includes('--cpu');
// issue 37: Chromium's address-bar popup page, built anew in every context (scripts/chromium-flags.mjs),
// is off here as an operator's window has it once, not per page load; --browser-ui keeps Chromium's default
const BROWSER_UI = argv.includes('--browser-ui');
// round-trip time added to every request (Chromium's network emulation), as an operator's
// browser far from the server has: 0 measures the machine alone
const LATENCY = Number(opt('latency', 0));
// when the side menu is drawn, but not while tracing or profiling: ending them takes long and
// would be counted
const MENU = !CPU && !TRACE && !PROFILE;
// also a second load of the screen in the same browser context: its HTTP cache and compiled-code
// cache filled, as for an operator who has opened the back-office before
const WARM = argv.includes('--warm');
const ONLY = opt('only', '')
  .split(',')
  .filter(Boolean);
// several builds, comma-separated, are timed side by side: one server each, their loads taken in turn
const DISTS = (process.env.ADMIN_DIST ?? path.join(ROOT, 'apps/admin/dist')).split(',').map((d) => path.resolve(d));
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const SERVER_ROOT = path.resolve(process.env.SERVER_ROOT ?? ROOT);
const PASSWORD = 'speed-admin-pass';

/** every screen path of the back-office, read from its screen table (menu order) */
function screenPaths() {
  const src = fs.readFileSync(path.join(ROOT, 'apps/admin/src/routes/screens.tsx'), 'utf8');
  return [...src.matchAll(/\{ path: '([^']+)', title: '([^']+)'/g)].map((m) => ({ path: m[1], title: m[2] }));
}

/** a port nothing listens on now (a random one collided with NATS on 4222) */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, adminDist) {
  const port = await freePort();
  const child = spawn(path.join(SERVER_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ADMIN_DIST: adminDist, CAPTCHA: 'off', RATE_LIMITS: 'off', OPERATOR_SETUP: 'off', ACCESS_LOG: 'off', ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/app`, { method: 'POST' })).ok) return { base, child };
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

async function api(base, p, body = {}, token) {
  const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return res.json();
}

/** 30 members; 12 with a pending bank deposit, 8 with a pending withdrawal */
async function seed(base, op) {
  const names = [];
  for (let i = 0; i < 30; i++) {
    const name = `speed${String(i).padStart(3, '0')}`;
    const reg = await api(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: '654321' });
    if (reg.code !== 200) throw new Error(`register ${name}: ${reg.message}`);
    names.push(name);
    const token = reg.data.api_token;
    await api(base, '/admin/api/members/adjust', { username: name, amount: 500 + i, reason: '测速数据' }, op);
    if (i < 20) {
      const card = await api(base, '/api/bindcard', { bank_owner: '张三', bank: '招商银行', bank_no: `62220210${String(i).padStart(8, '0')}`, bank_address: '深圳市福田支行', pay_pass: '654321' }, token);
      if (i < 12) await api(base, '/api/recharge', { paytype: 'bank', amount: 100 + i, bank_owner: '张三', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行' }, token);
      else await api(base, '/api/withdraw', { bank: card.data?.id, amount: 120, password: '654321' }, token);
    }
  }
  // the screens of one channel and one agent
  const channel = await api(base, '/admin/api/payment-channels/create', { name: '测速通道', gateway_type: 'sandbox', merchant_id: 'M-speed', keys: { sign_key: 'sandbox-key-0000' }, methods: [{ paytype: 'alipay' }] }, op);
  if (channel.code !== 200) throw new Error(`channel: ${channel.message}`);
  const agent = await api(base, '/admin/api/agents/create', { username: names[29] }, op);
  if (agent.code !== 200) throw new Error(`agent: ${agent.message}`);
  return { names, ids: { '/cashier/channels/:id': channel.data.id, '/agents/:id': agent.data.id } };
}

/** runs in the page before its scripts: counts /admin/api calls in flight */
function watchCalls() {
  window.__calls = 0;
  const real = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/admin/api/')) return real(input, init);
    window.__calls++;
    return real(input, init).finally(() => {
      // the reply's JSON is read in the same task as the promise settles; a frame later it is drawn
      setTimeout(() => window.__calls--, 0);
    });
  };
}

/** in the page: the screen shows its data (see the header) -> performance.now(), else false */
function shown() {
  // cheapest first: this runs every frame of the load, and checkVisibility makes the page work
  // out its styles then and there (a forced style pass per frame slowed the load it measures)
  const main = document.querySelector('main.ant-layout-content');
  if (!main || window.__calls > 0) return false;
  if (!main.querySelector('.ant-table-row, .ant-table-placeholder, .ant-empty, .ant-form-item, canvas, .ant-descriptions, .ant-statistic, .ant-list-item, .ant-result')) return false;
  if (main.querySelector('.ant-spin-spinning, .ant-skeleton, .ant-table-placeholder .ant-spin')) return false;
  // the frame may draw a screen hidden while it waits for /admin/api/me: hidden is not shown
  if (!main.checkVisibility({ visibilityProperty: true })) return false;
  return performance.now();
}

/** in the page: the frame's side menu is drawn (it follows the screen's first data) -> performance.now() */
function menuShown() {
  return document.querySelector('.ant-layout-sider .ant-menu-item, .ant-layout-sider .ant-menu-submenu') ? performance.now() : false;
}

/**
 * in the page, from its first moment: every frame asks `shown`, then `menuShown`, and says the
 * first time each held on the console. Playwright's own per-frame polling (waitForFunction with
 * polling 'raf') ran its injected script on the page's main thread in every frame of the load it
 * measured: about 20 ms of each load's main thread in CPU profiles, work an operator's browser
 * never does. The console costs the page nothing more, and the time is taken in the page as before.
 */
function watchFrames() {
  let shownAt = 0;
  const tick = () => {
    if (!shownAt && (shownAt = window.__shown())) console.debug(`admin-speed:shown ${shownAt}`);
    const menuAt = shownAt && window.__menu();
    if (menuAt) console.debug(`admin-speed:menu ${menuAt}`);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** the page's next console word `admin-speed:<what> <ms>` -> ms; a screenshot and an error after 30 s */
function said(page, what, url) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(async () => {
      page.off('console', hear);
      const file = path.join(os.tmpdir(), `admin-speed-failed${url.replace(/\W+/g, '-')}.png`);
      await page.screenshot({ path: file }).catch(() => {});
      reject(new Error(`${url}: no ${what === 'shown' ? 'data' : what} shown in 30 s (see ${file})`));
    }, 30_000);
    function hear(msg) {
      const m = /^admin-speed:(\w+) ([\d.]+)$/.exec(msg.text());
      if (!m || m[1] !== what) return;
      clearTimeout(timer);
      page.off('console', hear);
      resolve(Math.round(Number(m[2])));
    }
    page.on('console', hear);
  });
}

async function timeScreen(browser, base, token, url, shot = '', profile = '', trace = '') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await context.addInitScript(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token]);
  await context.addInitScript(watchCalls);
  await context.addInitScript({ content: `window.__shown = ${shown}; window.__menu = ${menuShown}; (${watchFrames})();` });
  const page = await context.newPage();
  const bytes = { js: 0, css: 0 };
  const t0 = Date.now();
  const calls = [];
  if (TIMELINE) {
    page.on('request', (r) => calls.push({ r, url: r.url().replace(base, ''), start: Date.now() - t0, end: -1 }));
    page.on('requestfinished', (r) => {
      const c = calls.find((x) => x.r === r);
      if (c) c.end = Date.now() - t0;
    });
  }
  // issue 37: a file the load could not fetch fails the load: the screen's error page
  // (页面加载失败) has an .ant-result, which the data check would otherwise count as shown
  const missing = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/admin/assets/')) missing.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  // counted as each response arrives (waiting for its full header list missed some before the screen showed)
  page.on('response', (r) => {
    const type = /\.(js|css)$/.exec(new URL(r.url()).pathname)?.[1];
    if (type) bytes[type] += Number(r.headers()['content-length'] ?? 0);
  });
  const cdp = profile || LATENCY ? await context.newCDPSession(page) : undefined;
  if (LATENCY) await cdp.send('Network.enable');
  if (LATENCY) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY, downloadThroughput: -1, uploadThroughput: -1 });
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (trace || CPU) await browser.startTracing(page, { path: trace || undefined, screenshots: false, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading', 'toplevel'] });
  try {
    // both heard from the first frame: the menu may be drawn before the data's word is read here
    const data = said(page, 'shown', url);
    const menuSaid = MENU ? said(page, 'menu', url) : Promise.resolve(0);
    menuSaid.catch(() => {}); // awaited below; a load that failed earlier leaves it unheard
    await page.goto(base + url, { waitUntil: 'commit' });
    const ms = await data;
    if (missing.length) throw new Error(`${url}: the load could not fetch ${missing.join(', ')}`);
    const traced = trace || CPU ? await browser.stopTracing() : undefined;
    if (profile) fs.writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (shot) {
      // after the timing: the page at rest, its tables' sticky parts placed
      await page.waitForTimeout(400);
      await page.screenshot({ path: shot });
    }
    if (TIMELINE) for (const c of calls) console.log(`    ${String(c.start).padStart(5)} -> ${String(c.end).padStart(5)}  ${c.url.slice(0, 90)}`);
    // the frame's menu follows the data
    const menu = await menuSaid;
    // the cold load's bytes: the warm loads below answer from the cache, still as responses
    const cold = { ...bytes };
    let warm = 0;
    if (WARM) {
      // the compiled-code cache keeps scripts that ran twice: one more load fills it, the next is timed
      const again = said(page, 'shown', url);
      await page.reload({ waitUntil: 'commit' });
      await again;
      const timed = said(page, 'shown', url);
      await page.reload({ waitUntil: 'commit' });
      warm = await timed;
    }
    return { ms, menu, warm, ...cold, cpu: traced && CPU ? mainThreadCpu(traced) : 0, path: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

/**
 * With --shots, beside each screen's picture: the sign-in page (no token) and the payment channel
 * form opened in its drawer, a form over a list (issue 37: the look is compared before and after a
 * change to how styles are built). Each is taken once the page is at rest.
 */
async function extraShots(browser, base, token, n) {
  const open = async (signedIn) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    if (signedIn) await context.addInitScript(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token]);
    return { context, page: await context.newPage() };
  };
  let { context, page } = await open(false);
  try {
    await page.goto(`${base}/admin/login`);
    await page.locator('form .ant-form-item').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(SHOTS, `${n}-login.png`) });
  } finally {
    await context.close();
  }
  ({ context, page } = await open(true));
  try {
    await page.goto(`${base}/admin/cashier/channels`);
    await page.locator('[data-testid=channel-create]').click({ timeout: 30_000 });
    await page.locator('.ant-drawer-open .ant-form-item, .ant-modal-wrap .ant-form-item').first().waitFor({ timeout: 30_000 });
    // the drawer's slide-in animation is over
    await page.waitForTimeout(1000);
    await page.screenshot({ path: path.join(SHOTS, `${n}-channel-form.png`) });
  } finally {
    await context.close();
  }
}

/**
 * From a Chromium trace: the CPU time (not the clock) of the page's main thread, summed over its
 * top-level tasks; the renderer's main thread is the one that ran the most.
 */
function mainThreadCpu(buffer) {
  const events = JSON.parse(buffer.toString()).traceEvents;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.reduce((n, e) => n + e.dur, 0) - a.reduce((n, e) => n + e.dur, 0))[0] ?? [];
  let cpu = 0;
  let end = -1;
  for (const e of busiest.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (e.ts < end) continue; // nested in a task already counted
    cpu += e.tdur ?? 0;
    end = e.ts + e.dur;
  }
  return Math.round(cpu / 1000);
}

let stopping = false;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (rs, type) => Math.round(median(rs.map((x) => x[type])) / 1024);

async function main() {
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  if (PROFILE) fs.mkdirSync(PROFILE, { recursive: true });
  if (TRACE) fs.mkdirSync(TRACE, { recursive: true });
  for (const d of DISTS) if (!fs.existsSync(path.join(d, 'index.html'))) throw new Error(`no back-office build at ${d}`);
  const servers = [];
  const loops = [];
  let browser;
  try {
    for (const dist of DISTS) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-speed-'));
      const server = { dist, dataDir, ...(await startServer(dataDir, dist)) };
      servers.push(server);
      const login = await api(server.base, '/admin/api/login', { username: 'admin', password: PASSWORD });
      if (login.code !== 200) throw new Error(`login: ${login.message}`);
      server.op = login.data.token;
      server.seeded = await seed(server.base, server.op);
    }
    browser = await chromium.launch({ executablePath: CHROME, headless: true, args: [...QUIET_CHROMIUM, ...(BROWSER_UI ? [] : [OMNIBOX_POPUP_OFF])] });
    for (let i = 0; i < BUSY; i++) loops.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
    const screens = screenPaths()
      .map((s) => ({ ...s, url: `/admin${s.path === '/' ? '/' : s.path.replace(':username', 'speed000').replace(':id', String(servers[0].seeded.ids[s.path] ?? 1))}` }))
      .filter((s) => !ONLY.length || ONLY.some((o) => (o.startsWith('=') ? s.path === o.slice(1) : s.path.includes(o))));
    // one unmeasured load first: the server's own first answers (module warm-up) are not the screen's
    for (const sv of servers) await timeScreen(browser, sv.base, sv.op, screens[0].url);
    const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`admin-speed: ${RUNS} cold loads per screen and build, ${BUSY} busy loops, load average ${load()}${BROWSER_UI ? ", Chromium's omnibox popup page kept (--browser-ui)" : ''}`);
    DISTS.forEach((d, i) => console.log(`  [${i + 1}] ${d}`));
    const medians = DISTS.map(() => []);
    const menuMedians = DISTS.map(() => []);
    const warmMedians = DISTS.map(() => []);
    for (const s of screens) {
      const runs = DISTS.map(() => []);
      for (let r = 0; r < RUNS; r++) {
        for (const [i, sv] of servers.entries()) {
          if (stopping) throw new Error('stopped');
          const shot = SHOTS && r === 0 ? path.join(SHOTS, `${i + 1}${s.path.replace(/\W+/g, '-')}.png`) : '';
          const profile = PROFILE && r === 0 ? path.join(PROFILE, `${i + 1}${s.path.replace(/\W+/g, '-')}.cpuprofile`) : '';
          const trace = TRACE && r === 0 ? path.join(TRACE, `${i + 1}${s.path.replace(/\W+/g, '-')}.json`) : '';
          runs[i].push(await timeScreen(browser, sv.base, sv.op, s.url, shot, profile, trace));
        }
      }
      const cells = runs.map((rs, i) => {
        const ms = rs.map((x) => x.ms);
        medians[i].push(median(ms));
        menuMedians[i].push(median(rs.map((x) => x.menu)));
        const cpu = CPU ? `, main-thread CPU ${median(rs.map((x) => x.cpu))} ms` : '';
        if (WARM) warmMedians[i].push(median(rs.map((x) => x.warm)));
        const warm = WARM ? `, warm ${median(rs.map((x) => x.warm))} ms` : '';
        const menu = MENU ? `, menu ${median(rs.map((x) => x.menu))} ms` : '';
        return `[${i + 1}] ${String(median(ms)).padStart(5)} ms (${Math.min(...ms)}-${Math.max(...ms)}, JS ${kb(rs, 'js')} KB, CSS ${kb(rs, 'css')} KB${menu}${cpu}${warm})`;
      });
      console.log(`${`${s.title} ${s.path}`.padEnd(40)} ${cells.join('   ')}`);
    }
    if (SHOTS) for (const [i, sv] of servers.entries()) await extraShots(browser, sv.base, sv.op, i + 1);
    for (const [i, ms] of medians.entries()) {
      const slowest = Math.max(...ms);
      console.log(`[${i + 1}] median of screens ${median(ms)} ms, slowest ${slowest} ms (${screens[ms.indexOf(slowest)].path}), screens over 1000 ms: ${ms.filter((m) => m > 1000).length} of ${ms.length}`);
      const m = menuMedians[i];
      if (MENU) console.log(`[${i + 1}] side menu drawn: median of screens ${median(m)} ms, slowest ${Math.max(...m)} ms, over 1000 ms: ${m.filter((x) => x > 1000).length} of ${m.length}`);
      const w = warmMedians[i];
      if (WARM) console.log(`[${i + 1}] warm: median of screens ${median(w)} ms, slowest ${Math.max(...w)} ms (${screens[w.indexOf(Math.max(...w))].path}), screens over 1000 ms: ${w.filter((m) => m > 1000).length} of ${w.length}`);
    }
    console.log(`load average at the end ${load()}`);
  } finally {
    for (const l of loops) l.kill('SIGKILL');
    await browser?.close();
    for (const sv of servers) {
      sv.child.kill('SIGTERM');
      await new Promise((r) => (sv.child.exitCode !== null ? r() : sv.child.once('exit', r)));
      fs.rmSync(sv.dataDir, { recursive: true, force: true });
    }
  }
}

/** the local-storage key the back-office keeps its token under (apps/admin/src/session/token.ts) */
const TOKEN_KEY = /const KEY = '([^']+)'/.exec(fs.readFileSync(path.join(ROOT, 'apps/admin/src/session/token.ts'), 'utf8'))[1];

// stopped with Ctrl-C: end the servers and busy loops this run started, then leave
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => (stopping = true));
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
