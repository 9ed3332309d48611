// Operator commands (issue 23): npm run backup -- <folder> | npm run restore -- <folder> |
// npm run rotate-card-key | npm run job -- <job name> (issue 24). Compiles the server when its compiled copy is missing or stale, then
// runs apps/server/dist/ops.js with the server's settings (DATA_DIR, DATABASE_URL,
// DATABASE_SCHEMA, CARD_KEY, CARD_KEY_OLD). See README "Production".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, serverStale } from './build-server.mjs';
import { ROOT } from './lib.mjs';

const [command, ...rest] = process.argv.slice(2);
if (serverStale()) await buildServer();
// a folder is resolved against where npm was started, not the repository root
const folders = command === 'backup' || command === 'restore';
const args = rest.map((a) => (!folders || a.startsWith('-') ? a : path.resolve(process.env.INIT_CWD ?? process.cwd(), a)));
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/ops.js', command, ...args], { cwd: ROOT, stdio: 'inherit', env: process.env });
child.on('exit', (code) => process.exit(code ?? 1));
