import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { hooksOf } from '../../db/hooks.ts';
import { PAY } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { rulesMemory, runRiskRules } from './rules-job.ts';

/**
 * The rules job checks a page of bets at once (issue 36 point 9): at 10 million bets a day a
 * 15-second run has about 450 match bets, and looking each one's links up alone cost ~8 statements
 * a bet. Here a run over N match bets (N unlinked members on one side of a match, a linked pair on
 * both sides of it) costs the same statements for N = 5 as for N = 80, and opens the pair's event
 * and nothing else. SQLite and PostgreSQL.
 */
describe('risk rules job: a page of match bets in statements that do not grow with it', () => {
  let t: TestApp;
  const filter = addressFilter([]);
  const memory = rulesMemory();
  const ids: Record<string, number> = {};
  const crowd: number[] = [];
  let seq = 0;

  beforeAll(async () => {
    t = await startApp();
    // the pair registers on one device (linked); the crowd copies a row with values of its own
    for (const [name, ip] of [
      ['rbpaira', '198.18.60.1'],
      ['rbpairb', '198.18.60.2'],
    ]) {
      const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: name === 'rbpaira' ? '批量甲' : '批量乙', paypassword: PAY }, { ip, headers: { 'x-device-id': '00000000-0000-4000-8000-0000000b0001' } });
      expect(r.code, r.message).toBe(200);
      ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
    }
    const { id: _id, ...row } = await t.ctx.db.selectFrom('members').selectAll().where('id', '=', ids.rbpaira).executeTakeFirstOrThrow();
    const rows = Array.from({ length: 80 }, (_, i) => ({ ...row, username: `rbcrowd${i}`, realname: `批量${i}号`, mobile: `1370000${String(i).padStart(4, '0')}`, register_ip: `198.18.61.${i + 1}` }));
    await t.ctx.db.insertInto('members').values(rows).execute();
    crowd.push(...(await t.ctx.db.selectFrom('members').select('id').where('username', 'like', 'rbcrowd%').orderBy('id').execute()).map((r) => Number(r.id)));
    await runRiskRules(t.ctx.db, filter, Date.now(), { memory }); // the first run sets the marks
  }, 120_000);
  afterAll(() => t?.stop());

  /** the pair on both sides of a new match and N of the crowd beside one of them; the run's statements */
  async function run(count: number) {
    const now = Date.now() + 1000 * ++seq;
    const round = `fx:77${seq}`;
    const bet = (memberId: number, side: string, pulled: number) => ({ platform: 'sb', bet_id: `RBB${seq}-${memberId}`, member_id: memberId, game_code: 'sb_lobby', game_name: '沙巴体育', category_id: 'sport', bet_amount: 20_000, valid_amount: 0, win_loss: 0, status: 2, detail: '', round_id: round, side, created_at: now - 60_000, settled_at: null, pulled_at: pulled });
    await t.ctx.db
      .insertInto('bets')
      .values([bet(ids.rbpaira, 'away', now - 500), ...crowd.slice(0, count).map((m) => bet(m, 'home', now - 400)), bet(ids.rbpairb, 'home', now - 300)])
      .execute();
    const hooks = (await hooksOf(t.ctx.db))!;
    const before = hooks.statements;
    const sum = await runRiskRules(t.ctx.db, filter, now, { memory });
    expect(sum.betsChecked).toBe(count + 2);
    return hooks.statements - before;
  }

  it('N = 5 and N = 80 match bets: the same statements, the pair\'s event only', async () => {
    const small = await run(5);
    const large = await run(80);
    console.log(`rules run (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}): 7 bets ${small} statements; 82 bets ${large} statements`);
    expect(large).toBe(small);
    const events = await t.ctx.db.selectFrom('risk_events').select(['rule', 'member_id', 'other_member_id', 'summary']).orderBy('id').execute();
    expect(events.map((e) => [e.rule, Number(e.member_id), Number(e.other_member_id)])).toEqual([
      ['linked_opposite', ids.rbpairb, ids.rbpaira],
      ['linked_opposite', ids.rbpairb, ids.rbpaira],
    ]);
    expect(events.map((e) => e.summary)).toEqual(['关联账户 rbpairb 与 rbpaira 在「沙巴体育 fx:771」分别押注「主胜」与「客胜」', '关联账户 rbpairb 与 rbpaira 在「沙巴体育 fx:772」分别押注「主胜」与「客胜」']);
  }, 120_000);
});
