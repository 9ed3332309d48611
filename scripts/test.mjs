// npm test: every suite. Type checks, unit and integration tests (server on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL is set), a fresh build of the member
// site, then the end-to-end suite in Chromium.
import { bin, runOrExit } from './lib.mjs';

console.log('\n== type check ==');
await runOrExit('npm', ['run', 'typecheck', '--silent']);
console.log('\n== unit and integration tests ==');
await runOrExit(bin('vitest'), ['run']);
console.log('\n== build ==');
await runOrExit('npm', ['run', 'build', '--silent']);
console.log('\n== end-to-end tests ==');
await runOrExit('node', ['scripts/e2e.mjs']);
