// npm start: builds the member site when no build exists, then runs the server
// (embedded SQLite in DATA_DIR, sandbox on, demo content seeded; see README).
import { bin, ROOT, run, runOrExit, webBuilt } from './lib.mjs';

if (!webBuilt()) {
  console.log('member site or back-office not built yet: building them once (npm run build)...');
  await runOrExit('npm', ['run', 'build', '--silent']);
}
const code = await run(bin('tsx'), ['apps/server/src/main.ts'], { cwd: ROOT, env: process.env });
process.exit(code);
