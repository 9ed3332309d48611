import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import type { Manifest } from './backup.ts';
import { buildServerOnce, call, credited, newMember, newSite, payDeposit, startServer, waitFor, type Member, type Proc, type Site } from './testing.ts';

/**
 * Issue 23 point 6: `npm run backup` while the site is under load, then `npm run restore`
 * over the same site (the disaster-recovery case): the restored site's verify() is clean and
 * it holds every operation acknowledged before the backup began. SQLite through the online
 * backup API, PostgreSQL (TEST_DATABASE_URL) through pg_dump / pg_restore.
 */
function cli(site: Site, command: 'backup' | 'restore', folder: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/dist/ops.js', command, folder], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: site.dataDir, ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl, DATABASE_SCHEMA: site.schema! } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore', () => {
  let site: Site;
  let server: Proc | undefined;
  const folders: string[] = [];
  const newFolder = () => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casino-backup-')), 'b');
    folders.push(path.dirname(f));
    return f;
  };
  beforeAll(async () => {
    buildServerOnce();
    site = await newSite();
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await site?.drop();
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  });

  it('a backup taken under load restores to a site holding every operation acknowledged before it, with a clean ledger', async () => {
    server = await startServer(site, { SANDBOX: 'on', JOBS: 'on' });
    const base = server.base;
    const members: Member[] = [];
    for (let i = 0; i < 3; i++) members.push(await newMember(base, i));
    for (const m of members) {
      const no = (await payDeposit(base, m, 500))!;
      await waitFor('funding', () => credited(base, m, no));
    }
    // a card number is sealed with card.key: the restored site must still read it
    const cardsBefore = await call(base, '/api/getcard', { type: 1 }, members[0].token);
    expect(cardsBefore.data).toHaveLength(1);

    const transfers: { id: string; status: number; at: number }[] = [];
    const deposits: { m: Member; no: string }[] = [];
    let stop = false;
    const worker = async (m: Member, n: number) => {
      for (let round = 0; !stop; round++) {
        if (round % 4 === 3) {
          const no = await payDeposit(base, m, 100);
          if (no) deposits.push({ m, no });
        } else {
          const into = round % 2 === 0;
          const r = await call(base, '/api/transfer', { amount: 5 + n, sourcetype: into ? 'userbalance' : 'obgdy', targettype: into ? 'obgdy' : 'userbalance' }, m.token);
          if (r.code === 200 && (r.data.status === 1 || r.data.status === 2)) transfers.push({ id: r.data.transfer_id, status: r.data.status, at: Date.now() });
        }
      }
    };
    const workers = members.flatMap((m, i) => [worker(m, i), worker(m, i + 5)]);
    // load until enough has been acknowledged (time alone is not enough on a busy machine)
    await waitFor('load', async () => transfers.length >= 10 && deposits.length >= 2, 60_000);
    // acknowledged before the backup begins: transfers answered so far, deposits seen credited
    const paidSoFar = [...deposits];
    for (const d of paidSoFar) await waitFor(`deposit ${d.no}`, () => credited(base, d.m, d.no));
    const backupStarted = Date.now();
    const transfersBefore = transfers.filter((t) => t.at < backupStarted);
    const folder = newFolder();
    const b = await cli(site, 'backup', folder);
    const backupMs = Date.now() - backupStarted;
    expect(b.code, b.output).toBe(0);
    const answeredDuringBackup = transfers.filter((t) => t.at >= backupStarted && t.at <= backupStarted + backupMs).length;
    // the load goes on until a transfer was acknowledged after the backup (the restore must lose it)
    await waitFor('a transfer after the backup', async () => transfers.some((t) => t.at > backupStarted + backupMs));
    stop = true;
    await Promise.all(workers);
    expect(await server.stop()).toBe(0);

    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
    const names = manifest.files.map((f) => f.path);
    expect(names).toEqual(expect.arrayContaining(['card.key', 'sandbox.secret', 'payment.secret', site.databaseUrl ? 'casino.pgdump' : 'casino.sqlite']));
    if (!site.databaseUrl) expect(manifest.verify).toEqual({ violations: 0 });
    expect(fs.statSync(path.join(folder, 'card.key')).mode & 0o777).toBe(0o600);
    // nothing beside what the manifest lists (no -wal / -shm left by the check of the copy)
    expect(fs.readdirSync(folder).sort()).toEqual([...new Set([...names.map((n) => n.split('/')[0]), 'manifest.json'])].sort());

    // ---- disaster: restore the backup over the site ----
    const r = await cli(site, 'restore', folder);
    expect(r.code, r.output).toBe(0);
    expect(await site.verify()).toEqual([]);
    const db = site.db();
    const rows = new Map((await db.selectFrom('venue_transfers').select(['transfer_id', 'status']).execute()).map((x) => [x.transfer_id, x.status]));
    for (const t of transfersBefore) {
      expect(rows.has(t.id), `transfer ${t.id} acknowledged before the backup`).toBe(true);
      if (t.status === 1) expect(rows.get(t.id)).toBe(1);
    }
    // the restore really went back to the backup's moment: what was acknowledged after it is gone
    const later = transfers.filter((t) => t.at > backupStarted + backupMs);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((t) => !rows.has(t.id)).length).toBeGreaterThan(0);
    const credits = await db.selectFrom('deposits').select(['deposit_no', 'credited_amount']).where('deposit_no', 'in', paidSoFar.length ? paidSoFar.map((d) => d.no) : ['none']).execute();
    expect(credits.map((c) => c.credited_amount)).toEqual(paidSoFar.map(() => 10_000));

    server = await startServer(site, { SANDBOX: 'on', JOBS: 'off' }, { port: server.port });
    // members sign in as before and their sealed card numbers read back
    const login = await call(server.base, '/api/login', { name: members[0].name, password: 'secret123' });
    expect(login.code).toBe(200);
    expect(await call(server.base, '/api/getcard', { type: 1 }, login.data.api_token)).toEqual(cardsBefore);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    console.info(`backup under load: ${backupMs} ms (${answeredDuringBackup} transfers answered meanwhile); ${transfersBefore.length} transfers and ${paidSoFar.length} deposits acknowledged before it, all restored`);
  }, 180_000);

  it('refuses a damaged backup and restores nothing', async () => {
    const folder = newFolder();
    const b = await cli(site, 'backup', folder);
    expect(b.code, b.output).toBe(0);
    const key = path.join(folder, 'card.key');
    fs.writeFileSync(key, fs.readFileSync(key, 'utf8').replace(/^./, (c) => (c === 'a' ? 'b' : 'a')));
    const before = fs.readdirSync(site.dataDir).sort();
    const r = await cli(site, 'restore', folder);
    expect(r.code).toBe(1);
    expect(r.output).toContain('card.key is missing or damaged');
    expect(fs.readdirSync(site.dataDir).sort()).toEqual(before);
    // and a backup never overwrites an earlier one
    const again = await cli(site, 'backup', folder);
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');
  }, 120_000);
});
