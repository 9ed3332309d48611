import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { LIVE_LIMITS, TIMERS } from '@casino/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { openLive } from '../src/modules/live-stream/sse.testing.ts';
import { wallet } from '../src/modules/wallet/index.ts';

/**
 * issue 37: live-update streams on one server process (SQLite file, jobs off):
 * - STREAMS (10,000) idle streams held by a client process of their own: the server's memory per
 *   stream (heap and RSS after a GC, before and after) and its CPU while they idle (two heartbeats
 *   and session checks, 30 s);
 * - beside them, 20 members each with a stream, 100 balance changes a second for BENCH_SECONDS:
 *   delivery time from the posting's commit to the event read by the client, p50 / p99 / max;
 * - polls saved per member-hour: what the spec's 4.3 s balance poll costs a tab, against a ticket and a stream.
 */
const STREAMS = Number(process.env.BENCH_STREAMS || 10_000);
const MOVERS = 20;
const RATE = 100;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};

/** the idle clients, in a process of their own (their sockets and buffers are not the server's) */
const CLIENT = `
const net = require('node:net');
let ready = 0, failed = 0;
process.on('message', ({ port, tickets }) => {
  for (const t of tickets) {
    const s = net.connect(port, '127.0.0.1', () => s.write('GET /api/stream?ticket=' + t + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n'));
    let seen = false;
    s.on('data', (d) => { if (seen) return; seen = true; if (d.includes('event: ready')) ready++; else failed++; if (ready + failed === tickets.length) process.send({ ready, failed }); });
    s.on('error', () => { if (!seen) { seen = true; if (ready + ++failed === tickets.length) process.send({ ready, failed }); } });
  }
});
`;

export async function benchStream(seconds = Number(process.env.BENCH_SECONDS || 10)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stream-'));
  const config = loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite'), logLevel: 'silent', captcha: false, rateLimits: false, seedDemo: false, jobs: false, webDist: '/nonexistent', adminDist: '/nonexistent', sandbox: false });
  const app = await buildApp(config);
  await app.http.listen({ host: '127.0.0.1', port: 0 });
  const origin = app.ownAddress();
  const port = Number(new URL(origin).port);
  const db = app.ctx.db;
  try {
    // STREAMS sessions of members that need not exist (a stream reads their balance: 0) and a ticket each
    const now = Date.now();
    const holders = Array.from({ length: STREAMS }, (_, i) => ({ memberId: 10_000_000 + Math.floor(i / LIVE_LIMITS.streamsPerMember), tokenHash: hashToken(randomBytes(32).toString('base64url')) }));
    for (let i = 0; i < holders.length; i += 500) {
      await db.insertInto('sessions').values(holders.slice(i, i + 500).map((h) => ({ token_hash: h.tokenHash, subject_kind: 'member' as const, subject_id: h.memberId, created_at: now, last_seen_at: now, ip: '127.0.0.1', user_agent: 'bench' }))).execute();
    }
    const tickets: string[] = [];
    for (const h of holders) tickets.push((await app.liveStream.tickets.issue(h)).ticket);

    const before = heap();
    const client = fork('-e', [CLIENT], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const t0 = Date.now();
    const opened = await new Promise<{ ready: number; failed: number }>((resolve) => {
      client.once('message', (m) => resolve(m as { ready: number; failed: number }));
      client.send({ port, tickets });
    });
    const openMs = Date.now() - t0;
    const after = heap();
    const perStreamHeap = (after.heap - before.heap) / opened.ready;
    const perStreamRss = (after.rss - before.rss) / opened.ready;

    // idle: two heartbeats and their session checks
    const idleMs = 2 * LIVE_LIMITS.heartbeatSeconds * 1000;
    const cpu0 = process.cpuUsage();
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, idleMs));
    const cpu = process.cpuUsage(cpu0);
    const idleCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - w0);

    // 100 balance changes a second among MOVERS members, each with a stream, beside the idle ones
    const movers: { id: number; stream: Awaited<ReturnType<typeof openLive>>; pending: { fen: number; at: number }[]; fen: number }[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < MOVERS; i++) {
      const name = `benchlive${String(i).padStart(2, '0')}`;
      const reg = (await (await fetch(`${origin}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' }) })).json()) as { code: number; message: string; data: { api_token: string } };
      if (reg.code !== 200) throw new Error(`register: ${reg.message}`);
      const token = reg.data.api_token;
      const { id } = await db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
      const tk = (await (await fetch(`${origin}/api/stream/ticket`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).json()) as { data: { ticket: string } };
      const stream = await openLive(`${origin}/api/stream?ticket=${tk.data.ticket}`);
      await stream.next((e) => e.type === 'inbox');
      const m = { id: Number(id), stream, pending: [] as { fen: number; at: number }[], fen: 0 };
      movers.push(m);
      const watch = () =>
        void stream.next((e) => e.type === 'balance' && m.pending.length > 0 && Math.round(e.balance * 100) >= m.pending[0].fen, 60_000).then((e) => {
          const fen = Math.round((e as { balance: number }).balance * 100);
          const at = performance.now();
          while (m.pending.length && m.pending[0].fen <= fen) latencies.push(at - m.pending.shift()!.at);
          stream.events.length = 0;
          watch();
        }, () => {});
      watch();
    }
    const total = RATE * seconds;
    let sent = 0;
    const start = performance.now();
    let seq = 0;
    while (sent < total) {
      const due = start + (sent * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const m = movers[sent % MOVERS];
      await wallet.creditFromHouse(db, { memberId: m.id, house: 'deposits', amount: 1, reference: `bench${++seq}`, idempotencyKey: `bench:live:${seq}` });
      m.fen += 1;
      m.pending.push({ fen: m.fen, at: performance.now() });
      sent++;
    }
    const achieved = (sent * 1000) / (performance.now() - start);
    const drainUntil = Date.now() + 10_000;
    while (latencies.length < total && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))];

    const pollsPerHour = 3_600_000 / TIMERS.balancePollMs;
    console.log(`\nlive-update streams (issue 37), one process, SQLite, ${os.cpus().length} cores (shared machine):`);
    console.log(`  ${opened.ready} streams open (${opened.failed} failed) in ${(openMs / 1000).toFixed(1)} s; server memory per stream: heap ${(perStreamHeap / 1024).toFixed(1)} KiB, RSS ${(perStreamRss / 1024).toFixed(1)} KiB`);
    console.log(`  idle with ${app.liveStream.hub.count()} streams: CPU ${(idleCpu * 100).toFixed(2)}% of one core over ${idleMs / 1000} s (two heartbeats and session checks)`);
    console.log(`  ${sent} balance changes at ${achieved.toFixed(0)}/s among ${MOVERS} members: delivered ${latencies.length}, commit to client p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    console.log(`  polls saved per member-hour (one tab): ${pollsPerHour.toFixed(0)} balance polls (every ${TIMERS.balancePollMs} ms) replaced by 1 ticket call and 1 stream (${(3600 / LIVE_LIMITS.heartbeatSeconds).toFixed(0)} heartbeat lines, one session-row check each, batched per process)`);
    client.kill();
    await Promise.all(movers.map((m) => m.stream.close()));
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStream();
