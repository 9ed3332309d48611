// npm start: builds what is missing (the member site and back-office when never built, the
// server when its compiled copy is missing or older than a source file), then runs the compiled
// server with plain Node: no TypeScript loader at run time (DESIGN.md section 14).
// (embedded SQLite in DATA_DIR, sandbox on, demo content seeded; see README).
import { buildServer, serverStale } from './build-server.mjs';
import { spawn } from 'node:child_process';
import { ROOT, runOrExit, webBuilt } from './lib.mjs';

if (!webBuilt()) {
  console.log('member site or back-office not built yet: building them once (npm run build)...');
  await runOrExit('npm', ['run', 'build', '--silent']);
} else if (serverStale()) {
  await buildServer();
}
// --enable-source-maps: stack traces in the log name the TypeScript source lines
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: ROOT, env: process.env, stdio: 'inherit' });
// a process manager signals this wrapper: pass it on so the server shuts down gracefully
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// `kill <npm's pid>` ends npm and its shell without telling us: once orphaned, stop the server too
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM');
}, 1000).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
