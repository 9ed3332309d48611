import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../../test/harness.ts';
import { backup, restore } from '../ops/backup.ts';

/**
 * issue 33 (6): a fresh DATA_DIR was made 0755 and the SQLite files 0644 (world-readable). The
 * folder the server makes is 0700 and its database files (with -wal and -shm, and backups) 0600,
 * like its key files, whatever the umask.
 */
const modeOf = (f: string) => fs.statSync(f).mode & 0o777;

describe('the data folder and its database files are the server user’s alone', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-perm-'));
  // a umask that would leave everything readable by all (where the test runner lets us set one)
  let before: number | undefined;
  try {
    before = process.umask(0o000);
  } catch {
    before = undefined;
  }
  afterAll(() => {
    if (before !== undefined) process.umask(before);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a fresh DATA_DIR is 0700, casino.sqlite and its -wal/-shm 0600; a backup and a restore keep them so', async () => {
    const dataDir = path.join(root, 'deep', 'data');
    const t = await startApp({ dataDir, sqliteFile: undefined, databaseUrl: undefined, databaseSchema: undefined });
    try {
      expect(t.database.dialect).toBe('sqlite');
      await t.register('permcheck1');
      const db = path.join(dataDir, 'casino.sqlite');
      expect(modeOf(dataDir).toString(8)).toBe('700');
      expect(modeOf(path.join(root, 'deep')).toString(8)).toBe('700');
      for (const f of [db, `${db}-wal`, `${db}-shm`]) expect({ f, mode: modeOf(f).toString(8) }).toEqual({ f, mode: '600' });
      for (const f of fs.readdirSync(dataDir).filter((n) => n.endsWith('.secret') || n.endsWith('.key'))) {
        expect({ f, mode: modeOf(path.join(dataDir, f)).toString(8) }).toEqual({ f, mode: '600' });
      }

      const out = path.join(root, 'backup1');
      const manifest = await backup({ dataDir }, out);
      expect(modeOf(out).toString(8)).toBe('700');
      for (const f of manifest.files) expect({ f: f.path, mode: modeOf(path.join(out, f.path)).toString(8) }).toEqual({ f: f.path, mode: '600' });

      const target = path.join(root, 'restored', 'data');
      await restore({ dataDir: target }, out);
      expect(modeOf(target).toString(8)).toBe('700');
      expect(modeOf(path.join(target, 'casino.sqlite')).toString(8)).toBe('600');
    } finally {
      await t.stop();
    }
  });
});
