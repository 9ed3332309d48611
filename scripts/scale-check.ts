// npm run scale:check -- [--db postgres://postgres@127.0.0.1:5432/scale] [--ref postgres://postgres@127.0.0.1:5432/scale_small]
//                        [--calls 40] [--no-jobs] [--only REGEX] [--risk] [--no-report-rollup]
// (--risk: only issue 36's member links and risk searches, p50/p99, scripts/scale-check-risk.ts;
//  --rules: only the risk rules job over a day of bets, scripts/scale-check-rules.ts)
//
// Issue 24 point 4: on databases made by `npm run seed:scale`, starts the real server (SANDBOX on,
// CAPTCHA=off, RATE_LIMITS=off, JOBS=off, a free port) against the big database, then against the
// reference (the 1,000-member site, --scale 0.001), and times the first and the last page of every
// member list and every back-office list and search, sequentially, `--calls` times each. Prints
// p99 per call on both and their ratio. Then, on a copy of the big database (so the seeded one
// stays as it was and the check can run again), runs the daily rebate job, the VIP job and the
// agents' month settlement with a clock argument (DESIGN.md section 6) and verify(), each timed,
// while a member's bet records are polled without pause to show the site keeps answering.
// Prints figures; no pass or fail.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import type { AppContext } from '../apps/server/src/context.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { createReportsService } from '../apps/server/src/modules/reports/service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' },
    ref: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale_small' },
    calls: { type: 'string', default: '40' },
    'no-jobs': { type: 'boolean', default: false },
    'no-lists': { type: 'boolean', default: false },
    only: { type: 'string' },
    // issue 36 point 9: links and search timings only (scripts/scale-check-risk.ts)
    risk: { type: 'boolean', default: false },
    // issue 37 point 4: time the reports without the job's run first (windows not moved to today: the direct sums)
    'no-report-rollup': { type: 'boolean', default: false },
    // issue 36 point 9: the risk rules job over a day of bets (scripts/scale-check-rules.ts)
    rules: { type: 'boolean', default: false },
    'per-day': { type: 'string' },
    hours: { type: 'string' },
    ticks: { type: 'string' },
    keep: { type: 'boolean' },
    reuse: { type: 'boolean' },
  },
});
const CALLS = Math.max(5, Number(args.calls));
/** samples of a call that takes over a second */
const SLOW_CALLS = 5;
const MEMBER_PASSWORD = 'scale1234';
const ADMIN_PASSWORD = 'scale-admin-pass';
const dbName = (url: string) => new URL(url).pathname.slice(1);
const dataDirOf = (url: string) => path.join(ROOT, 'data', `scale-${dbName(url)}`);
const fmt = (n: number) => n.toLocaleString('en-US');

