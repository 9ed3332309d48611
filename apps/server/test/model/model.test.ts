import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness.ts';
import { operator } from '../../src/modules/withdrawals/testing.ts';
import { venueGame } from '../../src/modules/transfers/testing.ts';
import { allCommands, Register, stats, type Real } from './commands.ts';
import { newModel } from './model.ts';

/**
 * Model-based test of the money paths (DESIGN.md section 9, issue 35 point 1): random sequences
 * of member and operator commands against the real server in-process, each compared with a plain
 * model (model.ts) and every invariant checked after every command (commands.ts checkAll). One
 * app per database; each sequence has its own members. MODEL_RUNS x MODEL_COMMANDS (default
 * 25 x 40 in npm test: about 120 ms a command here, most of it verify() over the whole ledger and
 * the venue reads; issue 35 asks 100 x 50, not yet within the suite's time; `npm run test:model -- --runs N --commands M` for long runs); MODEL_SEED
 * replays a failure, whose seed, path and shrunk command list fast-check prints.
 */
const RUNS = Number(process.env.MODEL_RUNS || 25);
const COMMANDS = Number(process.env.MODEL_COMMANDS || 40);
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : undefined;

describe('model: the money paths against a plain model', () => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxGame: venueGame() });
    admin = await operator(t, 'modelsup1', 'super');
    admin2 = await operator(t, 'modelsup2', 'super');
  });
  afterAll(() => t.stop());

  it(`${RUNS} sequences of up to ${COMMANDS} commands`, { timeout: 60 * 60_000 }, async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(allCommands(), { maxCommands: COMMANDS, size: 'max' }), async (cmds) => {
        const real: Real = { t, admin, admin2, members: new Map() };
        const model = newModel();
        // each sequence starts with two members of its own; a third may register on the way
        for (let i = 0; i < 2; i++) await new Register().run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: RUNS, seed: SEED, verbose: 1 },
    );
    // what ran, so a run that checked nothing shows it
    console.log(`model: ${stats.commands} commands checked in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(Object.fromEntries(stats.byKind))}`);
    expect(stats.commands).toBeGreaterThan(RUNS);
  });
});
