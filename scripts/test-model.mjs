// npm run test:model -- --runs N --commands M [--shards K] [--seed S [--path P --replay R]]: the long form of the
// model-based test of the money paths (apps/server/test/model, DESIGN.md section 9). With TEST_DATABASE_URL set it
// runs on PostgreSQL, else on SQLite. A failure prints its seed and the shrunk command list.
// --shards K splits the runs over K processes (each its own app and database), shard i with the seed S + i (S drawn
// when not given); each shard's lines are prefixed [shard i, seed X]; a failing shard replays alone with
// --shards 1 --seed X --runs <its runs> (or the path fast-check prints).
import { spawn } from 'node:child_process';
import { bin, ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env };
if (opt('commands')) env.MODEL_COMMANDS = opt('commands');
// the path fast-check prints beside the seed replays the shrunk failure at once
if (opt('path')) env.MODEL_PATH = opt('path');
// with it, the commands' replayPath (the /*replayPath=...*/ of the counterexample)
if (opt('replay')) env.MODEL_REPLAY = opt('replay');
const runs = Number(opt('runs') || process.env.MODEL_RUNS || 100);
const shards = Math.max(1, Math.min(runs, Number(opt('shards') || 1)));
const given = opt('seed') ?? process.env.MODEL_SEED;
const seed = given !== undefined && given !== '' ? Number(given) : Math.floor(Math.random() * 2 ** 31);
const started = Date.now();

/** one vitest process of `n` runs from `shardSeed`; its lines prefixed when there are several */
function shard(i, n, shardSeed) {
  return new Promise((resolve) => {
    const child = spawn(bin('vitest'), ['run', 'apps/server/test/model/model.test.ts'], {
      cwd: ROOT,
      env: { ...env, MODEL_RUNS: String(n), MODEL_SEED: String(shardSeed) },
      stdio: shards === 1 ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (shards > 1) {
      const tag = `[shard ${i}, seed ${shardSeed}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(tag + line + '\n');
        });
        stream.on('end', () => rest && process.stdout.write(tag + rest + '\n'));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const jobs = Array.from({ length: shards }, (_, i) => {
  const n = Math.floor(runs / shards) + (i < runs % shards ? 1 : 0);
  const shardSeed = (seed + i) % 2 ** 31;
  if (shards > 1) console.log(`model: shard ${i}: ${n} runs, seed ${shardSeed}`);
  return shard(i, n, shardSeed);
});
const codes = await Promise.all(jobs);
const failed = codes.map((c, i) => (c === 0 ? null : i)).filter((i) => i !== null);
if (shards > 1) console.log(`model: ${shards} shards, ${runs} runs from seed ${seed} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed.length ? `failed: shard ${failed.join(', ')}` : 'all passed'}`);
process.exit(failed.length ? 1 : 0);
