import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, GAME_CATEGORIES, GAME_MSG, MSG, type GameItem, type GameTile } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { centralFen, expectLedgerSound, newMember, startVenueApp, venueFen, type Member } from '../transfers/testing.ts';

const CLOSED = ['pp_pharaohwrath', 'bbin_squeeze', 'leg_fknn', 'obgdy_buffalo', 'lh_cs'];

describe('game catalogue and game launch', () => {
  let t: TestApp;
  let m: Member;
  beforeAll(async () => {
    t = await startVenueApp();
    m = await newMember(t, 'player001', 300);
  });
  afterAll(() => t.stop());

  const launch = (body: Record<string, unknown>) => t.post('/api/getGameUrl', body, { token: m.token });

  it('syncs every venue and game of the provider, idempotently', async () => {
    const count = async () => ({
      venues: (await t.ctx.db.selectFrom('venues').select('platform').execute()).length,
      games: (await t.ctx.db.selectFrom('games').select('id').execute()).length,
    });
    const first = await count();
    expect(first.venues).toBeGreaterThanOrEqual(14);
    expect(first.games).toBeGreaterThanOrEqual(120);
    // a game the provider stopped listing is hidden at the next sync; the others are unchanged
    await t.ctx.db
      .insertInto('games')
      .values({ platform: 'pp', game_code: 'pp_gone', name: '下架游戏', category_id: 'concise', synced_at: 1 })
      .execute();
    await t.venues.catalogue.sync();
    expect(await count()).toEqual({ ...first, games: first.games + 1 });
    const gone = await t.ctx.db.selectFrom('games').select('app_state').where('game_code', '=', 'pp_gone').executeTakeFirstOrThrow();
    expect(gone.app_state).toBe(0);
  });

  it('lists shown games as one flat list ordered by category, to guests too', async () => {
    const reply = await t.get('/api/game/list');
    expect(reply.code).toBe(200);
    const all = reply.data as GameItem[];
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(115);
    // category by category in GAME_CATEGORIES order, every category present
    const order = all.map((g) => GAME_CATEGORIES.indexOf(g.category_id));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(all.map((g) => g.category_id))).toEqual(new Set(GAME_CATEGORIES));
    expect(all.every((g) => g.app_state === 1)).toBe(true);
    for (const code of [...CLOSED, 'pp_gone']) expect(all.find((g) => g.game_code === code)).toBeUndefined();
    expect(all.find((g) => g.game_code === 'pp_gates')).toEqual({
      category_id: 'concise',
      app_state: 1,
      is_hot: 1,
      is_new: 0,
      platform_name: 'pp',
      name: '奥林匹斯之门',
      game_code: 'pp_gates',
      api_logo_img: '/sandbox/provider/art/pp/pp_gates.svg',
      mobile_img: expect.stringMatching(/^\/sandbox\/provider\/art\//),
    });
    // the art is served where the list says
    const art = await fetch(`${t.origin}/sandbox/provider/art/pp/pp_gates.svg`);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toMatch(/svg/);

    const fishing = all.filter((g) => g.category_id === 'fishing');
    const one = await t.get('/api/game/list?category=fishing');
    expect(one.data).toEqual(fishing);
    expect(fishing.length).toBeGreaterThan(0);
    // the original front-end's name of the filter, and its '' for every category
    expect((await t.get('/api/game/list?category_id=fishing')).data).toEqual(fishing);
    expect((await t.get('/api/game/list?category_id=')).data).toEqual(all);
    expect((await t.get('/api/game/list?category=casino')).code).toBe(CODE.invalid);
  });

  it('answers a venue\'s games as tiles', async () => {
    const reply = await t.post('/api/gamelistBycode', { gamecode: 'pp' });
    expect(reply.code).toBe(200);
    const tiles = reply.data as GameTile[];
    expect(tiles.length).toBe(19);
    expect(tiles[0]).toEqual({ catecode: 'pp', gamecode: 'pp_gates', gamepic: '/sandbox/provider/art/pp/pp_gates.svg', gamename: '奥林匹斯之门', category_id: 'concise' });
    expect(tiles.find((x) => x.gamecode === 'pp_pharaohwrath')).toBeUndefined();
    for (const code of ['obgdy', 'fgdz', 'ae']) expect((await t.post('/api/gamelistBycode', { gamecode: code })).data.length).toBeGreaterThan(5);
    expect(await t.post('/api/gamelistBycode', {})).toMatchObject({ code: CODE.invalid, message: GAME_MSG.platformRequired });
    expect(await t.post('/api/gamelistBycode', { gamecode: 'nowhere' })).toMatchObject({ code: CODE.invalid, message: GAME_MSG.unknownVenue });
  });

  it('serves the lists from memory until a sync', async () => {
    await t.ctx.db.updateTable('games').set({ name: '改名' }).where('game_code', '=', 'pp_gates').execute();
    expect((await t.post('/api/gamelistBycode', { gamecode: 'pp' })).data[0].gamename).toBe('奥林匹斯之门');
    await t.venues.catalogue.sync();
    expect((await t.post('/api/gamelistBycode', { gamecode: 'pp' })).data[0].gamename).toBe('奥林匹斯之门');
  });

  it('refuses game launches that cannot happen, with a clear message', async () => {
    expect(await t.post('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates' })).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
    const cases: [Record<string, unknown>, string][] = [
      [{}, GAME_MSG.platformRequired],
      [{ plat_name: 'nowhere', game_code: 'x' }, GAME_MSG.unknownVenue],
      [{ plat_name: 'pp', game_code: 'pp_nothing' }, GAME_MSG.unknownGame],
      [{ plat_name: 'pp', game_code: 'ag_bac' }, GAME_MSG.unknownGame],
      [{ plat_name: 'pp', game_code: 'pp_pharaohwrath' }, GAME_MSG.gameMaintenance],
    ];
    for (const [body, message] of cases) expect(await launch(body)).toMatchObject({ code: CODE.invalid, message });
    await t.ctx.db.updateTable('venues').set({ state: 0 }).where('platform', '=', 'ag').execute();
    t.venues.catalogue.invalidate();
    expect(await launch({ plat_name: 'ag', game_code: 'ag_bac' })).toMatchObject({ message: GAME_MSG.venueMaintenance });
    await t.ctx.db.updateTable('venues').set({ state: 1 }).where('platform', '=', 'ag').execute();
    t.venues.catalogue.invalidate();
    // nothing moved for a refused launch
    expect(await centralFen(t, m.id)).toBe(30_000);
  });

  it('opens a game at a root-relative URL on this server (no PUBLIC_URL), the lobby when no game is named', async () => {
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    const reply = await launch({ plat_name: 'sb', game_type: 0, game_code: '', is_mobile_url: 1 });
    expect(reply.code, reply.message).toBe(200);
    expect(reply.data.url).toMatch(/^\/sandbox\/provider\/play\?token=/);
    const page = await fetch(new URL(reply.data.url, t.origin));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('沙巴体育');
    // a Host header the caller chose never makes it into the URL (issue 14)
    const viaName = await t.post('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates' }, { token: m.token, headers: { host: 'evil.example' } });
    expect(viaName.data.url).toMatch(/^\/sandbox\/provider\/play\?token=/);
    expect(await centralFen(t, m.id)).toBe(30_000);
  });

  it('with auto-transfer on, the whole central balance follows into the venue, the other venues recovered first', async () => {
    await t.post('/api/transfer', { amount: 50, sourcetype: 'userbalance', targettype: 'ag' }, { token: m.token });
    await t.post('/api/transfer', { amount: 20, sourcetype: 'userbalance', targettype: 'pp' }, { token: m.token });
    expect(await centralFen(t, m.id)).toBe(23_000);
    await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token });
    expect((await launch({ plat_name: 'pp', game_code: 'pp_bonanza', is_mobile_url: 1 })).code).toBe(200);
    expect(await centralFen(t, m.id)).toBe(0);
    expect(await venueFen(t, m.id, 'ag')).toBe(0);
    expect(await venueFen(t, m.id, 'pp')).toBe(30_000);
    const list = (await t.post('/api/balancelist', {}, { token: m.token })).data as { platname: string; balance: number }[];
    expect(list.find((e) => e.platname === 'pp')!.balance).toBe(300);
    // the other venue was recovered first (the list holds venues only: no central entry)
    expect(list.find((e) => e.platname === 'ag')!.balance).toBe(0);
    expect(list.find((e) => e.platname === 'userbalance')).toBeUndefined();
    // the next game elsewhere takes it all along
    expect((await launch({ plat_name: 'fgdz', game_code: 'fgdz_fish' })).code).toBe(200);
    expect(await venueFen(t, m.id, 'pp')).toBe(0);
    expect(await venueFen(t, m.id, 'fgdz')).toBe(30_000);
    await expectLedgerSound(t);
  });
});
