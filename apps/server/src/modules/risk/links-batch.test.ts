import type { AdminWithdrawalRow } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { hooksOf } from '../../db/hooks.ts';
import { credit } from '../transfers/testing.ts';
import { bindBank, bindUsdt, PAY, withdraw } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { linkCount, linkCounts, memberLinks } from './links.ts';

/**
 * The withdrawal list's links, read for the whole page at once (issue 36): linkCounts answers
 * for many members what memberLinks answers for each (the count of linked members), in a number
 * of statements that does not grow with the page. SQLite and PostgreSQL.
 */
describe('risk: links of a page of members at once', () => {
  let t: TestApp;
  let owner: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const NAMES = ['赵甲', '钱乙', '孙丙', '李丁', '周戊', '吴己', '郑庚', '王辛', '冯壬', '陈癸', '褚子', '卫丑', '蒋寅', '沈卯', '韩辰', '杨巳'];
  let k = 0;
  let ipSeq = 0;
  const DEV = 'b7c6d5e4-f3a2-4b1c-8d9e-0f1a2b3c4d5e';
  const filter = addressFilter(['10.9.0.0/16']);

  async function join(name: string, o: { ip?: string; device?: string; realname?: string } = {}) {
    const headers: Record<string, string> = o.device ? { 'x-device-id': o.device } : {};
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: o.realname ?? NAMES[k++], paypassword: PAY }, { ip: o.ip ?? `198.18.7.${++ipSeq}`, headers });
    expect(r.code, r.message).toBe(200);
    tokens[name] = r.data.api_token;
    ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
  }
  /** a withdrawal of 100.00 to a fresh card (or the given one) */
  async function applies(name: string, card?: string) {
    await credit(t, name, 200);
    const id = await bindBank(t, tokens[name], card);
    const r = await withdraw(t, tokens[name], { bank: id, amount: 100, password: PAY });
    expect(r.code, r.message).toBe(200);
  }

  beforeAll(async () => {
    t = await startApp({ trustedProxies: ['10.9.0.0/16'] });
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await join('lbdev01', { device: DEV });
    await join('lbdev02', { device: DEV });
    await join('lbip01', { ip: '198.51.100.77' });
    await join('lbip02', { ip: '198.51.100.77' });
    await join('lbname01', { realname: '上官云' });
    await join('lbname02', { realname: '上官云' });
    await join('lbname03', { realname: '上官云' });
    await join('lbloop01', { ip: '127.0.0.1' });
    await join('lbloop02', { ip: '127.0.0.1' });
    await join('lbprox01', { ip: '10.9.3.3' });
    await join('lbprox02', { ip: '10.9.3.3' });
    await join('lbcard01');
    await join('lbcard02');
    await join('lbusdt01');
    await join('lbusdt02');
    // one member linked to five others by device and real name, each counted once
    await join('lbmany01', { device: DEV, realname: '上官云' });
    for (const name of Object.keys(ids)) if (!name.startsWith('lbcard') && !name.startsWith('lbusdt')) await applies(name);
    await applies('lbcard01', '6222029988776655');
    await applies('lbcard02', '6222029988776655');
    for (const name of ['lbusdt01', 'lbusdt02']) {
      const r = await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcLBAT', pay_pass: PAY }, { token: tokens[name] });
      expect(r.code, r.message).toBe(200);
      await applies(name);
    }
    void bindUsdt;
  }, 120_000);
  afterAll(() => t?.stop());

  it('the withdrawal list shows each applicant\'s links, in statements that do not grow with the page', async () => {
    const hooks = (await hooksOf(t.ctx.db))!;
    const page = async (perPage: number) => {
      const before = hooks.statements;
      const t0 = performance.now();
      const r = await t.post('/admin/api/withdrawals/list', { page: 1, per_page: perPage }, { token: owner });
      const ms = performance.now() - t0;
      expect(r.code, r.message).toBe(200);
      return { rows: r.data.data as AdminWithdrawalRow[], statements: hooks.statements - before, ms };
    };
    await page(20); // warm
    const small = await page(2);
    const full = await page(20);
    expect(full.rows).toHaveLength(Object.keys(ids).length);
    const shown = Object.fromEntries(full.rows.map((r) => [r.username, r.risk.links]));
    for (const name of Object.keys(ids)) expect(shown[name], name).toBe((await memberLinks(t.ctx.db, filter, name)).members.length);
    expect(shown).toMatchObject({ lbdev01: 2, lbip01: 1, lbname01: 3, lbloop01: 0, lbprox01: 0, lbcard01: 1, lbusdt02: 1, lbmany01: 5 });
    console.log(`withdrawals/list (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}): 2 rows ${small.statements} statements ${small.ms.toFixed(1)} ms; ${full.rows.length} rows ${full.statements} statements ${full.ms.toFixed(1)} ms`);
  });

  it('linkCounts answers what memberLinks answers for each member, in the same statements for 1 member as for 16', async () => {
    const hooks = (await hooksOf(t.ctx.db))!;
    const all = Object.values(ids);
    const measure = async <T>(fn: () => Promise<T>) => {
      const before = hooks.statements;
      const t0 = performance.now();
      const value = await fn();
      return { value, statements: hooks.statements - before, ms: performance.now() - t0 };
    };
    const one = await measure(() => linkCounts(t.ctx.db, filter, [ids.lbmany01]));
    const many = await measure(() => linkCounts(t.ctx.db, filter, all));
    // the way the list read them before: one member at a time, all at once
    const each = await measure(() => Promise.all(Object.keys(ids).map((name) => linkCount(t.ctx.db, filter, name))));
    console.log(`links of ${all.length} members (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}): one at a time ${each.statements} statements ${each.ms.toFixed(1)} ms; linkCounts ${many.statements} statements ${many.ms.toFixed(1)} ms (1 member: ${one.statements})`);
    expect(one.value.get(ids.lbmany01)).toBe(5);
    // PostgreSQL may open a pool connection on the way (its set-up statement counts too)
    expect(Math.abs(many.statements - one.statements)).toBeLessThanOrEqual(1);
    expect(many.statements).toBeLessThanOrEqual(11);
    expect(each.value).toEqual(Object.values(ids).map((id) => many.value.get(id)));
    const manyValue = many.value;
    for (const [name, id] of Object.entries(ids)) expect(manyValue.get(id) ?? 0, name).toBe((await memberLinks(t.ctx.db, filter, name)).members.length);
    expect(await linkCounts(t.ctx.db, filter, [])).toEqual(new Map());
  });
});
