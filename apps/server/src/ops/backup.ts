import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivate, makePrivateDir } from '../lib/private-files.ts';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { withTablesDropping, type DB } from '../db/index.ts';
import { verify } from '../modules/wallet/index.ts';

/**
 * Backups (DESIGN.md section 14, issue 23): `npm run backup -- <folder>` and
 * `npm run restore -- <folder>`.
 *
 * SQLite: SQLite's online backup API (better-sqlite3 `backup()`) copies the database file page
 * by page under one read transaction, while the site keeps writing (WAL lets writers go on):
 * the copy is the database as of one moment, holding every operation acknowledged before the
 * backup began. The copy is then checked (`PRAGMA integrity_check` and the ledger's verify()).
 * PostgreSQL: `pg_dump --format=custom` (one repeatable-read snapshot; only DATABASE_SCHEMA when
 * set); restored with `pg_restore --clean --if-exists --no-owner`.
 * Both: the files the database cannot be read or used without: card.key (card numbers are sealed
 * with it), the generated secrets (sandbox.secret, payment.secret), the stand-in providers' own
 * files when they live in DATA_DIR, and uploads/ (avatars, banners, chat pictures).
 * manifest.json lists every file with its size and SHA-256; restore checks them first.
 */

export interface BackupSettings {
  dataDir: string;
  /** PostgreSQL; unset means DATA_DIR/casino.sqlite */
  databaseUrl?: string;
  databaseSchema?: string;
}

export function backupSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  return {
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
  };
}

const SQLITE_FILE = 'casino.sqlite';
const PG_DUMP_FILE = 'casino.pgdump';
/** the stand-in providers' own databases (sandbox on, files in DATA_DIR) */
const SANDBOX_FILES = ['sandbox-provider.sqlite', 'sandbox-pay.sqlite'];
/** key and secret files made in DATA_DIR when their setting is unset */
const KEY_FILES = ['card.key', 'sandbox.secret', 'payment.secret'];
const UPLOADS = 'uploads';

export interface Manifest {
  format: 1;
  created_at: string;
  database: 'sqlite' | 'postgres';
  schema?: string;
  files: { path: string; bytes: number; sha256: string }[];
  /** the ledger check of the copy (SQLite), or null (PostgreSQL: run it after a restore) */
  verify: { violations: number } | null;
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** SQLite online backup of `from` into `to`, in one step (one consistent read) */
export async function sqliteOnlineBackup(from: string, to: string): Promise<void> {
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    // every remaining page in the next step: the copy is one read transaction, never restarted by a write
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let err = '';
    child.stderr!.on('data', (c) => (err += c));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.trim()}`))));
  });
}

/** libpq reads the URL itself; a search_path option in it is kept out of pg_dump's connection */
function pgArgs(settings: BackupSettings): string[] {
  return ['--dbname', settings.databaseUrl!, ...(settings.databaseSchema ? ['--schema', settings.databaseSchema] : [])];
}

function copyTree(from: string, to: string, files: string[], rel = '') {
  for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
    const r = path.join(rel, entry.name);
    if (entry.isDirectory()) copyTree(from, to, files, r);
    // upload files are written to a temporary name and renamed: a finished file never changes
    else if (entry.isFile() && !entry.name.startsWith('.')) {
      fs.mkdirSync(path.dirname(path.join(to, r)), { recursive: true });
      fs.copyFileSync(path.join(from, r), path.join(to, r));
      files.push(r);
    }
  }
}

export async function backup(settings: BackupSettings, folder: string, log: (line: string) => void = () => {}): Promise<Manifest> {
  const out = path.resolve(folder);
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new Error(`${out} is not empty: give a new folder for each backup`);
  makePrivateDir(out); // issue 33: 0700 whatever the umask, every file in it 0600
  const files: string[] = [];
  let violations: number | null = null;
  if (settings.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(out, PG_DUMP_FILE), ...pgArgs(settings)]);
    files.push(PG_DUMP_FILE);
    log(`pg_dump written (${settings.databaseSchema ? `schema ${settings.databaseSchema}` : 'whole database'})`);
  } else {
    const source = path.join(settings.dataDir, SQLITE_FILE);
    if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
    const copy = path.join(out, SQLITE_FILE);
    const started = Date.now();
    await sqliteOnlineBackup(source, copy);
    files.push(SQLITE_FILE);
    log(`${SQLITE_FILE} copied online in ${Date.now() - started} ms`);
    // the copy must be whole and its ledger sound before anyone relies on it
    // the copy keeps the source's WAL mode; as a single self-contained file it is easier to move
    // and restore (the server sets WAL again when it opens it)
    const check = new Database(copy);
    check.pragma('journal_mode = DELETE');
    const integrity = check.pragma('integrity_check', { simple: true });
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: check }) });
    try {
      if (integrity !== 'ok') throw new Error(`the copy failed integrity_check: ${String(integrity)}`);
      violations = (await verify(db)).length;
    } finally {
      await db.destroy();
    }
    if (violations > 0) throw new Error(`the copy's ledger has ${violations} violation(s): not a usable backup (see verify())`);
    log('copy checked: integrity_check ok, verify() clean');
  }
  for (const name of SANDBOX_FILES) {
    const f = path.join(settings.dataDir, name);
    if (fs.existsSync(f)) {
      await sqliteOnlineBackup(f, path.join(out, name));
      files.push(name);
    }
  }
  for (const name of KEY_FILES) {
    const f = path.join(settings.dataDir, name);
    if (fs.existsSync(f)) {
      fs.copyFileSync(f, path.join(out, name));
      fs.chmodSync(path.join(out, name), 0o600);
      files.push(name);
    }
  }
  if (fs.existsSync(path.join(settings.dataDir, UPLOADS))) {
    const uploaded: string[] = [];
    copyTree(path.join(settings.dataDir, UPLOADS), path.join(out, UPLOADS), uploaded);
    files.push(...uploaded.map((r) => path.join(UPLOADS, r)));
  }
  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database: settings.databaseUrl ? 'postgres' : 'sqlite',
    ...(settings.databaseSchema ? { schema: settings.databaseSchema } : {}),
    files: files.map((p) => ({ path: p, bytes: fs.statSync(path.join(out, p)).size, sha256: sha256(path.join(out, p)) })),
    verify: violations === null ? null : { violations },
  };
  fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  // issue 33: the copies (databases, keys, uploads) are the server user's alone, like the originals
  for (const f of [...files, 'manifest.json']) makePrivate(path.join(out, f));
  const missing = KEY_FILES.filter((k) => !files.includes(k));
  if (missing.length) log(`not in DATA_DIR (set by environment, keep them with your settings): ${missing.join(', ')}`);
  log(`backup complete: ${files.length} files in ${out}`);
  return manifest;
}

