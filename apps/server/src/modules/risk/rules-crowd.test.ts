import type { RiskEventRow } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { PAY } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { LINKS_LISTED, memberLinks } from './links.ts';
import { runRiskRules } from './rules-job.ts';

/**
 * The linked-accounts rules see a pair however many other links each member has (issue 36 point
 * 3): member 360's answer lists the LINKS_LISTED strongest links, and the rules once went through
 * it, so a partner ranked past them was never seen. Here two members share only a real name,
 * and each has LINKS_LISTED others sharing two values (mobile and registration address) with it:
 * each is the other's 101st link. Their bets on both sides of a match (alone on the other side, or
 * beside 100 others there) and their grabs of the same red packet still open events. SQLite and
 * PostgreSQL.
 */
describe('risk rules: a linked pair past the links member 360 lists', () => {
  let t: TestApp;
  let owner: string;
  const ids: Record<string, number> = {};
  const filter = addressFilter([]);
  const run = () => runRiskRules(t.ctx.db, filter, Date.now() + 1);

  async function member(name: string, ip: string, device: string, mobile: string) {
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '诸葛同', paypassword: PAY }, { ip, headers: { 'x-device-id': device } });
    expect(r.code, r.message).toBe(200);
    await t.ctx.db.updateTable('members').set({ mobile }).where('username', '=', name).execute();
    return t.ctx.db.selectFrom('members').selectAll().where('username', '=', name).executeTakeFirstOrThrow();
  }

  /** LINKS_LISTED members sharing the mobile and registration address of `of` (two values each), other names */
  async function crowd(of: Awaited<ReturnType<typeof member>>, prefix: string) {
    const { id: _id, ...row } = of;
    const rows = Array.from({ length: LINKS_LISTED }, (_, i) => ({ ...row, username: `${prefix}${String(i).padStart(3, '0')}`, realname: `${prefix}名${i}`, created_at: Number(row.created_at) + 1000 * (i + 1) }));
    await t.ctx.db.insertInto('members').values(rows).execute();
  }

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const s = await member('crowdsubj', '198.18.20.1', '00000000-0000-4000-8000-0000000c0001', '13900001111');
    const p = await member('crowdpart', '198.18.20.2', '00000000-0000-4000-8000-0000000c0002', '13900002222');
    await crowd(s, 'crs');
    await crowd(p, 'crp');
    ids.crowdsubj = Number(s.id);
    ids.crowdpart = Number(p.id);
  }, 120_000);
  afterAll(() => t?.stop());

  it('each is past the other\'s listed links', async () => {
    for (const [who, other] of [
      ['crowdsubj', 'crowdpart'],
      ['crowdpart', 'crowdsubj'],
    ]) {
      const links = await memberLinks(t.ctx.db, filter, who);
      expect([links.members.length, links.total]).toEqual([LINKS_LISTED, LINKS_LISTED + 1]);
      expect(links.members.map((m) => m.username)).not.toContain(other);
    }
  });

  it('linked_opposite and linked_same_promo still open the pair\'s events', async () => {
    const now = Date.now();
    let seq = 0;
    // the partner's bet is read first, before the subject's side exists; the subject's then finds it
    for (const [who, side, pulled] of [
      ['crowdpart', 'away', now - 2000],
      ['crowdsubj', 'home', now - 1000],
    ] as const) {
      await t.ctx.db
        .insertInto('bets')
        .values({ platform: 'sb', bet_id: `CRW${++seq}`, member_id: ids[who], game_code: 'sb_lobby', game_name: '沙巴体育', category_id: 'sport', bet_amount: 20_000, valid_amount: 0, win_loss: 0, status: 2, detail: '', round_id: 'fx:4040', side, created_at: now - 60_000, settled_at: null, pulled_at: pulled })
        .execute();
    }
    // another match where the partner is one of more than 100 on the other side (its own crowd
    // with it): the subject's links are read whole and intersected with them
    const crp = await t.ctx.db.selectFrom('members').select('id').where('username', 'like', 'crp%').execute();
    expect(crp.length).toBe(LINKS_LISTED);
    const bet = (memberId: number, side: string, pulled: number) => ({ platform: 'sb', bet_id: `CRW${++seq}`, member_id: memberId, game_code: 'sb_lobby', game_name: '沙巴体育', category_id: 'sport', bet_amount: 20_000, valid_amount: 0, win_loss: 0, status: 2, detail: '', round_id: 'fx:4041', side, created_at: now - 60_000, settled_at: null, pulled_at: pulled });
    await t.ctx.db.insertInto('bets').values([...crp.map((c) => bet(Number(c.id), 'away', now - 3000)), bet(ids.crowdpart, 'away', now - 2000), bet(ids.crowdsubj, 'home', now - 1000)]).execute();
    const rule = await t.ctx.db
      .insertInto('red_packet_rules')
      .values({ name: '人群红包', starts_at: now - 86_400_000, ends_at: now + 86_400_000, deposit_min: 0, deposit_max: null, grabs: 3, mode: 'fixed', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const who of ['crowdpart', 'crowdsubj']) {
      await t.ctx.db.insertInto('red_packet_grabs').values({ grab_no: `CRG${now}${++seq}`, member_id: ids[who], day: '2026-01-01', seq, rule_id: Number(rule.id), deposits: 0, amount: 888, turnover_multiple: 1, created_at: Date.now() }).execute();
    }
    await run();
    const r = await t.post('/admin/api/risk/events', { per_page: 100 }, { token: owner });
    expect(r.code, r.message).toBe(200);
    const rows = r.data.data as RiskEventRow[];
    const pairs = rows.map((e) => `${e.rule}:${[e.username, e.other_username].sort().join('+')}`).sort();
    expect(pairs).toEqual(['linked_opposite:crowdpart+crowdsubj', 'linked_opposite:crowdpart+crowdsubj', 'linked_same_promo:crowdpart+crowdsubj']);
    expect(rows.filter((e) => e.rule === 'linked_opposite').map((e) => e.summary).sort()).toEqual([
      '关联账户 crowdsubj 与 crowdpart 在「沙巴体育 fx:4040」分别押注「主胜」与「客胜」',
      '关联账户 crowdsubj 与 crowdpart 在「沙巴体育 fx:4041」分别押注「主胜」与「客胜」',
    ]);
  });
});
