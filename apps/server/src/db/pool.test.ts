import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, startApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/wait.ts';

// PostgreSQL only: the server ending our idle connections (restart, failover, an operator)
describe.runIf(PG_URL)('PostgreSQL connections ended by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('costs the pool those connections, not the process; the next calls answer', async () => {
    // several connections open and idle
    await Promise.all(Array.from({ length: 5 }, () => t.post('/api/app', {})));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const name = `casino:${t.ctx.config.databaseSchema}`;
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      expect(ended.rowCount).toBeGreaterThan(0);
      // pg_terminate_backend only signals: wait until the backends are really gone (a fixed 200 ms
      // raced their exit on a loaded machine; issue 14)
      const left = async () => (await admin.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [name])).rows[0].n as number;
      await waitFor(async () => (await left()) === 0, { what: 'the backends to exit' });
    } finally {
      await admin.end();
    }
    // and until the pool has seen its idle connections end and dropped them
    await waitFor(() => t.database.poolStats!().total === 0, { what: 'the pool to drop its ended connections' });
    const reply = await t.post('/api/register', { name: 'poolcheck1', password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
    expect(reply.code, reply.message).toBe(200);
    expect((await t.post('/api/user', {}, { token: reply.data.api_token })).data.username).toBe('poolcheck1');
  });
});
