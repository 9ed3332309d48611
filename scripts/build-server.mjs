// Compiles the server (with the contract and the sandbox it imports) to plain JavaScript, so
// `npm start` runs `node apps/server/dist/main.js` with no TypeScript loader (DESIGN.md 14).
//
// One esbuild bundle per entry: our own code (server, sandbox, contract, which Node 20 cannot
// load as .ts) goes inside; every npm package stays external and is loaded from node_modules as
// usual, which keeps the native ones (better-sqlite3, @node-rs/argon2) and packages that read
// their own files (svg-captcha's fonts, pino) working unchanged.
//
// Files read relative to a source file must sit at the same place relative to the bundle:
// - config.ts finds the repository root three folders up: apps/server/dist is as deep as
//   apps/server/src, so REPO_ROOT comes out the same;
// - the sandbox's game pages (apps/sandbox/src/games/**/*.html) are read next to views.ts:
//   copied next to each bundle that contains it, keeping their sub-folders;
// - verify() runs on a worker thread from a file of its own: a second entry, verify-worker.js,
//   next to main.js (verify-thread.ts picks it when it is itself compiled).
// Migrations and seed content are imported statically, so they are inside the bundle.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './lib.mjs';

const SERVER_OUT = path.join(ROOT, 'apps/server/dist');
const SANDBOX_OUT = path.join(ROOT, 'apps/sandbox/dist');
const GAMES_SRC = path.join(ROOT, 'apps/sandbox/src/games');

/** every npm dependency of the bundled workspaces, except the workspaces themselves */
function externals() {
  const names = new Set();
  for (const pkg of ['apps/server', 'apps/sandbox', 'packages/contract']) {
    const json = JSON.parse(fs.readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...json.dependencies, ...json.optionalDependencies })) {
      if (!name.startsWith('@casino/')) names.add(name);
    }
  }
  // sub-paths too (e.g. dayjs/plugin/utc, tsx/esm/api)
  return [...names].flatMap((n) => [n, `${n}/*`]);
}

function copyGamePages(outDir) {
  for (const entry of fs.readdirSync(GAMES_SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(outDir, path.relative(GAMES_SRC, from));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
  }
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: externals(),
  logLevel: 'warning',
  legalComments: 'none',
  // ESM output may still meet a bundled require() of a Node built-in; give it one
  banner: { js: "import { createRequire as __casinoCreateRequire } from 'node:module'; const require = __casinoCreateRequire(import.meta.url);" },
};

export async function buildServer() {
  const started = Date.now();
  fs.rmSync(SERVER_OUT, { recursive: true, force: true });
  fs.rmSync(SANDBOX_OUT, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: {
      main: path.join(ROOT, 'apps/server/src/main.ts'),
      'verify-worker': path.join(ROOT, 'apps/server/src/modules/wallet/verify-worker.ts'),
      // npm run backup / restore / rotate-card-key (ops/ops-cli.ts)
      ops: path.join(ROOT, 'apps/server/src/ops/ops-cli.ts'),
    },
    outdir: SERVER_OUT,
  });
  copyGamePages(SERVER_OUT);
  await build({ ...common, entryPoints: { standalone: path.join(ROOT, 'apps/sandbox/src/standalone.ts') }, outdir: SANDBOX_OUT });
  copyGamePages(SANDBOX_OUT);
  // dist is ES modules whatever folder it is copied to
  for (const dir of [SERVER_OUT, SANDBOX_OUT]) fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  return Date.now() - started;
}

/** newest modification time of the sources the bundles are made from */
function newestSource() {
  let newest = 0;
  for (const dir of ['apps/server/src', 'apps/sandbox/src', 'packages/contract/src']) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** the compiled server is missing or older than a source file */
export function serverStale() {
  const main = path.join(SERVER_OUT, 'main.js');
  return !fs.existsSync(main) || fs.statSync(main).mtimeMs < newestSource();
}

/**
 * One build at a time per checkout (test files running in parallel each ask for one): a lock
 * directory in the temp folder, taken over when older than a minute (a build killed midway).
 */
async function withLock(fn) {
  const lock = path.join(os.tmpdir(), `casino-build-${crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > end) throw new Error(`another build holds ${lock}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// node scripts/build-server.mjs [--if-stale]
if (import.meta.url === `file://${process.argv[1]}`) {
  await withLock(async () => {
    if (process.argv.includes('--if-stale') && !serverStale()) {
      console.log('the compiled server is up to date');
      return;
    }
    const ms = await buildServer();
    console.log(`server compiled into apps/server/dist and apps/sandbox/dist in ${ms} ms`);
  });
}
