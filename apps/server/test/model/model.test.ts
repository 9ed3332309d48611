import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness.ts';
import { operator } from '../../src/modules/withdrawals/testing.ts';
import { venueGame } from '../../src/modules/transfers/testing.ts';
import { checkEnd, houseBalances, openVenueBook, stats, type Real, type Shared } from './checks.ts';
import { moreCommands, GHOST } from './commands-more.ts';
import { allCommands, Register } from './commands.ts';
import { playCommands } from './commands-play.ts';
import { promoCommands } from './commands-promo.ts';
import { newModel, yuan } from './model.ts';

/**
 * Model-based test of the money paths (DESIGN.md section 9, issue 35 point 1): random sequences
 * of member and operator commands against the real server in-process, each compared with a plain
 * model (model.ts). After every command, what it could change (checks.ts checkStep: the
 * sequence's members' balances, venue balances, turnover owed, every house account); at each
 * sequence's end, everything (checkEnd: verify() over the whole ledger, the member's own balance
 * call, each number's one final state). One app per database; each sequence has its own members.
 * MODEL_RUNS x MODEL_COMMANDS (100 x 50 in npm test; `npm run test:model -- --runs N --commands M`
 * for long runs); MODEL_SEED (and MODEL_PATH) replay a failure, whose seed, path and shrunk
 * command list fast-check prints.
 */
const RUNS = Number(process.env.MODEL_RUNS || 100);
const COMMANDS = Number(process.env.MODEL_COMMANDS || 50);
// drawn here when not given, so every run can be replayed (printed before it starts)
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 31);
const PATH = process.env.MODEL_PATH || undefined;
// the commands' own replayPath (the /*replayPath=...*/ fast-check prints in the counterexample)
const REPLAY = process.env.MODEL_REPLAY || undefined;

describe('model: the money paths against a plain model', () => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let admin3: string;
  let shared: Shared;
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxGame: venueGame() });
    admin = await operator(t, 'modelsup1', 'super');
    admin2 = await operator(t, 'modelsup2', 'super');
    // a third: who raises a statement's total never approves it
    admin3 = await operator(t, 'modelsup3', 'super');
    // a venue the catalogue lists that the provider does not know: it refuses every transfer in
    await t.ctx.db
      .insertInto('venues')
      .values({ platform: GHOST, provider: 'sandbox', name: '幽灵电子', categories: '["concise"]', synced_at: Date.now() + 24 * 3_600_000 })
      .execute();
    t.venues.catalogue.invalidate();
    const s = await t.site.settings();
    // the model test's red-packet rule: 100 yuan of deposits or more, two grabs a day of 1 to 20 yuan, twice its turnover
    const rule = { depositMin: 100_00, grabs: 2, amountMin: 1_00, amountMax: 20_00, multiple: 2 };
    const made = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: '模型测试红包', start_time: '2020-01-01 00:00:00', end_time: '2999-01-01 00:00:00', mode: 'fixed', deposit_min: yuan(rule.depositMin), deposit_max: null, grabs: rule.grabs, amount_min: yuan(rule.amountMin), amount_max: yuan(rule.amountMax), turnover_multiple: rule.multiple },
      { token: admin },
    );
    expect(made.code, made.message).toBe(200);
    const levels = await t.ctx.db.selectFrom('vip_levels').select(['level', 'electron_bp']).orderBy('level').execute();
    const activities = ((await t.post('/api/activitylist', { page: 1 })).data.data as { id: number }[]).map((a) => a.id);
    expect(activities.length, 'activities shown').toBeGreaterThan(0);
    shared = {
      adjustedToday: new Map(),
      adjustRules: { threshold: Math.round(s.adjust_second_approval_over * 100), cap: Math.round(s.adjust_daily_immediate_max * 100) },
      venueBook: openVenueBook(t),
      promo: {
        clock: { offset: null },
        rebateBp: Number(levels[0]!.electron_bp),
        rebateMultiple: s.rebate_turnover_multiple,
        redPacket: rule,
        activities,
        commissionMultiple: Number(s.agent_commission_turnover_multiple),
        statementThreshold: Math.round(Number(s.agent_review_threshold) * 100),
        nextDay: 0,
        nextMonth: 0,
      },
    };
    // the promotions clock (its deps' now, read at each call) follows the commands' setting
    const clock = shared.promo.clock;
    t.promotions.deps.now = () => Date.now() + (clock.offset ?? 0);
  });
  afterAll(async () => {
    shared?.venueBook.close();
    await t.stop();
  });

  it(`${RUNS} sequences of up to ${COMMANDS} commands`, { timeout: 6 * 60 * 60_000 }, async () => {
    const started = performance.now();
    console.log(`model: seed ${SEED}, ${RUNS} sequences of up to ${COMMANDS} commands on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
    await fc.assert(
      fc.asyncProperty(fc.commands([...allCommands(), ...moreCommands(), ...playCommands(), ...promoCommands()], { maxCommands: COMMANDS, size: 'max', replayPath: REPLAY }), async (cmds) => {
        const real: Real = { t, admin, admin2, admin3, members: new Map(), houseStart: await houseBalances(t), shared };
        const model = newModel();
        // each sequence starts with two members of its own; a third may register on the way
        for (let i = 0; i < 2; i++) await new Register().run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await checkEnd(model, real, "end of sequence");
      }),
      { numRuns: RUNS, seed: SEED, path: PATH, verbose: 1 },
    );
    const ms = performance.now() - started;
    // what ran, so a run that checked nothing shows it
    console.log(
      `model: ${RUNS} sequences, ${stats.commands} commands checked in ${(ms / 1000).toFixed(1)} s (${(ms / stats.commands).toFixed(1)} ms a command): ${JSON.stringify(Object.fromEntries([...stats.byKind].sort((a, b) => b[1] - a[1])))}`,
    );
    console.log(`model: ms by command kind: ${JSON.stringify(Object.fromEntries([...stats.msByKind].map(([k, v]) => [k, Math.round(v)]).sort((a, b) => Number(b[1]) - Number(a[1]))))}`);
    console.log(`model: outcomes: ${JSON.stringify(Object.fromEntries([...stats.tally].sort((a, b) => b[1] - a[1])))}`);
    // sequences ran (a replayed path runs the one sequence it names)
    if (!PATH) expect(stats.commands).toBeGreaterThan(RUNS);
  });
});
