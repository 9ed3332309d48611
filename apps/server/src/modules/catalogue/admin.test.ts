import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, GAME_MSG, GAMES_ADMIN_MSG, TRANSFER_MSG, controlCharsMessage, type AdminGameRow, type AdminVenueRow, type GameItem } from '@casino/contract';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { testClock } from '../../../test/wait.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { expectLedgerSound, newMember, startVenueApp, type Member } from '../transfers/testing.ts';

/** issue 13: venues and games in the back-office (games.manage), kept across syncs, seen by members */
describe('games and venues admin', () => {
  let t: TestApp;
  let m: Member;
  let owner: string;
  let support: string;
  const sqliteFile = onPostgres ? undefined : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'games-admin-')), 'casino.db');

  const op = (p: string, body: unknown, token = owner) => t.post(p, body, { token });
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();
  const shownCodes = async () => ((await t.get('/api/game/list')).data as GameItem[]).map((x) => x.game_code);
  const launch = (body: Record<string, unknown>) => t.post('/api/getGameUrl', body, { token: m.token });
  const gameId = async (code: string) => (await t.ctx.db.selectFrom('games').select('id').where('game_code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    // a file (SQLite) so that a second app can open the same database below
    t = await startVenueApp(sqliteFile ? { sqliteFile } : {});
    m = await newMember(t, 'gameadm01', 200);
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await op('/admin/api/operators/create', { username: 'cs_games', password: 'support123', role: 'support' });
    support = (await t.post('/admin/api/login', { username: 'cs_games', password: 'support123' })).data.token;
  });
  afterAll(async () => {
    await t.stop();
    if (sqliteFile) fs.rmSync(path.dirname(sqliteFile), { recursive: true, force: true });
  });

  it('lists venues and games paged and filtered on the server', async () => {
    const venues = await op('/admin/api/venues/list', { per_page: 5 });
    expect(venues.code, venues.message).toBe(200);
    expect(venues.data).toMatchObject({ current_page: 1, per_page: 5 });
    expect(venues.data.total).toBeGreaterThanOrEqual(14);
    expect(venues.data.data).toHaveLength(5);
    const pp = ((await op('/admin/api/venues/list', { per_page: 100 })).data.data as AdminVenueRow[]).find((v) => v.platform === 'pp')!;
    expect(pp).toMatchObject({ provider: 'sandbox', state: 1, listed: 1, provider_listed: 1, games: 20, renamed: false });
    expect(pp.shown_games).toBe(19);
    expect(pp.synced_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const games = await op('/admin/api/games/list', { platform: 'pp', per_page: 10, page: 2 });
    expect(games.data).toMatchObject({ total: 20, current_page: 2, per_page: 10, last_page: 2 });
    expect(games.data.data).toHaveLength(10);
    const first = (await op('/admin/api/games/list', { platform: 'pp', per_page: 1 })).data.data[0] as AdminGameRow;
    expect(first).toMatchObject({ game_code: 'pp_gates', name: '奥林匹斯之门', venue_name: expect.any(String), is_hot: 1, app_state: 1, listed: 1, operator_set: [] });
    const byName = await op('/admin/api/games/list', { name: '奥林匹斯' });
    expect(byName.data.data.map((g: AdminGameRow) => g.game_code)).toContain('pp_gates');
    // an operator's % is a literal character, not a wildcard
    expect((await op('/admin/api/games/list', { name: '%' })).data.total).toBe(0);
    expect((await op('/admin/api/games/list', { name: 'pp_gat' })).data.data.map((g: AdminGameRow) => g.game_code)).toEqual(['pp_gates']);
    const fishing = await op('/admin/api/games/list', { category: 'fishing', per_page: 100 });
    expect(fishing.data.total).toBeGreaterThan(0);
    expect(fishing.data.data.every((g: AdminGameRow) => g.category_id === 'fishing')).toBe(true);
    const closed = await op('/admin/api/games/list', { app_state: 0, per_page: 100 });
    expect(closed.data.data.map((g: AdminGameRow) => g.game_code)).toContain('pp_pharaohwrath');
  });

  it('refuses malformed input with its message, changing nothing', async () => {
    const before = await t.ctx.db.selectFrom('admin_audit').select('id').execute();
    const venuesBefore = await t.ctx.db.selectFrom('venues').selectAll().orderBy('platform').execute();
    const cases: [string, unknown, string, number?][] = [
      ['/admin/api/venues/update', {}, GAMES_ADMIN_MSG.platform],
      ['/admin/api/venues/update', [], '参数格式错误，请检查后重试'],
      ['/admin/api/venues/update', { platform: 'pp' }, GAMES_ADMIN_MSG.nothing],
      ['/admin/api/venues/update', { platform: 'pp', state: 2 }, GAMES_ADMIN_MSG.state],
      ['/admin/api/venues/update', { platform: 'pp', state: '0' }, GAMES_ADMIN_MSG.state],
      ['/admin/api/venues/update', { platform: 'pp', listed: true }, GAMES_ADMIN_MSG.listed],
      ['/admin/api/venues/update', { platform: 'pp', sort: -1 }, GAMES_ADMIN_MSG.sort],
      ['/admin/api/venues/update', { platform: 'pp', sort: 1.5 }, GAMES_ADMIN_MSG.sort],
      ['/admin/api/venues/update', { platform: 'pp', name: '' }, GAMES_ADMIN_MSG.name],
      ['/admin/api/venues/update', { platform: 'pp', name: '名'.repeat(33) }, GAMES_ADMIN_MSG.name],
      ['/admin/api/venues/update', { platform: 'pp', name: 'PP\u202e电子' }, controlCharsMessage('场馆名称')],
      ['/admin/api/venues/update', { platform: "pp' OR 1=1", state: 0 }, GAMES_ADMIN_MSG.venueNotFound],
      ['/admin/api/venues/update', { platform: 'nowhere', state: 0 }, GAMES_ADMIN_MSG.venueNotFound, CODE.notFound],
      ['/admin/api/games/update', { id: 0, is_hot: 1 }, GAMES_ADMIN_MSG.gameNotFound],
      ['/admin/api/games/update', { id: 'x', is_hot: 1 }, GAMES_ADMIN_MSG.gameNotFound],
      ['/admin/api/games/update', { id: 1 }, GAMES_ADMIN_MSG.nothing],
      ['/admin/api/games/update', { id: 1, is_new: 5 }, GAMES_ADMIN_MSG.flag],
      ['/admin/api/games/update', { id: 99_999_999, is_hot: 1 }, GAMES_ADMIN_MSG.gameNotFound, CODE.notFound],
      ['/admin/api/games/list', { category: 'casino' }, GAMES_ADMIN_MSG.category],
      ['/admin/api/games/list', { page: 0 }, '页码必须是正整数'],
      ['/admin/api/games/list', { per_page: 1000 }, '每页条数必须在1到100之间'],
      ['/admin/api/games/list', { name: 'x'.repeat(100) }, GAMES_ADMIN_MSG.gameName],
      ['/admin/api/venues/list', { state: 3 }, GAMES_ADMIN_MSG.state],
    ];
    for (const [p, body, message, code] of cases) {
      expect(await op(p, body), `${p} ${JSON.stringify(body)}`).toMatchObject({ code: code ?? CODE.invalid, message });
    }
    // an oversized body never reaches the handler
    const huge = await t.http.inject({ method: 'POST', url: '/admin/api/venues/update', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, payload: JSON.stringify({ platform: 'pp', name: 'x'.repeat(200_000) }) });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().code).not.toBe(200);
    expect(await t.ctx.db.selectFrom('admin_audit').select('id').execute()).toEqual(before);
    expect(await t.ctx.db.selectFrom('venues').selectAll().orderBy('platform').execute()).toEqual(venuesBefore);
  });

  it('needs games.manage for every call', async () => {
    const calls: [string, unknown][] = [
      ['/admin/api/venues/list', {}],
      ['/admin/api/venues/update', { platform: 'pp', state: 0 }],
      ['/admin/api/games/list', {}],
      ['/admin/api/games/update', { id: await gameId('pp_gates'), is_hot: 0 }],
      ['/admin/api/catalogue/sync', {}],
      ['/admin/api/venues/exposure', {}],
    ];
    for (const [p, body] of calls) {
      expect(await op(p, body, support), p).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
      expect((await t.post(p, body, { token: m.token })).code, p).toBe(CODE.unauthorized);
    }
    // the content editors' role holds games.manage
    await op('/admin/api/operators/create', { username: 'ed_games', password: 'editor123', role: 'content' });
    const editor = (await t.post('/admin/api/login', { username: 'ed_games', password: 'editor123' })).data.token;
    expect((await op('/admin/api/venues/list', {}, editor)).code).toBe(200);
    expect(await t.ctx.db.selectFrom('venues').select('state').where('platform', '=', 'pp').executeTakeFirstOrThrow()).toEqual({ state: 1 });
  });

  it('a venue under maintenance refuses launch and transfers in, its games leave the lists; audited before/after', async () => {
    expect((await launch({ plat_name: 'ag', game_code: 'ag_bac' })).code).toBe(200);
    expect(await shownCodes()).toContain('ag_bac');
    const reply = await op('/admin/api/venues/update', { platform: 'ag', state: 0 });
    expect(reply).toMatchObject({ code: 200, message: GAMES_ADMIN_MSG.venueUpdated, data: { platform: 'ag', state: 0 } });
    const [row] = await audits('venue.update');
    expect(row).toMatchObject({ target: 'venue:ag' });
    expect(JSON.parse(row.detail)).toMatchObject({ before: { state: 1 }, after: { state: 0 } });
    // at once on this process
    expect(await launch({ plat_name: 'ag', game_code: 'ag_bac' })).toMatchObject({ code: CODE.invalid, message: GAME_MSG.venueMaintenance });
    expect(await t.post('/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'ag' }, { token: m.token })).toMatchObject({ code: CODE.invalid, message: TRANSFER_MSG.venueMaintenance });
    expect(await shownCodes()).not.toContain('ag_bac');
    // the same again changes nothing and writes no audit row
    expect(await op('/admin/api/venues/update', { platform: 'ag', state: 0 })).toMatchObject({ code: 200, message: GAMES_ADMIN_MSG.unchanged });
    expect(await audits('venue.update')).toHaveLength(1);
    await op('/admin/api/venues/update', { platform: 'ag', state: 1 });
    expect((await launch({ plat_name: 'ag', game_code: 'ag_bac' })).code).toBe(200);
  });

  it('an unlisted venue disappears for members; a renamed, reordered one keeps its name and order across syncs', async () => {
    expect((await op('/admin/api/venues/update', { platform: 'bbin', listed: 0 })).code).toBe(200);
    expect(await t.post('/api/gamelistBycode', { gamecode: 'bbin' })).toMatchObject({ code: CODE.invalid, message: GAME_MSG.unknownVenue });
    expect(await launch({ plat_name: 'bbin' })).toMatchObject({ message: GAME_MSG.unknownVenue });
    expect((await op('/admin/api/venues/update', { platform: 'pp', name: 'PP电子（新）', sort: 0 })).code).toBe(200);
    const sync = await op('/admin/api/catalogue/sync', {});
    expect(sync.code, sync.message).toBe(200);
    const venues = (await op('/admin/api/venues/list', { per_page: 100 })).data.data as AdminVenueRow[];
    expect(venues.find((v) => v.platform === 'bbin')).toMatchObject({ listed: 0, provider_listed: 1 });
    expect(venues.find((v) => v.platform === 'pp')).toMatchObject({ name: 'PP电子（新）', sort: 0, renamed: true });
    expect(await t.post('/api/gamelistBycode', { gamecode: 'bbin' })).toMatchObject({ message: GAME_MSG.unknownVenue });
    // member-facing names follow (the transfer page's venue list)
    const balances = (await t.post('/api/balancelist', {}, { token: m.token })).data as { platname: string; name?: string; title?: string }[];
    expect(JSON.stringify(balances)).toContain('PP电子（新）');
    expect(balances.find((b) => b.platname === 'bbin')).toBeUndefined();
    await op('/admin/api/venues/update', { platform: 'bbin', listed: 1 });
    expect((await t.post('/api/gamelistBycode', { gamecode: 'bbin' })).code).toBe(200);
  });

  it('an unlisted game disappears and is unknown at launch; maintenance refuses launch; flags and order survive a sync', async () => {
    const gates = await gameId('pp_gates');
    const bonanza = await gameId('pp_bonanza');
    expect(await op('/admin/api/games/update', { id: gates, listed: 0 })).toMatchObject({ code: 200, message: GAMES_ADMIN_MSG.gameUpdated, data: { listed: 0 } });
    expect(await shownCodes()).not.toContain('pp_gates');
    expect(((await t.post('/api/gamelistBycode', { gamecode: 'pp' })).data as { gamecode: string }[]).map((x) => x.gamecode)).not.toContain('pp_gates');
    expect(await launch({ plat_name: 'pp', game_code: 'pp_gates' })).toMatchObject({ code: CODE.invalid, message: GAME_MSG.unknownGame });

    expect((await op('/admin/api/games/update', { id: bonanza, app_state: 0, is_hot: 1, is_new: 1, sort: 0 })).data).toMatchObject({ app_state: 0, operator_state: 0, provider_state: 1, is_hot: 1, is_new: 1, sort: 0 });
    expect(await launch({ plat_name: 'pp', game_code: 'pp_bonanza' })).toMatchObject({ code: CODE.invalid, message: GAME_MSG.gameMaintenance });
    const [row] = await audits('game.update');
    expect(row.target).toBe('game:pp/pp_gates');
    expect(JSON.parse(row.detail)).toMatchObject({ before: { listed: 1 }, after: { listed: 0 } });

    await t.venues.catalogue.sync();
    const after = (await op('/admin/api/games/list', { platform: 'pp', per_page: 100 })).data.data as AdminGameRow[];
    expect(after.find((g) => g.game_code === 'pp_gates')).toMatchObject({ listed: 0 });
    expect(after.find((g) => g.game_code === 'pp_bonanza')).toMatchObject({ app_state: 0, is_hot: 1, is_new: 1, sort: 0, operator_set: ['is_hot', 'is_new', 'sort', 'app_state'] });
    expect(await shownCodes()).not.toContain('pp_gates');
    expect(await launch({ plat_name: 'pp', game_code: 'pp_bonanza' })).toMatchObject({ message: GAME_MSG.gameMaintenance });

    // open again: shown, first in its venue (sort 0), flagged
    await op('/admin/api/games/update', { id: gates, listed: 1 });
    await op('/admin/api/games/update', { id: bonanza, app_state: 1 });
    const tiles = (await t.post('/api/gamelistBycode', { gamecode: 'pp' })).data as { gamecode: string }[];
    expect(tiles.map((x) => x.gamecode)).toContain('pp_gates');
    const listed = ((await t.get('/api/game/list')).data as GameItem[]).find((g) => g.game_code === 'pp_bonanza');
    expect(listed).toMatchObject({ is_hot: 1, is_new: 1, app_state: 1 });
    expect((await launch({ plat_name: 'pp', game_code: 'pp_bonanza' })).code).toBe(200);

    // a game the provider closed stays closed when the operator lifts maintenance
    const pharaoh = await gameId('pp_pharaohwrath');
    await op('/admin/api/games/update', { id: pharaoh, app_state: 0 });
    expect(await op('/admin/api/games/update', { id: pharaoh, app_state: 1 })).toMatchObject({ message: GAMES_ADMIN_MSG.providerClosed, data: { app_state: 0, provider_state: 0 } });
  });

  it('a sync on demand reports what changed, and is audited', async () => {
    // the provider's catalogue differs from ours: one game renamed here, one missing here
    await t.ctx.db.updateTable('games').set({ name: '旧名称' }).where('game_code', '=', 'pp_wolfgold').execute();
    await t.ctx.db.deleteFrom('games').where('game_code', '=', 'pp_sugarrush').execute();
    const reply = await op('/admin/api/catalogue/sync', {});
    expect(reply).toMatchObject({ code: 200, message: GAMES_ADMIN_MSG.synced, data: { failed: [], games: { added: 1, changed: 1 }, venues: { added: [], unlisted: [] } } });
    expect(reply.data.games.examples.join('\n')).toMatch(/pp: 新增 .+\n?/);
    expect((await audits('catalogue.sync')).length).toBeGreaterThanOrEqual(2);
    // nothing left to change
    expect((await op('/admin/api/catalogue/sync', {})).data.games).toMatchObject({ added: 0, changed: 0, opened: 0, closed: 0 });
  });

  it('shows what members hold at each venue', async () => {
    // launches moved the member's money along (auto-transfer): all back to the central wallet first
    expect((await t.post('/api/transall', {}, { token: m.token })).code).toBe(200);
    const moved = await t.post('/api/transfer', { amount: 30, sourcetype: 'userbalance', targettype: 'fgdz' }, { token: m.token });
    expect(moved.code, moved.message).toBe(200);
    await t.post('/api/balancelist', {}, { token: m.token });
    const reply = await op('/admin/api/venues/exposure', {});
    expect(reply.code, reply.message).toBe(200);
    const fgdz = reply.data.rows.find((r: { platform: string }) => r.platform === 'fgdz');
    expect(fgdz).toMatchObject({ members: 1, total: 30, pending: 0 });
    expect(fgdz.clearing).toBeGreaterThanOrEqual(30);
    expect(reply.data.members).toBeGreaterThanOrEqual(1);
    expect(reply.data.total).toBeGreaterThanOrEqual(30);
    await expectLedgerSound(t);
  });

  it("another server process sees an operator's change within 5 seconds", async () => {
    // a second app on the same database: its own catalogue copy, never told by the first; the
    // copy ages on a clock the test moves (config.cacheNow), so the seconds are not sat out
    const clock = testClock();
    const other = await startApp({ ...(onPostgres ? { databaseSchema: t.ctx.config.databaseSchema } : { sqliteFile }), cacheNow: clock.now });
    try {
      const codes = async () => ((await other.get('/api/game/list')).data as GameItem[]).map((x) => x.game_code);
      expect(await codes()).toContain('pp_gates');
      const gates = await gameId('pp_gates');
      expect((await op('/admin/api/games/update', { id: gates, listed: 0 })).code).toBe(200);
      // still its old copy, until 5 s have passed on its clock
      expect(await codes()).toContain('pp_gates');
      clock.advance(5_000);
      expect(await codes()).not.toContain('pp_gates');
      await op('/admin/api/games/update', { id: gates, listed: 1 });
    } finally {
      await other.stop();
    }
  });
});
