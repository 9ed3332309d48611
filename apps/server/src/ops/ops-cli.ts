import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { siteUrl } from '../http/site-url.ts';
import { openDatabase } from '../db/index.ts';
import { cardVaultOf } from '../modules/cards/index.ts';
import { backup, backupSettingsFromEnv, restore } from './backup.ts';
import { resealAll, startFileRotation } from './rotate-card-key.ts';

/**
 * Operator commands (issue 23), run by scripts/ops.mjs compiled as apps/server/dist/ops.js:
 *   npm run backup -- <new folder>
 *   npm run restore -- <backup folder>      (stop the server first)
 *   npm run rotate-card-key                  (see README "Key rotation")
 *   npm run job -- <job name>                (one run of a job now, beside a running site)
 * Settings from the environment, as the server reads them (DATA_DIR, DATABASE_URL,
 * DATABASE_SCHEMA, CARD_KEY, CARD_KEY_OLD).
 */
const [command, folder] = process.argv.slice(2);
const usage = 'usage: npm run backup -- <new folder> | npm run restore -- <backup folder> | npm run rotate-card-key | npm run job -- <job name>';
const log = (line: string) => console.log(line);

async function rotateCardKey() {
  const env = process.env;
  if (!env.CARD_KEY) {
    if (startFileRotation(loadConfig(env).dataDir)) log('a new card.key was made; the previous key is now card.key.old');
    else log('card.key.old present: finishing the re-sealing with card.key');
  } else if (!env.CARD_KEY_OLD) {
    throw new Error('with CARD_KEY set, give the previous key as CARD_KEY_OLD (to every server process too, see README)');
  }
  const config = loadConfig(env);
  const database = openDatabase(config);
  try {
    const r = await resealAll(database.db, cardVaultOf(config));
    log(`re-sealed ${r.cards} card numbers and ${r.operatorSecrets} operator secrets; ${r.withdrawals} withdrawals' card fingerprints updated; ${r.channelKeys} payment channel keys re-sealed`);
    if (r.unreadable) log(`${r.unreadable} values open with neither key: left as they are`);
    if (r.remaining) throw new Error(`${r.remaining} values are still sealed with the previous key: run the command again`);
    log(env.CARD_KEY ? 'every value is sealed with CARD_KEY: CARD_KEY_OLD may now be removed from the settings' : 'every value is sealed with card.key: card.key.old may be removed (keep it with backups made before today)');
  } finally {
    await database.close();
  }
}

/**
 * One run of a scheduled job now (the agents' figure rollup after a correction, the daily
 * reconciliation...), as the server's scheduler runs it: the same code, its lease respected, so
 * it never runs beside another run of the job in any server process: it waits for that one to
 * finish (up to two minutes), then runs.
 * The site keeps running; the command builds the server's modules on the same database with
 * its own jobs off.
 */
const JOB_WAIT_MS = 120_000;

async function runJob(name: string) {
  const config = loadConfig(process.env);
  // the running site, at its own PORT, answers for the stand-in providers living in its process
  const app = await buildApp({ ...config, jobs: false }, { address: () => siteUrl(config.host, config.port) });
  try {
    const names = app.scheduler.jobs.map((j) => j.name);
    const job = app.scheduler.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`there is no job ${name}; the jobs are: ${names.join(', ')}`);
    const started = Date.now();
    // a run already going on (the site's own, every few seconds for some jobs) is waited for
    let run = await app.scheduler.runNow(job);
    if (!run.ran) log(`a run of ${name} is going on: waiting for it to finish`);
    for (const until = Date.now() + JOB_WAIT_MS; !run.ran && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 250));
      run = await app.scheduler.runNow(job);
    }
    if (!run.ran) throw new Error(`${name} has been running for over ${JOB_WAIT_MS / 1000} s (in this or another server process): try again when it has finished`);
    if (run.error) throw new Error(`${name} failed: ${run.error}`);
    log(`${name} ran in ${Date.now() - started} ms`);
  } finally {
    await app.close();
  }
}

try {
  if (command === 'job' && folder) await runJob(folder);
  else if (command === 'backup' && folder) await backup(backupSettingsFromEnv(), folder, log);
  else if (command === 'restore' && folder) await restore(backupSettingsFromEnv(), folder, log);
  else if (command === 'rotate-card-key') await rotateCardKey();
  else {
    console.error(usage);
    process.exit(2);
  }
} catch (err) {
  console.error(`${command} failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
