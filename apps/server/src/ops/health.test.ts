import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onPostgres, PG_URL, startApp, type TestApp } from '../../test/harness.ts';
import { freePort } from './testing.ts';

/** GET a probe: HTTP status and body */
async function probe(t: TestApp, url: string) {
  const res = await t.http.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** polls the probe until it answers `status` (the check states change within a few seconds) */
async function until(t: TestApp, status: number, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await probe(t, '/readyz');
    if (r.status === status || Date.now() > end) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('/healthz and /readyz (issue 23)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('answer without a token, show no data, and readiness needs every migration', async () => {
    t = await startApp();
    expect(await probe(t, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await probe(t, '/readyz');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured', shutdown: 'no' } } });
    expect(ready.headers['cache-control']).toBe('no-store');
    // a database one migration behind this code (an older copy restored, a migration that failed)
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.ctx.db);
    const name = last.rows[0].name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.ctx.db);
    expect(await probe(t, '/readyz')).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: 'ok', migrations: 'failed' } } });
    // the name of the missing migration is logged, never answered
    expect(JSON.stringify((await probe(t, '/readyz')).body)).not.toContain(name);
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(t.ctx.db);
    expect((await probe(t, '/readyz')).status).toBe(200);
  });

  it('answers 503 once shutdown has begun, while /healthz still answers', async () => {
    t = await startApp();
    t.ops.health.draining();
    expect(await probe(t, '/readyz')).toMatchObject({ status: 503, body: { checks: { shutdown: 'yes' } } });
    expect((await probe(t, '/healthz')).status).toBe(200);
  });

  describe('with Redis configured', () => {
    let redis: ChildProcess | undefined;
    const startRedis = (port: number) =>
      new Promise<ChildProcess>((resolve, reject) => {
        const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
        child.once('error', reject);
        child.stdout!.on('data', (c: Buffer) => {
          if (c.toString().includes('Ready to accept connections')) resolve(child);
        });
      });
    const stopRedis = async () => {
      if (!redis || redis.exitCode !== null) return;
      const r = redis;
      await new Promise((res) => {
        r.once('exit', res);
        r.kill('SIGTERM');
      });
    };
    afterAll(stopRedis);

    it('fails while Redis is unreachable and recovers when it returns', async () => {
      const port = await freePort();
      redis = await startRedis(port);
      t = await startApp({ redisUrl: `redis://127.0.0.1:${port}` });
      expect(await until(t, 200)).toMatchObject({ status: 200, body: { checks: { redis: 'ok', database: 'ok' } } });
      await stopRedis();
      expect(await until(t, 503)).toMatchObject({ status: 503, body: { checks: { redis: 'failed', database: 'ok', migrations: 'ok' } } });
      expect((await probe(t, '/healthz')).status).toBe(200);
      redis = await startRedis(port);
      expect(await until(t, 200)).toMatchObject({ status: 200, body: { checks: { redis: 'ok' } } });
    }, 60_000);
  });

  // PostgreSQL reached through a TCP relay the test cuts and restores: the database process
  // itself keeps running (other suites share it), the app sees it go away as over a network
  describe.skipIf(!onPostgres)('with PostgreSQL unreachable', () => {
    it('fails while the database cannot be reached and recovers when it can', async () => {
      const upstream = new URL(PG_URL!);
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((client) => {
        const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
        for (const s of [client, server]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(server).pipe(client);
      });
      const listen = (port: number) => new Promise<void>((res) => relay.listen(port, '127.0.0.1', () => res()));
      const port = await freePort();
      await listen(port);
      const viaRelay = new URL(PG_URL!);
      viaRelay.port = String(port);
      viaRelay.hostname = '127.0.0.1';
      t = await startApp({ databaseUrl: viaRelay.toString() });
      expect(await probe(t, '/readyz')).toMatchObject({ status: 200, body: { checks: { database: 'ok', migrations: 'ok' } } });
      // cut: nothing listens, every open connection drops
      await new Promise<void>((res) => {
        relay.close(() => res());
        for (const s of sockets) s.destroy();
      });
      expect(await until(t, 503)).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: 'failed' } } });
      expect((await probe(t, '/healthz')).status).toBe(200);
      await listen(port);
      expect(await until(t, 200)).toMatchObject({ status: 200, body: { checks: { database: 'ok', migrations: 'ok' } } });
      await t.stop();
      t = undefined;
      relay.close();
      for (const s of sockets) s.destroy();
    }, 60_000);
  });
});
