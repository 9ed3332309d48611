import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@casino/contract';
import { startApp, type TestApp } from '../harness.ts';
import { adminToken, bj } from '../../src/modules/promotions/testing.ts';
import { expectFields, expectPaged, expectYuan, SPEC_CALLS, specClient, type SpecClient } from './spec-client.ts';

/**
 * Issue 19: a client written to spec section 7 works unchanged - "Games and content".
 * Calls are made as the original front-end makes them (spec-client.ts): guests with an empty
 * bearer token, '' for unset filters, digit strings for numbers, its own path spellings.
 */
const GAME = {
  category_id: 'string',
  app_state: '0|1',
  is_hot: '0|1',
  is_new: '0|1',
  platform_name: 'string',
  name: 'string',
  game_code: 'string',
  api_logo_img: 'string',
  mobile_img: 'string',
} as const;
const ACTIVITY = { id: 'number', type: 'number', title: 'string', banner: 'string', content: 'string', memo: 'string' } as const;

// the promotions clock inside today's (or the next) red-packet window: 10:30 Beijing
const realNow = Date.now();
const nextTen = (() => {
  const tenToday = bj(`${new Date(realNow + 8 * 3_600_000).toISOString().slice(0, 10)} 10:00:00`);
  return realNow < tenToday ? tenToday : tenToday + 86_400_000;
})();

