// npm run soak -- --minutes N [--members 200] [--concurrency 40] [--no-faults]
//
// issue 35 point 3: two server processes on PostgreSQL and Redis behind a round-robin front,
// 200 simulated members and two operators, and midway, while the load goes on: kill -9 of one
// server and its restart, PostgreSQL cut for 10 s, Redis cut for 10 s, the game provider timing
// out for 30 s. At the end it proves every acknowledged operation is in the database exactly
// once and prints per-call figures before, during and after each fault. Loopback only; every
// loop is bounded; it stops by itself and ends its children on exit or Ctrl-C.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/index.ts';
import { checkAll, pendingAfterFaults, pendingTransfers } from './checks.ts';
import { call, elapsed, isError, markStart, samples, sleep, wallAt } from './client.ts';
import { acks, Gate, memberLoop, operatorLoop, pendingWork, signUp, type Member } from './members.ts';
import { killAllNow, killHard, ready, restart, start, stopAll, type Proc } from './procs.ts';
import { assertLoopback, LOOPBACK, roundRobinFront, sandboxProxy, tcpProxy } from './proxies.ts';
import { errorKinds, latencyTables, seenDuringFaults, type Fault } from './report.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    members: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '24' },
    'no-faults': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const MEMBERS = Number(args.members);
const CONCURRENCY = Number(args.concurrency);
if (!(MINUTES > 0 && MINUTES <= 120) || !(MEMBERS > 0 && MEMBERS <= 2000) || !(CONCURRENCY > 0 && CONCURRENCY <= 500)) {
  console.error('usage: npm run soak -- --minutes N (0 < N <= 120) [--members 1..2000] [--concurrency 1..500] [--no-faults]');
  process.exit(2);
}
// SOAK_PG (postgres://postgres@127.0.0.1:5432) and SOAK_REDIS (redis://127.0.0.1:6379/9): the
// real services; the soak makes (dropping it first) the database SOAK_DATABASE (soak)
const PG = new URL(process.env.SOAK_PG || 'postgres://postgres@127.0.0.1:5432');
const REDIS = new URL(process.env.SOAK_REDIS || 'redis://127.0.0.1:6379/9');
const DB_NAME = process.env.SOAK_DATABASE || 'soak';
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(DB_NAME)) throw new Error('SOAK_DATABASE must be a lower-case name');
assertLoopback(PG.toString().replace(/^postgres/, 'http'));
assertLoopback(REDIS.toString().replace(/^redis/, 'http'));

const RUN = Date.now().toString(36).slice(-5);
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `soak-${RUN}-`));
const log = (...a: unknown[]) => console.log(`[soak ${(elapsed() / 1000).toFixed(1).padStart(6)}s]`, ...a);

