import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/wait.ts';
import { listenChannel } from './pg-channel.ts';

/**
 * The LISTEN connection the cache and chat buses keep on PostgreSQL: when the server ends it (a
 * restart, a failover, pg_terminate_backend) it comes back by itself, says so once it listens
 * again (the buses then forget or resync), and carries notifications again; closed while it
 * waits to reconnect, it stays closed.
 */
const url = process.env.TEST_DATABASE_URL;
const silent = pino({ level: 'silent' });

describe.skipIf(!url)('a PostgreSQL channel listener', () => {
  const admin = new pg.Client({ connectionString: url });
  const opened: { close(): Promise<void> }[] = [];
  beforeAll(() => admin.connect());
  afterAll(async () => {
    await Promise.all(opened.map((l) => l.close()));
    await admin.end();
  });

  /** ends the listener's connection from the server side */
  const terminate = async (appName: string) => {
    const r = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [appName]);
    return r.rows.length;
  };

  it('comes back after its connection is ended, says so, and carries notifications again', async () => {
    const tag = randomBytes(4).toString('hex');
    const appName = `pg-channel-test:${tag}`;
    const channel = `pgch_${tag}`;
    const got: string[] = [];
    let again = 0;
    const l = listenChannel(url!, appName, channel, silent, 'test', { message: (p) => got.push(p), again: () => again++ });
    opened.push(l);
    await l.ready();
    expect(l.live()).toBe(true);
    expect(again).toBe(0);
    await admin.query('SELECT pg_notify($1, $2)', [channel, 'one']);
    await waitFor(() => got.includes('one'), { what: 'the first notification' });

    expect(await terminate(appName)).toBe(1);
    await waitFor(() => again === 1 && l.live(), { what: 'listening again after the loss' });
    await admin.query('SELECT pg_notify($1, $2)', [channel, 'two']);
    await waitFor(() => got.includes('two'), { what: 'a notification after the loss' });
    expect(got).toEqual(['one', 'two']);
  });

  it('closed while it waits to reconnect, it opens no connection again', async () => {
    const tag = randomBytes(4).toString('hex');
    const appName = `pg-channel-test:${tag}`;
    const l = listenChannel(url!, appName, `pgch_${tag}`, silent, 'test', { message: () => {}, again: () => {} });
    await l.ready();
    expect(await terminate(appName)).toBe(1);
    await waitFor(() => !l.live(), { what: 'the loss seen' });
    await l.close();
    // the reconnect was due 1 s after the loss: well past it, nothing of ours is connected
    await new Promise((r) => setTimeout(r, 1500));
    const r = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [appName]);
    expect(r.rows[0].n).toBe(0);
    expect(l.live()).toBe(false);
  });
});
