import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { testClock } from '../../../test/wait.ts';

/**
 * issue 13: a settings change reaches every server process within 5 seconds. Two apps on one
 * database (a SQLite file, or one PostgreSQL schema): the second is never told, it must notice.
 * Its cache ages on a clock the test moves (config.cacheNow), so the 5 s are not sat out.
 */
describe('settings across server processes', () => {
  let a: TestApp;
  let b: TestApp;
  const sqliteFile = onPostgres ? undefined : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'settings-procs-')), 'casino.db');
  const clock = testClock();

  beforeAll(async () => {
    a = await startApp(sqliteFile ? { sqliteFile } : {});
    b = await startApp({ ...(onPostgres ? { databaseSchema: a.ctx.config.databaseSchema } : { sqliteFile }), cacheNow: clock.now });
  });
  afterAll(async () => {
    // the second first: the first owns the PostgreSQL schema
    await b?.stop();
    await a?.stop();
    if (sqliteFile) fs.rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
  });

  it('the site closes for maintenance on the other process within 5 s, and opens again', async () => {
    const owner = (await a.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const state = async () => (await b.post('/api/app', {})).data as { site_state: number; repair_tips: string };
    expect(await state()).toMatchObject({ site_state: 1 });

    for (const [site_state, repair_tips] of [[0, '系统升级中，预计10分钟后恢复'], [1, '系统升级中，预计10分钟后恢复']] as const) {
      const saved = await a.post('/admin/api/settings/update', { site_state, repair_tips }, { token: owner });
      expect(saved.code, saved.message).toBe(200);
      expect((await a.post('/api/app', {})).data.site_state).toBe(site_state);
      // the other process still answers its copy, until 5 s have passed on its clock
      expect((await state()).site_state).toBe(1 - site_state);
      clock.advance(5_000);
      expect(await state()).toMatchObject({ site_state, repair_tips });
    }
  });
});