// ---- the server ---------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Server {
  base: string;
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'on',
      CAPTCHA: 'off',
      RATE_LIMITS: 'off',
      JOBS: 'off',
      OPERATOR_SETUP: 'off',
      ACCESS_LOG: 'off',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error('server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function post(base: string, p: string, body: unknown, token?: string): Promise<{ code: number; message: string; data: any }> {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

async function signIn(base: string) {
  const login = async (name: string) => {
    const r = await post(base, '/api/login', { name, password: MEMBER_PASSWORD });
    if (r.code !== 200) throw new Error(`login ${name}: ${r.message}`);
    return r.data.api_token as string;
  };
  const admin = await post(base, '/admin/api/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (admin.code !== 200) throw new Error(`operator login: ${admin.message}`);
  return { member: await login('probe01'), agent: await login('probeagent'), admin: admin.data.token as string };
}

// ---- the calls ----------------------------------------------------------------------------------

type Who = 'member' | 'agent' | 'admin';
interface Call {
  name: string;
  who: Who;
  path: string;
  body: (page: number) => Record<string, unknown>;
  /** not paged: one figure (dashboard, daily report) */
  single?: boolean;
}

const bjDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const today = bjDate(Date.now());
const monthAgo = bjDate(Date.now() - 29 * 86_400_000);
const range = { from: monthAgo, to: today };

const member = (name: string, p: string, extra: Record<string, unknown> = {}, who: Who = 'member'): Call => ({ name, who, path: p, body: (page) => ({ ...extra, page }) });
const admin = (name: string, p: string, extra: Record<string, unknown> = {}): Call => ({ name, who: 'admin', path: p, body: (page) => ({ ...extra, page }) });
const single = (name: string, p: string, body: Record<string, unknown> = {}): Call => ({ name, who: 'admin', path: p, body: () => body, single: true });

const CALLS_TABLE: Call[] = [
  // member site (probe01: the same records on both databases; date 4 = the last 30 days)
  member('betrecord', '/api/betrecord', { date: 4 }),
  member('gettransrecord 1 deposits', '/api/gettransrecord', { date: 4, type: 1 }),
  member('gettransrecord 2 withdrawals', '/api/gettransrecord', { date: 4, type: 2 }),
  member('gettransrecord 3 transfers in', '/api/gettransrecord', { date: 4, type: 3 }),
  member('gettransrecord 4 transfers out', '/api/gettransrecord', { date: 4, type: 4 }),
  member('getfanshui (rebates)', '/api/getfanshui', { date: 4 }),
  member('redpacket (grabs)', '/api/redpacket'),
  member('messagelist', '/api/messagelist'),
  member('activityApplyLog', '/api/activityApplyLog'),
  member('agent/members', '/api/agent/members', {}, 'agent'),
  member('agent/subagents', '/api/agent/subagents', {}, 'agent'),
  member('agent/statements', '/api/agent/statements', {}, 'agent'),
  // back-office lists and searches
  admin('members/list', '/admin/api/members/list'),
  admin('members/list username=probe01', '/admin/api/members/list', { username: 'probe01' }),
  admin('members/list username prefix m00001', '/admin/api/members/list', { username: 'm00001' }),
  admin('members/list username prefix m00', '/admin/api/members/list', { username: 'm00' }),
  admin('members/list vip=2', '/admin/api/members/list', { vip: 2 }),
  admin('members/list registered 7 days', '/admin/api/members/list', { registered_from: bjDate(Date.now() - 6 * 86_400_000), registered_to: today }),
  single('members/get probe01 (360)', '/admin/api/members/get', { username: 'probe01' }),
  ...['ledger', 'bets', 'deposits', 'withdrawals', 'transfers', 'rebates', 'red_packets', 'turnover', 'logins', 'audit'].map((kind) =>
    admin(`members/records ${kind}`, '/admin/api/members/records', { username: 'probe01', kind }),
  ),
  admin('deposits/list', '/admin/api/deposits/list'),
  admin('deposits/list state=credited', '/admin/api/deposits/list', { state: 'credited' }),
  admin('deposits/list state=review', '/admin/api/deposits/list', { state: 'review' }),
  admin('deposits/list username=probe01', '/admin/api/deposits/list', { username: 'probe01' }),
  admin('withdrawals/list', '/admin/api/withdrawals/list'),
  admin('withdrawals/list state=1', '/admin/api/withdrawals/list', { state: 1 }),
  admin('withdrawals/list username=probe01', '/admin/api/withdrawals/list', { username: 'probe01' }),
  admin('transfers/list (pending)', '/admin/api/transfers/list'),
  admin('transfers/list state=all', '/admin/api/transfers/list', { state: 'all' }),
  admin('audit/list', '/admin/api/audit/list'),
  admin('audit/list action=withdrawal.approve', '/admin/api/audit/list', { action: 'withdrawal.approve' }),
  admin('agents/list', '/admin/api/agents/list'),
  admin('agent-statements/list', '/admin/api/agent-statements/list'),
  admin('agent-flags/list', '/admin/api/agent-flags/list'),
  admin('activity-applications/list', '/admin/api/activity-applications/list'),
  admin('turnover-waivers/list', '/admin/api/turnover-waivers/list'),
  admin('responsible/list', '/admin/api/responsible/list'),
  admin('reconciliation/list', '/admin/api/reconciliation/list'),
  admin('rebates/runs', '/admin/api/rebates/runs'),
  admin('tickets/list', '/admin/api/tickets/list'),
  admin('inbox/broadcasts', '/admin/api/inbox/broadcasts'),
  admin('agent-applications/list', '/admin/api/agent-applications/list'),
  admin('reports/members (30 days)', '/admin/api/reports/members', range),
  admin('reports/agents (30 days)', '/admin/api/reports/agents', range),
  // issue 36 point 5: 注单查询 (the default window is the last 7 days; totals only up to 100,000 matching bets)
  admin('bets/list (7 days)', '/admin/api/bets/list', { totals: false }),
  admin('bets/list (7 days, totals asked)', '/admin/api/bets/list'),
  admin('bets/list (1 day, totals asked)', '/admin/api/bets/list', { bet_from: today, bet_to: today }),
  admin('bets/list username=probe01 (30 days, totals)', '/admin/api/bets/list', { username: 'probe01', bet_from: monthAgo, bet_to: today }),
  admin('bets/list agent=probeagent (30 days, totals)', '/admin/api/bets/list', { agent: 'probeagent', bet_from: monthAgo, bet_to: today }),
  admin('bets/list platform=bbin (7 days)', '/admin/api/bets/list', { platform: 'bbin', totals: false }),
  admin('bets/list game=bbin_bac (7 days)', '/admin/api/bets/list', { game: 'bbin_bac', totals: false }),
  admin('bets/list state=unsettled (30 days)', '/admin/api/bets/list', { state: 'unsettled', bet_from: monthAgo, bet_to: today }),
  admin('bets/list stake>=450 (7 days)', '/admin/api/bets/list', { stake_min: 450, totals: false }),
  admin('bets/list settled 7 days (by settle time)', '/admin/api/bets/list', { settle_from: bjDate(Date.now() - 6 * 86_400_000), settle_to: today, totals: false }),
  single('reports/daily (30 days)', '/admin/api/reports/daily', range),
  single('reports/monthly (30 days)', '/admin/api/reports/monthly', range),
  single('reports/venues (30 days)', '/admin/api/reports/venues', range),
  single('dashboard/summary', '/admin/api/dashboard/summary'),
  single('dashboard/series (30 days)', '/admin/api/dashboard/series', { days: 30 }),
];

/** the paged part of a reply: the object holding last_page (data, or data.list) */
function pagedOf(data: any): { last_page: number; total: number } | null {
  for (const o of [data, data?.list, data?.data]) {
    if (o && typeof o === 'object' && typeof o.last_page === 'number') return { last_page: o.last_page, total: Number(o.total ?? 0) };
  }
  return null;
}

function p99(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)];
}