/**
 * Restores a backup into DATA_DIR (and the database). The server must be stopped. Files it
 * replaces are moved aside into DATA_DIR/pre-restore-<time>/, never deleted.
 */
export async function restore(settings: BackupSettings, folder: string, log: (line: string) => void = () => {}): Promise<void> {
  const from = path.resolve(folder);
  const manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
  for (const f of manifest.files) {
    const file = path.join(from, f.path);
    if (!fs.existsSync(file) || sha256(file) !== f.sha256) throw new Error(`${f.path} is missing or damaged in the backup (SHA-256 differs): nothing restored`);
  }
  const expected = settings.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== expected) throw new Error(`this backup holds a ${manifest.database} database; the settings name ${expected}`);
  makePrivateDir(settings.dataDir); // issue 33
  const aside = path.join(settings.dataDir, `pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const moveAside = (rel: string) => {
    const f = path.join(settings.dataDir, rel);
    if (!fs.existsSync(f)) return;
    fs.mkdirSync(path.dirname(path.join(aside, rel)), { recursive: true });
    fs.renameSync(f, path.join(aside, rel));
  };
  // a database file's -wal and -shm belong to it: left beside the restored file they would be replayed into it
  const withWal = (name: string) => [name, `${name}-wal`, `${name}-shm`];
  if (settings.databaseUrl) {
    const url = settings.databaseUrl;
    // no server's migrations read the catalogue while the tables are dropped and made again
    await withTablesDropping(url, () => run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--exit-on-error', '--dbname', url, path.join(from, PG_DUMP_FILE)]));
    log('pg_restore done');
  }
  for (const f of manifest.files) {
    if (f.path === PG_DUMP_FILE) continue;
    const names = f.path.endsWith('.sqlite') ? withWal(f.path) : [f.path];
    names.forEach(moveAside);
    fs.mkdirSync(path.dirname(path.join(settings.dataDir, f.path)), { recursive: true });
    // copy then rename: a restore cut short never leaves half a file under the real name
    const tmp = path.join(settings.dataDir, `${f.path}.restoring`);
    fs.copyFileSync(path.join(from, f.path), tmp);
    // issue 33: key files and databases are the server user's alone
    if (KEY_FILES.includes(f.path) || f.path.endsWith('.sqlite')) fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, path.join(settings.dataDir, f.path));
  }
  if (fs.existsSync(aside)) log(`files replaced were moved to ${aside}`);
  log(`restored ${manifest.files.length} files from the backup of ${manifest.created_at}`);
}
