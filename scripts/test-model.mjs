// npm run test:model -- --runs N --commands M [--seed S [--path P --replay R]]: the long form of the model-based test of
// the money paths (apps/server/test/model, DESIGN.md section 9). With TEST_DATABASE_URL set it runs
// on PostgreSQL, else on SQLite. A failure prints its seed and the shrunk command list.
import { bin, run } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env };
if (opt('runs')) env.MODEL_RUNS = opt('runs');
if (opt('commands')) env.MODEL_COMMANDS = opt('commands');
if (opt('seed')) env.MODEL_SEED = opt('seed');
// the path fast-check prints beside the seed replays the shrunk failure at once
if (opt('path')) env.MODEL_PATH = opt('path');
// with it, the commands' replayPath (the /*replayPath=...*/ of the counterexample)
if (opt('replay')) env.MODEL_REPLAY = opt('replay');
process.exit(await run(bin('vitest'), ['run', 'apps/server/test/model/model.test.ts'], { env }));
