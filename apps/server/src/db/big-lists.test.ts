import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../test/harness.ts';
import { EXACT_TOTAL_UP_TO, listTotal, newestFirstPage } from './big-lists.ts';

// issue 24: totals and deep pages of the back-office's site-wide lists (the audit log as the list)
describe('site-wide lists at scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  /** the audit log of `n` rows, several sharing each instant (the id breaks the ties) */
  async function auditRows(n: number, action: string) {
    const rows = Array.from({ length: n }, (_, i) => ({ admin_id: 1, action, target: `t:${i}`, detail: '{}', ip: '127.0.0.1', created_at: 1_700_000_000_000 + Math.floor(i / 3) * 1000 }));
    for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insertInto('admin_audit').values(rows.slice(i, i + 500)).execute();
  }

  it('answers every page, the last ones read from the oldest end, as OFFSET from the newest does', async () => {
    await auditRows(97, 'scale.pages');
    const base = t.ctx.db.selectFrom('admin_audit').where('action', '=', 'scale.pages');
    const rows = base.select(['id', 'target', 'created_at']);
    const expected = await rows.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(expected).toHaveLength(97);
    for (const perPage of [10, 20, 97, 200]) {
      const pages = Math.ceil(97 / perPage);
      for (let page = 1; page <= pages + 1; page++) {
        const got = await newestFirstPage(t.ctx.db, { base, rows, keys: ['created_at', 'id'], page, perPage });
        expect(got.total).toBe(97);
        expect(got.estimated).toBe(false);
        expect(got.rows.map((r) => r.target), `page ${page} of ${perPage}`).toEqual(expected.slice((page - 1) * perPage, page * perPage).map((r) => r.target));
      }
    }
  });

  it(`counts up to ${EXACT_TOTAL_UP_TO} rows exactly; past that ${onPostgres ? "PostgreSQL's estimate stands in" : 'SQLite still counts'}`, async () => {
    const small = t.ctx.db.selectFrom('admin_audit').where('action', '=', 'scale.pages');
    expect(await listTotal(t.ctx.db, small)).toEqual({ total: 97, estimated: false });
    const many = EXACT_TOTAL_UP_TO + 250;
    await auditRows(many, 'scale.many');
    await sql`analyze admin_audit`.execute(t.ctx.db).catch(() => {});
    const big = t.ctx.db.selectFrom('admin_audit').where('action', '=', 'scale.many');
    const total = await listTotal(t.ctx.db, big);
    if (onPostgres) {
      expect(total.estimated).toBe(true);
      // never below what was counted; the statistics put it near the truth
      expect(total.total).toBeGreaterThan(EXACT_TOTAL_UP_TO);
      expect(Math.abs(total.total - many)).toBeLessThan(many * 0.2);
    } else {
      expect(total).toEqual({ total: many, estimated: false });
    }
    // the last page holds the oldest rows, whatever the total says
    const rows = big.select(['target']);
    const last = await newestFirstPage(t.ctx.db, { base: big, rows, keys: ['created_at', 'id'], page: Math.ceil(total.total / 20), perPage: 20 });
    const oldest = total.total % 20 || 20;
    expect(last.rows.map((r) => r.target)).toEqual(Array.from({ length: oldest }, (_, i) => `t:${oldest - 1 - i}`));
  });

  it('the operators see an estimated total flagged on the audit log, and its last page', async () => {
    const login = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
    const token = login.data.token as string;
    const first = await t.post('/admin/api/audit/list', { action: 'scale.many', page: 1 }, { token });
    expect(first.code, first.message).toBe(200);
    expect(first.data.data[0].target).toBe(`t:${EXACT_TOTAL_UP_TO + 249}`);
    expect(first.data.total_estimated).toBe(onPostgres ? true : undefined);
    const last = await t.post('/admin/api/audit/list', { action: 'scale.many', page: first.data.last_page }, { token });
    expect(last.data.data.at(-1).target).toBe('t:0');
  });
});
