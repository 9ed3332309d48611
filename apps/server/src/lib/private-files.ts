import fs from 'node:fs';
import path from 'node:path';

/**
 * issue 33 (DESIGN 5): the data folder the server creates and its database files are readable by
 * the server's user alone, like its key files. Modes are set with chmod after creation, so the
 * process's umask (which only masks what mkdir and open ask for) makes no difference.
 */

/** Makes `dir` (and any missing parent) 0700; a folder that already existed keeps its mode. */
export function makePrivateDir(dir: string): void {
  const target = path.resolve(dir);
  const first = fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  if (!first) return;
  // every folder made just now, from the first one down to the target
  for (let d = target; ; d = path.dirname(d)) {
    fs.chmodSync(d, 0o700);
    if (d === first || d === path.dirname(d)) break;
  }
}

/** Creates `file` empty with mode 0600 unless it exists (then its mode is made 0600 too). */
export function ensurePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  makePrivate(file);
}

/** chmod 0600, for a file the server made (a database file, its -wal/-shm, a copy); absent is fine. */
export function makePrivate(file: string): void {
  try {
    fs.chmodSync(file, 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // absent, or not the server user's own (an operator's choice): left as it is
    if (code !== 'ENOENT' && code !== 'EPERM') throw e;
  }
}

/** a SQLite file and the -wal and -shm files that belong to it */
export const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];
