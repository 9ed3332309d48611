// Part of scripts/scale-check.ts (run by it): on a database made by `npm run seed:scale`, runs the
// daily rebate job, the VIP job and the agents' month settlement with a clock argument (DESIGN.md
// section 6: the app built in this process with its jobs off, driven like the tests drive them),
// then verify(). "Today" is the day after the newest settled bet, so the rebate job settles the
// seeded window's last day, which the seed left for it. One JSON line per step on stdout.
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { wallet } from '../apps/server/src/modules/wallet/index.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' }, 'data-dir': { type: 'string' } } });
const DAY = 86_400_000;
const BJ = 8 * 3_600_000;

const config = loadConfig({}, { databaseUrl: args.db, dataDir: args['data-dir'], logLevel: 'warn', jobs: false, seedDemo: false, adminPassword: 'scale-admin-pass', operatorSetup: false, webDist: '/nonexistent', adminDist: '/nonexistent' });
const app = await buildApp(config);
const db = app.ctx.db;

async function step(job: string, fn: () => Promise<unknown>) {
  const start = Date.now();
  const result = await fn();
  const end = Date.now();
  process.stdout.write(`${JSON.stringify({ job, start, end, detail: JSON.stringify(result) })}\n`);
}

try {
  const newest = await db.selectFrom('bets').select((eb) => eb.fn.max('settled_at').as('at')).executeTakeFirstOrThrow();
  const today = Math.floor((Number(newest.at) + BJ) / DAY) + 1;
  const midnight = today * DAY - BJ; // Beijing midnight of "today"
  // the month before today's (Beijing): the month the job settles
  const d = new Date(midnight + BJ);
  const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - DAY).toISOString().slice(0, 7);
  await step('daily rebate job (rebateTick)', () => app.promotions.rebateTick(midnight + 40 * 60_000));
  await step('VIP job (vipTick)', () => app.promotions.vipTick(midnight + 50 * 60_000));
  await step(`agent month settlement (${month})`, async () => {
    const r = await app.agentSettlement.settleMonth(month, midnight + 60 * 60_000);
    return { month: r.month, settled: r.settled, counts: r.counts };
  });
  await step('verify()', async () => {
    const v = await wallet.verify(db);
    return { violations: v.length, first: v.slice(0, 3).map((x) => x.message) };
  });
} finally {
  await app.close();
}