interface Figure {
  first: number;
  last: number | null;
  firstMedian: number;
  lastMedian: number | null;
  lastPage: number | null;
  total: number | null;
  error?: string;
}

/** one sample of a call: ms, or an error */
async function once(base: string, token: string, c: Call, page: number): Promise<number> {
  const t0 = performance.now();
  const r = await post(base, c.path, c.body(page), token);
  const ms = performance.now() - t0;
  if (r.code !== 200) throw new Error(`${c.path} page ${page}: ${r.code} ${r.message}`);
  return ms;
}

interface Side {
  label: string;
  server: Server;
  tokens: Record<Who, string>;
}

/**
 * Both servers run at once and every call is timed on both in turns (big, reference, reference,
 * big, ...), so a busy machine slows both sides alike and the ratio stays meaningful.
 */
async function measureBoth(big: Side, ref: Side): Promise<[Map<string, Figure>, Map<string, Figure>]> {
  const out: [Map<string, Figure>, Map<string, Figure>] = [new Map(), new Map()];
  const only = args.only ? new RegExp(args.only) : null;
  for (const c of CALLS_TABLE) {
    if (only && !only.test(c.name)) continue;
    const sides = [big, ref];
    const figs: Figure[] = [];
    try {
      for (const side of sides) {
        const first = await post(side.server.base, c.path, c.body(1), side.tokens[c.who]);
        if (first.code !== 200) throw new Error(`${side.label}: ${first.code} ${first.message}`);
        const paged = c.single ? null : pagedOf(first.data);
        figs.push({ first: 0, last: null, firstMedian: 0, lastMedian: null, lastPage: paged?.last_page ?? null, total: paged?.total ?? null });
      }
      for (const which of ['first', 'last'] as const) {
        if (which === 'last' && figs.some((f) => f.lastPage === null)) break;
        const samples: number[][] = [[], []];
        // a call slower than a second is timed 5 times, not CALLS times (the check would take hours)
        let rounds = CALLS + 3;
        for (let i = 0; i < rounds; i++) {
          const order = i % 2 === 0 ? [0, 1] : [1, 0];
          for (const k of order) {
            const page = which === 'first' ? 1 : figs[k].lastPage!;
            const ms = await once(sides[k].server.base, sides[k].tokens[c.who], c, page);
            if (i >= 3) samples[k].push(ms); // three warm-up calls
            if (i === 0 && ms > 1000) rounds = Math.min(rounds, 3 + SLOW_CALLS);
          }
        }
        for (const k of [0, 1]) {
          figs[k][which] = p99(samples[k]);
          figs[k][which === 'first' ? 'firstMedian' : 'lastMedian'] = median(samples[k]);
        }
      }
      out[0].set(c.name, figs[0]);
      out[1].set(c.name, figs[1]);
    } catch (e) {
      const error = (e as Error).message;
      out[0].set(c.name, { first: NaN, last: null, firstMedian: NaN, lastMedian: null, lastPage: null, total: null, error });
    }
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return out;
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function printTable(big: Map<string, Figure>, ref: Map<string, Figure>) {
  const ms = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(1));
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? a / b : null);
  const mark = (r: number | null) => (r === null ? '-' : `${r.toFixed(2)}${r > 2 ? ' !' : ''}`);
  console.log(`\nms over ${CALLS} calls of each page on each database (${SLOW_CALLS} for a call over a second), taken in turns after 3 warm-up calls; ratio = big / reference p99; "!" marks a ratio above 2`);
  const head = ['call', 'rows big', 'rows ref', 'p99 first big', 'ref', 'ratio', 'p50 big', 'ref', 'last page', 'p99 last big', 'ref', 'ratio', 'p50 big', 'ref'];
  const rows = [head];
  for (const c of CALLS_TABLE) {
    const b = big.get(c.name);
    const r = ref.get(c.name);
    if (!b || b.error) continue;
    rows.push([
      c.name,
      b.total === null ? '' : fmt(b.total),
      r?.total === null || r?.total === undefined ? '' : fmt(r.total),
      ms(b.first),
      ms(r?.first),
      mark(ratio(b.first, r?.first)),
      ms(b.firstMedian),
      ms(r?.firstMedian),
      b.lastPage ? fmt(b.lastPage) : '',
      ms(b.last),
      ms(r?.last),
      mark(ratio(b.last, r?.last)),
      ms(b.lastMedian),
      ms(r?.lastMedian),
    ]);
  }
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  '));
  for (const [name, f] of [...big].filter(([, f]) => f.error)) console.log(`  ${name}: ${f.error}`);
}

