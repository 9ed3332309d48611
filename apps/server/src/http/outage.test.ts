import net from 'node:net';
import { CODE, MSG } from '@casino/contract';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, PG_URL, startApp } from '../../test/harness.ts';
import { installErrorHandling, isOutage } from './errors.ts';

/**
 * issue 35 (the soak): with PostgreSQL or Redis cut for 10 s under load, members were answered
 * code 500 (服务器繁忙). A lost link is not a defect of ours: it is answered 503 with a clear
 * message, while a real fault in our code still answers 500.
 */

/** a TCP proxy on 127.0.0.1 that can be cut: open links reset, new ones refused */
async function cuttable(port: number) {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((c) => {
    if (down) return void c.resetAndDestroy();
    const up = net.connect(port, '127.0.0.1');
    open.add(c).add(up);
    const drop = () => {
      c.destroy();
      up.destroy();
    };
    c.on('error', drop).on('close', drop);
    up.on('error', drop).on('close', drop);
    c.pipe(up).pipe(c);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore: () => void (down = false),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** a port nothing listens on */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('a lost database or Redis link is answered 503 with a clear message, never 500', () => {
  const app = Fastify({ logger: false });
  let dead: number;
  let resetting: net.Server;
  let resetPort: number;
  beforeAll(async () => {
    dead = await closedPort();
    // accepts and resets at once: a database that drops the link mid-handshake
    resetting = net.createServer((s) => s.resetAndDestroy());
    await new Promise<void>((r) => resetting.listen(0, '127.0.0.1', () => r()));
    resetPort = (resetting.address() as net.AddressInfo).port;
    installErrorHandling(app);
    app.get('/api/pg-refused', async () => {
      const c = new pg.Client({ host: '127.0.0.1', port: dead, user: 'x', database: 'x' });
      await c.connect();
    });
    app.get('/api/pg-reset', async () => {
      const pool = new pg.Pool({ host: '127.0.0.1', port: resetPort, user: 'x', database: 'x' });
      pool.on('error', () => {});
      try {
        await pool.query('select 1');
      } finally {
        await pool.end().catch(() => {});
      }
    });
    app.get('/api/redis-down', async () => {
      const r = new Redis({ host: '127.0.0.1', port: dead, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
      r.on('error', () => {});
      try {
        await r.get('k');
      } finally {
        r.disconnect();
      }
    });
    app.get('/api/bug', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
    app.get('/page', async () => {
      const c = new pg.Client({ host: '127.0.0.1', port: dead, user: 'x', database: 'x' });
      await c.connect();
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => resetting.close(() => r()));
  });

  it.each(['/api/pg-refused', '/api/pg-reset', '/api/redis-down'])('%s answers code 503', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: CODE.maintenance, message: MSG.serviceUnavailable, data: null });
  });

  it('a fault of our own code is still a 500 (the rule is not a blanket)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/bug' })).json()).toEqual({ code: CODE.error, message: MSG.serverError, data: null });
    expect(isOutage(new Error('Connection refused by policy'))).toBe(false);
    expect(isOutage({ code: '23505' })).toBe(false);
  });

  it('a page (not /api) answers HTTP 503 with the message', async () => {
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(MSG.serviceUnavailable);
  });
});

describe.runIf(onPostgres)('the real app with its PostgreSQL link cut', () => {
  it('members are told 服务暂时不可用 while it is cut, and served again once it is back', async () => {
    const u = new URL(PG_URL!);
    const link = await cuttable(Number(u.port || 5432));
    u.port = String(link.port);
    const t = await startApp({ databaseUrl: u.toString() });
    try {
      const token = await t.register('outage01');
      expect((await t.post('/api/user', {}, { token })).code).toBe(200);
      link.cut();
      const during = await t.post('/api/user', {}, { token });
      expect(during).toEqual({ code: CODE.maintenance, message: MSG.serviceUnavailable, data: null });
      link.restore();
      // the pool makes a new connection for the next call
      expect((await t.post('/api/user', {}, { token })).code).toBe(200);
    } finally {
      link.restore();
      await t.stop();
      await link.close();
    }
  });
});
