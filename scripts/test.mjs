// npm test: every suite, the one command for a fresh machine (README). Type checks, unit and
// integration tests (server on SQLite; on PostgreSQL too when TEST_DATABASE_URL is set), a fresh
// build of the member site and the back-office, then the end-to-end suite in Chromium.
//
// Steps that do not need each other run side by side, because CI has 2 cores and each of these
// leaves one mostly idle (tsc and the bundler are single-threaded; the end-to-end suite waits on a
// browser one file at a time). The SQLite suites run alone: argon2 hashing keeps both cores busy.
//   1. type check (contract, sandbox, server, e2e...)  |  type check (web, admin), then build
//   2. unit and integration tests on SQLite
//   3. end-to-end tests      |  server suites on PostgreSQL (only with TEST_DATABASE_URL)
// A step that fails stops the run after its group; the summary names it. Output of side-by-side
// steps is held and printed whole as each ends, so the two never interleave.
import fs from 'node:fs';
import path from 'node:path';
import { bin, ROOT, run, runCaptured } from './lib.mjs';

const results = [];
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

/** a step on its own: output streams as it comes */
async function alone(name, cmd, args, opts) {
  console.log(`\n== ${name} ==`);
  const started = Date.now();
  const code = await run(cmd, args, opts);
  results.push({ name, code, ms: Date.now() - started });
}

/** steps side by side, each a command or a sequence (`cmds`); output printed whole as each ends */
async function together(steps) {
  console.log(`\n== ${steps.map((s) => s.name).join('  |  ')} (side by side) ==`);
  await Promise.all(
    steps.map(async ({ name, cmd, args, opts, cmds = [[cmd, args, opts]] }) => {
      const started = Date.now();
      let code = 0;
      let output = '';
      for (const [c, a, o] of cmds) {
        const r = await runCaptured(c, a, o);
        output += r.output;
        code = r.code;
        if (code !== 0) break;
      }
      const ms = Date.now() - started;
      console.log(`\n== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes(ms)} ==\n${output.trimEnd()}`);
      results.push({ name, code, ms, output: code === 0 ? '' : output });
    }),
  );
}

/**
 * The failed tests of a captured step with their first error lines. CI shows only the end of a
 * run's output, so the summary repeats what failed and why, not only the step's name.
 */
function failures(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const out = [];
  lines.forEach((line, i) => {
    if (/^\s*FAIL\s/.test(line)) out.push(line.trim(), ...lines.slice(i + 1, i + 4).map((l) => `    ${l.trim().slice(0, 800)}`));
    // where a failed end-to-end test left its page (apps/web/e2e/browser.ts)
    else if (/^E2E-PAGE /.test(line)) out.push(`    ${line.slice(0, 500)}`);
  });
  return out.slice(0, 60);
}

function summary() {
  console.log('\n== summary ==');
  for (const r of results) console.log(`${r.code === 0 ? 'ok    ' : 'FAILED'}  ${minutes(r.ms).padStart(7)}  ${r.name}`);
  for (const r of results.filter((x) => x.output)) {
    const found = failures(r.output);
    if (found.length) console.log(`\n${r.name}, what failed:\n${found.join('\n')}`);
  }
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) console.log(`\nnpm test failed: ${failed.map((r) => r.name).join(', ')}`);
  return failed.length ? 1 : 0;
}

const stop = () => results.some((r) => r.code !== 0) && process.exit(summary());
const started = Date.now();

// the projects `npm run typecheck` checks, split in two lanes of about equal time: the two
// front-ends' checks go with the build, every other project in the other lane
const projects = [...JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
const withBuild = projects.filter((p) => p === 'apps/web' || p === 'apps/admin');
const others = projects.filter((p) => !withBuild.includes(p));
const tsc = (p) => [bin('tsc'), ['-p', p]];
await together([
  // a typecheck script this cannot read is run whole rather than skipped
  projects.length
    ? { name: `type check (${others.join(', ')})`, cmds: others.map(tsc) }
    : { name: 'type check', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  { name: `type check (${withBuild.join(', ')}), then build`, cmds: [...withBuild.map(tsc), ['npm', ['run', 'build', '--silent']]] },
]);
stop();

// SQLite whatever the caller's environment says; PostgreSQL is step 3's
const { TEST_DATABASE_URL: pgUrl, ...sqliteEnv } = process.env;
await alone('unit and integration tests (SQLite)', bin('vitest'), ['run'], { env: sqliteEnv });
stop();

const e2e = { name: 'end-to-end tests', cmd: 'node', args: ['scripts/e2e.mjs'] };
if (pgUrl) {
  // only the server's suites touch a database; the contract's and the sandbox's ran in step 2
  await together([e2e, { name: 'server suites (PostgreSQL)', cmd: bin('vitest'), args: ['run', 'apps/server'], opts: { env: { ...process.env, TEST_DATABASE_URL: pgUrl } } }]);
} else {
  await alone(e2e.name, e2e.cmd, e2e.args);
}
console.log(`\ntotal ${minutes(Date.now() - started)}`);
process.exit(summary());