// ---- stopping, however the soak ends --------------------------------------------------------
let stopping = false;
const closers: (() => Promise<void>)[] = [];
async function cleanUp() {
  await stopAll();
  for (const c of closers.splice(0).reverse()) await c().catch(() => {});
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[soak] ${sig}: stopping the children and exiting`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, LOOPBACK, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: new URL('/postgres', PG).toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
}

async function main() {
  console.log(`[soak] ${MINUTES} min, ${MEMBERS} members (at most ${CONCURRENCY} acting at once), faults ${args['no-faults'] ? 'off' : 'on'}; logs in ${logDir}`);
  await freshDatabase();
  // the build script is plain JavaScript without types (npm start uses it the same way)
  const buildScript = '../build-server.mjs';
  const build = (await import(buildScript)) as { serverStale(): boolean; buildServer(): Promise<void> };
  if (build.serverStale()) {
    console.log('[soak] compiling the server and the sandbox (their compiled copy is older than the source)');
    await build.buildServer();
  }

  // the cuttable links to the real services
  const pgProxy = await tcpProxy(Number(PG.port || 5432));
  const redisProxy = await tcpProxy(Number(REDIS.port || 6379));
  closers.push(pgProxy.close, redisProxy.close);

  const secrets = { SANDBOX_SECRET: randomBytes(32).toString('hex'), PAYMENT_SECRET: randomBytes(32).toString('hex'), CARD_KEY: randomBytes(32).toString('hex') };
  const adminPassword = `soak-${randomBytes(8).toString('hex')}`;

  // the stand-in provider and gateway as a process of its own, behind its proxy
  const [sandboxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const sbProxy = await sandboxProxy(sandboxPort);
  closers.push(sbProxy.close);
  const sandboxOrigin = `http://${LOOPBACK}:${sbProxy.port}`;
  const front = await roundRobinFront([portA, portB]);
  closers.push(front.close);
  const origin = `http://${LOOPBACK}:${front.port}`;
  const sandbox = start('sandbox', 'apps/sandbox/dist/standalone.js', sandboxPort, { ...secrets, DATA_DIR: path.join(logDir, 'sandbox'), PUBLIC_BASE_URL: sandboxOrigin, LOG_LEVEL: 'warn' }, logDir);
  fs.mkdirSync(path.join(logDir, 'sandbox'), { recursive: true });
  await ready(sandbox, `http://${LOOPBACK}:${sandboxPort}/sandbox/health`);

  const serverEnv = (name: string): NodeJS.ProcessEnv => ({
    ...secrets,
    DATABASE_URL: `postgres://${PG.username || 'postgres'}${PG.password ? `:${PG.password}` : ''}@${LOOPBACK}:${pgProxy.port}/${DB_NAME}`,
    REDIS_URL: `redis://${LOOPBACK}:${redisProxy.port}${REDIS.pathname}`,
    SANDBOX: 'on',
    SANDBOX_URL: `${sandboxOrigin}/sandbox`,
    DATA_DIR: path.join(logDir, name),
    PUBLIC_URL: origin,
    CAPTCHA: 'off',
    // every member comes from 127.0.0.1: per-address limits would throttle the soak itself
    RATE_LIMITS: 'off',
    OPERATOR_SETUP: 'off',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ACCESS_LOG: 'off',
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
  });
  const servers: Proc[] = [start('server-a', 'apps/server/dist/main.js', portA, serverEnv('a'), logDir)];
  await ready(servers[0]!, `http://${LOOPBACK}:${portA}/readyz`);
  servers.push(start('server-b', 'apps/server/dist/main.js', portB, serverEnv('b'), logDir));
  await ready(servers[1]!, `http://${LOOPBACK}:${portB}/readyz`);
  log(`servers up on ${portA} and ${portB}, front ${origin}, sandbox ${sandboxOrigin}`);

  // operators: the first back-office account and a second one made by it
  const login = async (username: string, password: string) => {
    const r = await call(origin, 'op_login', '/admin/api/login', { body: { username, password } });
    if (!r.ok) throw new Error(`operator ${username} login: ${r.text}`);
    return r.data.token as string;
  };
  const ops = { a: await login('admin', adminPassword), b: '' };
  const made = await call(origin, 'op_create', '/admin/api/operators/create', { token: ops.a, body: { username: 'soakop2', password: adminPassword, role: 'super' } });
  if (!made.ok) throw new Error(`second operator: ${made.text}`);
  ops.b = await login('soakop2', adminPassword);

  // members sign up and bind a card (not timed into the fault windows)
  const members: Member[] = [];
  const signGate = new Gate(6);
  await Promise.all(
    Array.from({ length: MEMBERS }, () =>
      signGate.run(async () => {
        const m = await signUp(origin, RUN);
        if (m) members.push(m);
      }),
    ),
  );
  log(`${members.length} of ${MEMBERS} members signed up`);
  if (members.length === 0) throw new Error('no member could sign up');
  samples.length = 0;

  // ---- the load, with the faults midway --------------------------------------------------
  markStart();
  const total = MINUTES * 60_000;
  const stopAt = Date.now() + total;
  const gate = new Gate(CONCURRENCY);
  const loops = [
    ...members.map((m) => memberLoop(origin, m, () => (stopping ? 0 : stopAt), gate)),
    operatorLoop(origin, () => ops.a, () => ops.b, () => (stopping ? 0 : stopAt), { origin: sandboxOrigin, secret: secrets.PAYMENT_SECRET }),
    operatorLoop(origin, () => ops.b, () => ops.a, () => (stopping ? 0 : stopAt), { origin: sandboxOrigin, secret: secrets.PAYMENT_SECRET }),
  ];
  const faults: Fault[] = [];
  // five equal slots in the first 85%: the faults begin at the end of slots 1-4
  const slot = Math.floor((total * 0.85) / 5);
  const at = async (ms: number) => {
    while (!stopping && elapsed() < ms) await sleep(200);
  };
  const faultRun = (async () => {
    if (args['no-faults']) return;
    await at(slot);
    if (stopping) return;
    let f: Fault = { name: 'kill -9 server-b, restart', start: elapsed(), end: 0 };
    log('fault: kill -9 server-b');
    await killHard(servers[1]!);
    servers[1] = restart(servers[1]!, logDir);
    await ready(servers[1]!, `http://${LOOPBACK}:${portB}/readyz`);
    f.end = elapsed();
    faults.push(f);
    log(`server-b back after ${((f.end - f.start) / 1000).toFixed(1)}s`);

    await at(slot * 2);
    if (stopping) return;
    f = { name: 'PostgreSQL cut 10 s', start: elapsed(), end: 0 };
    log('fault: PostgreSQL cut');
    pgProxy.cut();
    await sleep(10_000);
    pgProxy.restore();
    f.end = elapsed();
    faults.push(f);

    await at(slot * 3);
    if (stopping) return;
    f = { name: 'Redis cut 10 s', start: elapsed(), end: 0 };
    log('fault: Redis cut');
    redisProxy.cut();
    await sleep(10_000);
    redisProxy.restore();
    f.end = elapsed();
    faults.push(f);

    await at(slot * 4);
    if (stopping) return;
    f = { name: 'provider times out 30 s', start: elapsed(), end: 0 };
    log('fault: game provider hangs');
    sbProxy.hang();
    await sleep(30_000);
    sbProxy.release();
    f.end = elapsed();
    faults.push(f);
    log(`faults over (${sbProxy.held()} provider calls were held)`);
  })();

  // progress once every 30 s
  const progress = setInterval(() => {
    const recent = samples.filter((s) => s.t > elapsed() - 30_000);
    log(`${recent.length} calls in 30 s, ${recent.filter(isError).length} errors; operator queues ${JSON.stringify(pendingWork())}`);
  }, 30_000);

  await faultRun;
  // a member's step is bounded (each call 15 s, a deposit's polling 20 s): wait at most 90 s past the end
  await Promise.race([Promise.all(loops), sleep(Math.max(0, stopAt - Date.now()) + 90_000)]);
  clearInterval(progress);
  const loadEnded = elapsed();
  log(`load over: ${samples.length} calls`);

  // ---- after the load: the reconciler settles what the faults left pending (bounded) -------
  const config = { databaseUrl: `postgres://${PG.username || 'postgres'}${PG.password ? `:${PG.password}` : ''}@${LOOPBACK}:${PG.port || 5432}/${DB_NAME}` } as Config;
  const database = openDatabase(config);
  closers.push(() => database.close());
  const faultsEnded = faults.length ? Math.max(...faults.map((f) => f.end)) : loadEnded;
  const RECONCILER_MS = 30_000;
  const bound = faultsEnded + 3 * RECONCILER_MS + 10_000;
  let pending = await pendingTransfers(database.db);
  while (pending.length > 0 && elapsed() < bound && !stopping) {
    await sleep(1000);
    pending = await pendingTransfers(database.db);
  }
  // a last short while for notifies and jobs in flight, then the processes stop before the count
  await sleep(3000);
  await stopAll();

  const { findings, lines } = await checkAll(database.db);
  const pendingLeft = await pendingTransfers(database.db);
  const report: string[] = [];
  report.push('', '======== soak report ========');
  report.push(`${MINUTES} min with ${members.length} members (${CONCURRENCY} at once) and 2 operators; ${samples.length} calls; host ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (others may be running tests)`);
  report.push(...lines);
  report.push('');
  const late = await pendingAfterFaults(database.db, wallAt(faultsEnded));
  const LIMIT_MS = RECONCILER_MS + 10_000 + 15_000;
  report.push(`pending transfers: ${pendingLeft.length === 0 ? 'none left' : `${pendingLeft.length} still pending ${((elapsed() - faultsEnded) / 1000).toFixed(0)}s after the faults ended: ${pendingLeft.map((p) => p.transfer_id).join(', ')}`}; longest pending after the faults ended (or after it was made): ${late.length ? `${(late[0]!.ms / 1000).toFixed(1)}s (${late[0]!.id})` : 'none'}, limit ${LIMIT_MS / 1000}s (reconciler every 30 s, taking transfers older than two venue time-outs)`);
  if (pendingLeft.length > 0) findings.push({ check: 'stuck', detail: `${pendingLeft.length} transfer(s) pending past three reconciler periods after the faults` });
  for (const l of late.filter((x) => x.ms > LIMIT_MS).slice(0, 20)) findings.push({ check: 'slow', detail: `transfer ${l.id} settled ${(l.ms / 1000).toFixed(0)}s after the faults ended (or after it was made)` });
  report.push('');
  report.push(...latencyTables(samples, faults, Math.min(20_000, slot / 2)));
  report.push('');
  report.push('errors of the whole run by kind:', ...errorKinds(samples), '');
  report.push('what members saw during each fault (and 10 s after it), other than success:');
  const seen = seenDuringFaults(samples, faults, 10_000);
  report.push(...seen.lines);
  report.push('');
  const front502 = samples.filter((s) => s.front).length;
  report.push(`answers from the front itself (a backend unreachable mid-request): ${front502}`);
  report.push(`500s from a server (HTTP 500 or code 500): ${seen.fiveHundreds.length}`);
  for (const s of seen.fiveHundreds.slice(0, 30)) report.push(`  ${(s.t / 1000).toFixed(1)}s ${s.call} HTTP ${s.http} code ${s.code}: ${s.body}`);
  if (seen.fiveHundreds.length) findings.push({ check: '500', detail: `${seen.fiveHundreds.length} answers with HTTP 500 or code 500` });
  const nc = new Map<string, number>();
  for (const s of seen.notChinese) nc.set(`${s.call}: ${s.code} ${s.message}`, (nc.get(`${s.call}: ${s.code} ${s.message}`) ?? 0) + 1);
  report.push(`refusals without a Chinese message: ${seen.notChinese.length}`);
  for (const [k, n] of nc) report.push(`  ${n} x ${k}`);
  report.push('');
  report.push(findings.length === 0 ? 'VERDICT: clean: every acknowledged operation is in the database exactly once, verify() clean, house totals match' : `VERDICT: ${findings.length} finding(s):`);
  const shown = new Map<string, number>();
  for (const f of findings) {
    const n = (shown.get(f.check) ?? 0) + 1;
    shown.set(f.check, n);
    if (n <= 20) report.push(`  [${f.check}] ${f.detail}`);
  }
  for (const [k, n] of shown) if (n > 20) report.push(`  ... and ${n - 20} more [${k}]`);
  report.push(`logs: ${logDir}`);
  console.log(report.join('\n'));
  fs.writeFileSync(path.join(logDir, 'report.txt'), report.join('\n'));
  void acks;
  return findings.length === 0 ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error('[soak] failed:', err);
    await cleanUp();
    process.exit(2);
  });
