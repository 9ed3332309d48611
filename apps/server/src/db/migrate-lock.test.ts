import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PG_URL, startApp } from '../../test/harness.ts';
import { waitFor } from '../../test/wait.ts';
import { withTablesDropping } from './index.ts';

// PostgreSQL only: a restore's pg_restore --clean dropped tables while another app's migrations
// read the catalogue of every schema, and that app's start failed (seen in CI)
describe.runIf(PG_URL)('migrations and tables being dropped', () => {
  it('an app starting while tables are dropped elsewhere waits for the drop, then starts', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const locked = new Promise<void>((r) => (entered = r));
    const dropping = withTablesDropping(PG_URL!, async () => {
      entered();
      await held;
    });
    await locked;
    let started = false;
    const app = startApp().then((t) => {
      started = true;
      return t;
    });
    // the app's migration asks for the lock and waits (an advisory lock not granted)
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await waitFor(async () => Number((await admin.query("select count(*) as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n) > 0, { what: 'a migration waiting' });
    } finally {
      await admin.end();
    }
    expect(started).toBe(false);
    release();
    await dropping;
    const t = await app;
    expect(started).toBe(true);
    await t.stop();
  });
});