/**
 * Issue 37 point 4: the members and agents reports over a window (the last 30 days here) read the
 * per-member rows the report_rollup job keeps, and the check's servers run without jobs: one run
 * of the job on each database first, timed. Its first run after migration 044, and its first on
 * each new Beijing day, builds the windows from the member-days (that is the backfill's cost).
 */
async function reportsRollup(databaseUrl: string) {
  const config = loadConfig({}, { databaseUrl, dataDir: dataDirOf(databaseUrl), logLevel: 'warn', jobs: false, seedDemo: false, webDist: '/nonexistent', adminDist: '/nonexistent' });
  const database = openDatabase(config);
  try {
    const ctx = { config, db: database.db, dialect: database.dialect, log: pino({ level: 'warn' }) } as unknown as AppContext;
    const t0 = performance.now();
    const r = await createReportsService(ctx).rollup(Date.now());
    console.log(`report_rollup on ${dbName(databaseUrl)}: ${((performance.now() - t0) / 1000).toFixed(1)} s (${r.windows} windows built, ${fmt(r.bets)} bets, ${r.days} ledger days)`);
  } finally {
    await database.close();
  }
}

// ---- jobs and verify() while the site answers ------------------------------------------------------

async function jobs(databaseUrl: string) {
  const name = dbName(databaseUrl);
  const copy = `${name}_jobs`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const copyUrl = new URL(databaseUrl);
  copyUrl.pathname = `/${copy}`;
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  try {
    const t0 = performance.now();
    await c.query(`drop database if exists ${copy} with (force)`);
    await c.query(`create database ${copy} template ${name} strategy file_copy`);
    console.log(`\njobs on a copy of ${name} (${copy}, made in ${((performance.now() - t0) / 1000).toFixed(1)} s), while probe01's bet records are polled:`);
    const server = await startServer(copyUrl.toString(), dataDirOf(databaseUrl));
    try {
      const { member: token } = await signIn(server.base);
      const polls: { at: number; ms: number; ok: boolean }[] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const at = Date.now();
          const t = performance.now();
          let ok = true;
          try {
            ok = (await post(server.base, '/api/betrecord', { date: 4, page: 1 }, token)).code === 200;
          } catch {
            ok = false;
          }
          polls.push({ at, ms: performance.now() - t, ok });
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const phases: { job: string; start: number; end: number; detail: string }[] = [];
      await new Promise((r) => setTimeout(r, 5000)); // a quiet baseline first
      phases.push({ job: 'baseline (no job)', start: polls[0]?.at ?? Date.now() - 5000, end: Date.now(), detail: '' });
      await new Promise<void>((resolve, reject) => {
        const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/scale-check-jobs.ts', '--db', copyUrl.toString(), '--data-dir', dataDirOf(databaseUrl)], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let buf = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          buf += chunk.toString();
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            try {
              const m = JSON.parse(line) as { job: string; start: number; end: number; detail: string };
              phases.push(m);
              console.log(`  ${m.job.padEnd(34)} ${((m.end - m.start) / 1000).toFixed(1).padStart(7)} s  ${m.detail}`);
            } catch {
              console.log(`  ${line}`);
            }
          }
        });
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`jobs exited with ${code}`))));
      });
      polling = false;
      await poller;
      console.log(`\n  probe01 /api/betrecord page 1 while each ran (sequential polls):`);
      for (const p of phases) {
        const inside = polls.filter((x) => x.at >= p.start && x.at <= p.end);
        const ok = inside.filter((x) => x.ok).map((x) => x.ms);
        if (!inside.length) continue;
        const sorted = [...ok].sort((a, b) => a - b);
        if (!sorted.length) {
          console.log(`  ${p.job.padEnd(34)} ${String(inside.length).padStart(6)} calls, all failed`);
          continue;
        }
        console.log(
          `  ${p.job.padEnd(34)} ${String(inside.length).padStart(6)} calls, ${inside.length - ok.length} failed, p50 ${(sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(1)} ms, p99 ${p99(ok).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await c.query(`drop database if exists ${copy} with (force)`).catch(() => {});
    await c.end();
  }
}

// ---- main ----------------------------------------------------------------------------------------

if (args.risk) await import('./scale-check-risk.ts');
else if (args.rules) await import('./scale-check-rules.ts');
else if (!args['no-lists']) {
  console.log(`scale:check big ${dbName(args.db!)} against reference ${dbName(args.ref!)}, ${CALLS} calls per figure`);
  const [bigServer, refServer] = await Promise.all([startServer(args.db!, dataDirOf(args.db!)), startServer(args.ref!, dataDirOf(args.ref!))]);
  try {
    const [bigTokens, refTokens] = await Promise.all([signIn(bigServer.base), signIn(refServer.base)]);
    const only = args.only ? new RegExp(args.only) : null;
    if (!args['no-report-rollup'] && CALLS_TABLE.some((c) => c.path.startsWith('/admin/api/reports/') && (!only || only.test(c.name)))) {
      for (const url of [args.db!, args.ref!]) await reportsRollup(url);
    }
    const [big, ref] = await measureBoth({ label: 'big', server: bigServer, tokens: bigTokens }, { label: 'reference', server: refServer, tokens: refTokens });
    printTable(big, ref);
  } finally {
    await Promise.all([bigServer.stop(), refServer.stop()]);
  }
}
if (!args['no-jobs'] && !args.risk && !args.rules) await jobs(args.db!);