describe('spec section 7, Games and content, as a spec client calls it', () => {
  let t: TestApp;
  let c: SpecClient;
  let token = '';
  let admin = '';
  beforeAll(async () => {
    t = await startApp({ listen: true, promoTestNow: nextTen + 30 * 60_000 });
    c = specClient(t, SPEC_CALLS.content);
    const r = await c.post('/api/register', { name: 'compat02', password: 'secret123', confirmPass: 'secret123', realname: '李四', paypassword: '666888', code: '2PYL' });
    expect(r.code, r.message).toBe(200);
    token = r.data.api_token;
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("GET /api/game/list {category_id: ''}: a flat array of game entities, every category", async () => {
    const r = await c.get('/api/game/list', { category_id: '' });
    expect(r.code).toBe(200);
    expect(Array.isArray(r.data)).toBe(true);
    expect(r.data.length).toBeGreaterThan(0);
    r.data.forEach((g: unknown, i: number) => expectFields(g, GAME, `game[${i}]`));
    for (const g of r.data) expect(GAME_CATEGORIES).toContain(g.category_id);
    // the original keeps app_state 1 per category_id: every category it shows has games
    const shown = new Set(r.data.filter((g: { app_state: number }) => g.app_state === 1).map((g: { category_id: string }) => g.category_id));
    for (const cat of ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise']) expect(shown.has(cat), cat).toBe(true);
    expect(r.data.some((g: { is_hot: number }) => g.is_hot === 1)).toBe(true);
  });

  it('GET /api/game/list filtered by category or category_id', async () => {
    for (const params of [{ category: 'fishing' }, { category_id: 'fishing' }] as Record<string, string>[]) {
      const r = await c.get('/api/game/list', params);
      expect(r.code).toBe(200);
      expect(r.data.length, JSON.stringify(params)).toBeGreaterThan(0);
      r.data.forEach((g: unknown, i: number) => expectFields(g, GAME, `fishing[${i}]`));
      expect(new Set(r.data.map((g: { category_id: string }) => g.category_id))).toEqual(new Set(['fishing']));
    }
  });

  it('POST /api/gamelistBycode {gamecode}: game tiles (the original sends platform_name)', async () => {
    const r = await c.post('/api/gamelistBycode', { gamecode: 'pp' });
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThan(0);
    r.data.forEach((g: unknown, i: number) => expectFields(g, { catecode: 'string', gamecode: 'string', gamepic: 'string', gamename: 'string' }, `tile[${i}]`));
    expect(new Set(r.data.map((g: { catecode: string }) => g.catecode))).toEqual(new Set(['pp']));
    const original = await c.post('/api/gamelistBycode', { platform_name: 'pp' });
    expect(original.code).toBe(200);
    expect(original.data).toEqual(r.data);
  });

  it('POST /api/getGameUrl {plat_name, game_type 0, game_code, is_mobile_url 1}: data.url; guests are refused', async () => {
    const games = (await c.get('/api/game/list', { category_id: 'concise' })).data as { platform_name: string; game_code: string }[];
    const g = games[0];
    const body = { plat_name: g.platform_name, game_type: 0, game_code: g.game_code, is_mobile_url: 1 };
    expect((await c.post('/api/getGameUrl', body)).code).toBe(401);
    const r = await c.post('/api/getGameUrl', body, token);
    expect(r.code, r.message).toBe(200);
    expectFields(r.data, { url: 'string' }, 'getGameUrl');
    expect(r.data.url.length).toBeGreaterThan(0);
  });

  it('POST /api/bannerList {type 2}: a list of banners with src (and pic)', async () => {
    for (const body of [{ type: 2 }, { type: '2' }, { type: '' }]) {
      const r = await c.post('/api/bannerList', body);
      expect(r.code, JSON.stringify(body)).toBe(200);
      expect(r.data.length).toBeGreaterThan(0);
      r.data.forEach((b: unknown, i: number) => expectFields(b, { src: 'string', pic: 'string' }, `banner[${i}]`));
      for (const b of r.data) expect(b.pic).toBe(b.src);
    }
  });

  it('POST /api/homenotice {}: data is a list of strings', async () => {
    const r = await c.post('/api/homenotice', {});
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThan(0);
    for (const n of r.data) expect(typeof n).toBe('string');
  });

  it('POST /api/noticelist {page} (the original spelling of /api/noticeList): data, total, last_page', async () => {
    for (const page of [1, '1', '']) {
      const r = await c.post('/api/noticelist', { page });
      expect(r.code, `page ${JSON.stringify(page)}: ${r.message}`).toBe(200);
      const rows = expectPaged(r.data, { title: 'string', content: 'string', created_at: 'string' }, 'noticelist');
      expect(rows.length).toBeGreaterThan(0);
    }
    expect((await c.post('/api/noticeList', { page: 1 })).code).toBe(200);
  });

  it('POST /api/getservicerurl and GET /api/getAgentLoginUrl: data.url', async () => {
    const service = await c.post('/api/getservicerurl', {});
    expect(service.code).toBe(200);
    expectFields(service.data, { url: 'string' }, 'getservicerurl');
    const agent = await c.get('/api/getAgentLoginUrl', {});
    expect(agent.code).toBe(200);
    expectFields(agent.data, { url: 'string' }, 'getAgentLoginUrl');
  });

  it('POST /api/article {type}: data.content', async () => {
    for (const type of [7, '1', 9]) {
      const r = await c.post('/api/article', { type });
      expect(r.code, String(type)).toBe(200);
      expectFields(r.data, { content: 'string' }, `article ${type}`);
      expect(r.data.content.length).toBeGreaterThan(0);
    }
  });

  it('POST /api/activitytype, /api/activitylist {type optional}: data.data, /api/activitydeatil {id}', async () => {
    const types = await c.post('/api/activitytype', {});
    expect(types.code).toBe(200);
    types.data.forEach((x: unknown, i: number) => expectFields(x, { id: 'number', name: 'string' }, `activitytype[${i}]`));
    // the original sends {} for 全部, else {type}
    const all = await c.post('/api/activitylist', {});
    expect(all.code).toBe(200);
    const rows = all.data.data as { id: number; type: number }[];
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((a, i) => expectFields(a, ACTIVITY, `activity[${i}]`));
    expect((await c.post('/api/activitylist', { type: '' })).data.data).toEqual(rows);
    const typed = await c.post('/api/activitylist', { type: String(rows[0].type) });
    expect(typed.code).toBe(200);
    expect(typed.data.data.length).toBeGreaterThan(0);
    for (const a of typed.data.data) expect(a.type).toBe(rows[0].type);

    const detail = await c.post('/api/activitydeatil', { id: String(rows[0].id) });
    expect(detail.code).toBe(200);
    expectFields(detail.data, ACTIVITY, 'activitydeatil');
    expect(detail.data.id).toBe(rows[0].id);
  });

  it('POST /api/uservip: ten level rows', async () => {
    const r = await c.post('/api/uservip', {});
    expect(r.code).toBe(200);
    expect(r.data).toHaveLength(10);
    const row = { recharge: 'number', flow: 'number', realperson: 'number', sport: 'number', e_sport: 'number', joker: 'number', electron: 'number', lottery: 'number' } as const;
    r.data.forEach((l: unknown, i: number) => expectFields(l, row, `uservip[${i}]`));
  });

  it('red packets: GET /api/userredpacket (grab info), POST /api/douserredpacket (data.redpacketmoney), POST /api/redpacket {page} (records)', async () => {
    const rule = await c.post(
      '/admin/api/red-packet-rules/create',
      { name: '兼容测试', start_time: '2020-01-01 00:00:00', end_time: '2099-01-01 00:00:00', deposit_min: 100, grabs: 1, mode: 'fixed', amount_min: 1, amount_max: 1, turnover_multiple: 1 },
      admin,
    );
    expect(rule.code, rule.message).toBe(200);
    // a deposit approved now counts for the window unless now is itself 10:00-12:00 Beijing
    const bind = await c.post('/api/bindcard', { bank_owner: '李四', bank_no: '6222021000007777', pay_pass: '666888', bank: '招商银行', bank_address: '深圳市福田支行' }, token);
    expect(bind.code, bind.message).toBe(200);
    const order = await c.post('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '李四', bank: '中国银行', bank_no: '6217000011112222', bank_address: '北京市朝阳支行' }, token);
    expect(order.code, order.message).toBe(200);
    expect((await c.post('/admin/api/deposits/approve', { deposit_no: order.message }, admin)).code).toBe(200);

    // the original: GET /api/userredpacket {} -> res.data is the grab info
    const info = await c.get('/api/userredpacket', {}, token);
    expect(info.code, info.message).toBe(200);
    expectFields(info.data, { sendnums: 'number', acquirednum: 'number', max_times: 'number', rules: 'array' }, 'userredpacket');
    expect(info.data.rules.length).toBeGreaterThan(0);
    info.data.rules.forEach((r: unknown, i: number) =>
      expectFields(r, { start_time: 'string', end_time: 'string', day_flow: 'number', flow_money: 'number', recharge: 'number' }, `rules[${i}]`),
    );
    expect((await c.get('/api/userredpacket', { page: 1 }, token)).data).toMatchObject({ sendnums: info.data.sendnums });

    const grab = await c.post('/api/douserredpacket', {}, token);
    // the grab window's deposits run from 12:00 the day before to 10:00 (spec): one approved
    // between 10:00 and 12:00 Beijing counts for no window
    const creditedInGap = Date.now() < nextTen - 22 * 3_600_000;
    if (creditedInGap) {
      expect(info.data.sendnums).toBe(0);
      expect(grab.message).toBe('您暂未达到领取条件，快去完成吧！');
    } else {
      expect(info.data.sendnums).toBe(1);
      expect(grab.code, grab.message).toBe(200);
      expectYuan(grab.data.redpacketmoney, 'redpacketmoney');
      expect(grab.data.redpacketmoney).toBe(1);
      expect((await c.get('/api/userredpacket', {}, token)).data).toMatchObject({ sendnums: 0, acquirednum: 1 });
    }
    // the welfare page: POST /api/redpacket {page} -> paged records
    for (const page of [1, '']) {
      const records = await c.post('/api/redpacket', { page }, token);
      expect(records.code, records.message).toBe(200);
      const rows = expectPaged(records.data, { money: 'number', redpacketmoney: 'number', created_at: 'string', usetime: 'string' }, 'redpacket');
      expect(rows).toHaveLength(creditedInGap ? 0 : 1);
    }
    // signed out: no grab
    expect((await c.post('/api/douserredpacket', {})).code).toBe(401);
  });

  it('POST /api/applyagentdo {mobile, apply_info}: message', async () => {
    expect((await c.post('/api/applyagentdo', { mobile: '12345', apply_info: '推广' }, token)).message).toBe('请输入正确手机号');
    expect((await c.post('/api/applyagentdo', { mobile: '13800138000', apply_info: '' }, token)).message).toBe('请输入申请理由');
    const r = await c.post('/api/applyagentdo', { mobile: '13800138000', apply_info: '我有推广资源' }, token);
    expect(r.code, r.message).toBe(200);
    expect(r.message.length).toBeGreaterThan(0);
  });

  it('made every call of its group', () => {
    expect(c.missing()).toEqual([]);
  });
});
