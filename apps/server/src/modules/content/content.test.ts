import { ACTIVITIES_PER_PAGE, ARTICLE_TITLES, CODE, CONTENT_MSG, HELP_TYPES, MSG, NOTICES_PER_PAGE } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { createContent } from './index.ts';
import { mediaNames } from './media.ts';

const count = async (t: TestApp, table: 'activities' | 'articles' | 'support_tickets' | 'notices' | 'banners') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('content calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('bannerList answers the seeded mobile banners with our own SVG art and in-site links', async () => {
    const r = await t.post('/api/bannerList', { type: 2 });
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThanOrEqual(5);
    for (const b of r.data) {
      expect(Object.keys(b).sort()).toEqual(['id', 'link', 'pic', 'src', 'title']);
      expect(b.src).toMatch(/^\/media\/banners\/[a-z0-9-]+\.svg$/);
      // the original front-end's name for the same picture
      expect(b.pic).toBe(b.src);
      expect(b.link === '' || b.link.startsWith('/')).toBe(true);
    }
    // a banner that names a promotion points at an existing one
    const promo = r.data.find((b: { link: string }) => b.link.startsWith('/activityInfo?id='));
    const id = Number(promo.link.split('=')[1]);
    expect((await t.post('/api/activitydeatil', { id })).code).toBe(200);
    // type defaults to 2; PC banners (1) are none; bad types are refused
    expect((await t.post('/api/bannerList', {})).data).toEqual(r.data);
    expect((await t.post('/api/bannerList', { type: 1 })).data).toEqual([]);
    expect(await t.post('/api/bannerList', { type: 'x' })).toMatchObject({ code: 400, message: CONTENT_MSG.bannerType });
  });

  it('homenotice answers plain-text lines of the notices flagged for the home bar', async () => {
    const r = await t.post('/api/homenotice', {});
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThanOrEqual(2);
    const all = await t.post('/api/noticeList', { page: 1 });
    expect(r.data.length).toBeLessThan(all.data.total);
    for (const line of r.data) {
      expect(typeof line).toBe('string');
      expect(line).not.toMatch(/[<>]/);
    }
    expect(r.data.join('')).toContain('鼎盛娱乐');
  });

  it('noticeList pages by 10, newest first, and answers an empty page past the last one', async () => {
    const p1 = await t.post('/api/noticeList', { page: 1 });
    expect(p1.code).toBe(200);
    expect(p1.data).toMatchObject({ current_page: 1, per_page: NOTICES_PER_PAGE });
    expect(p1.data.total).toBeGreaterThanOrEqual(8);
    expect(p1.data.last_page).toBe(Math.ceil(p1.data.total / NOTICES_PER_PAGE));
    const row = p1.data.data[0];
    expect(Object.keys(row).sort()).toEqual(['content', 'created_at', 'id', 'title']);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = p1.data.data.map((n: { created_at: string }) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    // add notices so there are two pages; page 2 holds the rest, page 3 none
    const now = Date.now();
    await t.ctx.db
      .insertInto('notices')
      .values(Array.from({ length: 12 }, (_, i) => ({ title: `测试公告${i}`, content: '内容', created_at: now + i, sort: 100 + i })))
      .execute();
    // this process's cache lasts a few seconds: read through a new content service
    const content = createContent(t.ctx, (await import('../site/index.ts')).createSiteService(t.ctx)).service;
    const a = await content.notices(1);
    const b = await content.notices(2);
    const c = await content.notices(a.last_page + 1);
    expect(a.total).toBe(p1.data.total + 12);
    expect(a.last_page).toBe(Math.ceil(a.total / NOTICES_PER_PAGE));
    expect(a.data[0].title).toBe('测试公告11');
    expect(b.data.length).toBe(Math.min(NOTICES_PER_PAGE, a.total - NOTICES_PER_PAGE));
    expect(new Set([...a.data, ...b.data].map((n) => n.id)).size).toBe(a.data.length + b.data.length);
    expect(c.data).toEqual([]);
    expect(c.current_page).toBe(a.last_page + 1);

    expect(await t.post('/api/noticeList', { page: 0 })).toMatchObject({ code: 400, message: MSG.badRequest });
    expect(await t.post('/api/noticeList', { page: 'abc' })).toMatchObject({ code: 400, message: MSG.badRequest });
    expect((await t.post('/api/noticeList', {})).data.current_page).toBe(1);
  });

  it('activitytype answers the type ids the promotion filter uses', async () => {
    const r = await t.post('/api/activitytype', {});
    expect(r.code).toBe(200);
    const byId = Object.fromEntries(r.data.map((x: { id: number; name: string }) => [x.id, x.name]));
    expect(byId).toMatchObject({ 1: '综合', 5: '棋牌', 11: '捕鱼' });
    expect(r.data.length).toBeGreaterThanOrEqual(4);
  });

  it('activitylist lists all or one type, paged, with sanitized HTML and our own banners', async () => {
    const all = await t.post('/api/activitylist', {});
    expect(all.code).toBe(200);
    expect(all.data).toMatchObject({ current_page: 1, per_page: ACTIVITIES_PER_PAGE, last_page: 1 });
    expect(all.data.total).toBeGreaterThanOrEqual(8);
    const types = new Set(all.data.data.map((a: { type: number }) => a.type));
    expect(types.size).toBeGreaterThanOrEqual(4);
    for (const a of all.data.data) {
      expect(Object.keys(a).sort()).toEqual(['banner', 'content', 'id', 'memo', 'title', 'type']);
      expect(a.banner).toMatch(/^\/media\/activities\/[a-z0-9-]+\.svg$/);
      expect(a.content).toMatch(/<h3>/);
      expect(a.memo).not.toMatch(/[<>]/);
    }
    expect((await t.post('/api/activitylist', { type: 0 })).data.total).toBe(all.data.total);

    for (const type of [1, 5, 11]) {
      const r = await t.post('/api/activitylist', { type, page: 1 });
      expect(r.data.data.length).toBeGreaterThan(0);
      expect(r.data.data.every((a: { type: number }) => a.type === type)).toBe(true);
    }
    // a type with no promotions, a page past the last one: empty lists
    expect((await t.post('/api/activitylist', { type: 999 })).data).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect((await t.post('/api/activitylist', { page: 2 })).data).toMatchObject({ data: [], current_page: 2, total: all.data.total });
    expect(await t.post('/api/activitylist', { type: -1 })).toMatchObject({ code: 400, message: CONTENT_MSG.activityType });
    expect(await t.post('/api/activitylist', { type: '1; drop table activities' })).toMatchObject({ code: 400, message: CONTENT_MSG.activityType });
    expect(await t.post('/api/activitylist', { page: -3 })).toMatchObject({ code: 400, message: MSG.badRequest });
  });

  it('activitydeatil answers one promotion; unknown or bad ids are refused with 活动不存在或已结束', async () => {
    const list = (await t.post('/api/activitylist', {})).data.data;
    const r = await t.post('/api/activitydeatil', { id: list[0].id });
    expect(r).toMatchObject({ code: 200, data: list[0] });
    expect(await t.post('/api/activitydeatil', { id: String(list[0].id) })).toMatchObject({ code: 200 });
    expect(await t.post('/api/activitydeatil', { id: 987654 })).toEqual({ code: 404, message: CONTENT_MSG.activityNotFound, data: null });
    for (const id of [undefined, 0, -1, 'abc', 1.5, {}]) {
      expect(await t.post('/api/activitydeatil', { id })).toMatchObject({ code: 400, message: CONTENT_MSG.activityNotFound });
    }
  });

  it('article answers every help type, privacy (6) and terms (9) with substantial text', async () => {
    for (const type of [...HELP_TYPES, 6, 9]) {
      const r = await t.post('/api/article', { type });
      expect(r.code, `type ${type}`).toBe(200);
      expect(r.data).toMatchObject({ type, title: ARTICLE_TITLES[type] });
      expect(r.data.content.length).toBeGreaterThan(300);
      expect(r.data.content).not.toMatch(/\{brand\}|<script/);
    }
    expect((await t.post('/api/article', { type: 9 })).data.content).toMatch(/18 周岁/);
    expect((await t.post('/api/article', { type: 8 })).data.content).toMatch(/18 周岁/);
    for (const type of [0, 10, 'x', null, undefined]) {
      expect(await t.post('/api/article', { type })).toMatchObject({ code: 400, message: CONTENT_MSG.articleType });
    }
  });

  it('uservip answers 10 levels with rising thresholds (yuan) and rebate percents', async () => {
    const r = await t.post('/api/uservip', {});
    expect(r.code).toBe(200);
    expect(r.data.map((v: { level: number }) => v.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const key of ['recharge', 'flow', 'realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery']) {
      const values = r.data.map((v: Record<string, number>) => v[key]);
      for (let i = 1; i < values.length; i++) expect(values[i], key).toBeGreaterThan(values[i - 1]);
    }
    expect(Object.keys(r.data[0]).sort()).toEqual(['e_sport', 'electron', 'flow', 'joker', 'level', 'lottery', 'name', 'realperson', 'recharge', 'sport']);
    // stored exactly: fen and basis points
    const row = await t.ctx.db.selectFrom('vip_levels').selectAll().where('level', '=', 1).executeTakeFirstOrThrow();
    expect(r.data[0].recharge).toBe(Number(row.recharge_fen) / 100);
    expect(r.data[0].realperson).toBe(row.realperson_bp / 100);
  });

  it('service and agent URLs default to our own pages, relative without PUBLIC_URL (never the Host header)', async () => {
    const headers = { host: 'casino.test:8443' };
    expect(await t.post('/api/getservicerurl', {}, { headers })).toMatchObject({ code: 200, data: { url: '/support/' } });
    expect((await t.get('/api/getAgentLoginUrl')).data.url).toBe('/support/agent');
    // no entry address is seeded: nothing to send a visitor to
    expect(await t.get('/api/getVisitUrl')).toMatchObject({ code: CODE.notFound, message: CONTENT_MSG.noVisitUrl, data: null });
  });

  it('sponsors answers two partners whose pages and logos we serve', async () => {
    const r = await t.post('/api/sponsors', {});
    expect(r.data.map((s: { type: number }) => s.type)).toEqual([1, 2]);
    for (const s of r.data) {
      expect(Object.keys(s).sort()).toEqual(['logo', 'name', 'slogan', 'type', 'url']);
      expect(s.url).toBe(`/partners/${s.type}`);
      const page = await t.http.inject({ method: 'GET', url: s.url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(s.name);
      const logo = await t.http.inject({ method: 'GET', url: s.logo });
      expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
    expect((await t.http.inject({ method: 'GET', url: '/partners/3' })).statusCode).toBe(404);
  });

  it('serves every seeded picture as SVG with a long cache, and nothing else under /media', async () => {
    for (const name of mediaNames()) {
      const r = await t.http.inject({ method: 'GET', url: `/media/${name}.svg` });
      expect(r.statusCode, name).toBe(200);
      expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(String(r.headers['cache-control'])).toMatch(/max-age=\d{6,}/);
      expect(r.body.startsWith('<svg')).toBe(true);
      expect(r.body).not.toMatch(/<script|on\w+=|href="http/);
    }
    for (const url of ['/media/banners/nope.svg', '/media/banners/welcome.png', '/media/../app.ts', '/media/banners/..%2F..%2Fapp.ts', '/media/x/welcome.svg', '/media/banners/constructor.svg']) {
      expect((await t.http.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('the support and agent pages are our own HTML with the brand escaped', async () => {
    // the app's own settings: set here, its cached copy is dropped at once (no cache time to wait out)
    const site = t.site;
    await site.set('title', '鼎盛<script>alert(1)</script>"娱乐');
    const s = await t.http.inject({ method: 'GET', url: '/support/' });
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(s.body).toContain('在线客服中心');
    expect(s.body).toContain('id="ticket-form"');
    const a = await t.http.inject({ method: 'GET', url: '/support/agent' });
    expect(a.body).toContain('href="/#/applyagent"');
    // the app download default: our own install guide, where appInfo points
    const d = await t.http.inject({ method: 'GET', url: '/download/' });
    expect(d.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(d.body).toContain('添加到主屏幕');
    const app = (await t.post('/api/app', {})).data as { ios_download_url: string; ios_download_qrcode: string };
    expect([app.ios_download_url, app.ios_download_qrcode]).toEqual(['/download/', '/download/']);
    // the brand is read from settings: escaped on every page
    for (const url of ['/support/', '/support/agent', '/partners/1', '/download/']) {
      const body = (await t.http.inject({ method: 'GET', url })).body;
      expect(body, url).toContain('鼎盛&lt;script&gt;alert(1)&lt;/script&gt;&quot;娱乐');
      expect(body, url).not.toContain('<script>alert(1)');
    }
    await site.set('title', '鼎盛娱乐');
  });
});

describe('content store: HTML is sanitized when stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  const HOSTILE =
    '<h3 onclick="steal()">标题</h3><script>alert(1)</script><p style="color:red" class="note evil">段落<img src="x.png" onerror="alert(1)"></p>' +
    '<a href="javascript:alert(1)">坏链接</a><a href="JaVaScRiPt:alert(2)">大小写</a><a href="/#/vip" target="_blank">VIP</a>' +
    '<iframe src="https://evil.example"></iframe><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"><img src="https://cdn.example/a.png" alt="ok">' +
    '<ul><li>一</li></ul><table><tr><th>表头</th><td>单元</td></tr></table><form action="/x"><input name="a"></form><svg onload="alert(1)"></svg>';

  it('saveActivity strips scripts, handlers and javascript: URLs but keeps the allowed tags', async () => {
    const { saveActivity, service } = createContent(t.ctx, (await import('../site/index.ts')).createSiteService(t.ctx));
    const id = await saveActivity({ type: 5, title: '  <b>测试</b>活动 ', banner: '/media/activities/card-newbie.svg', content: HOSTILE, memo: '说明' });
    expect(id).toBeGreaterThan(0);
    const a = await service.activity(id!);
    expect(a.content).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<form|<input|style=|data:|<svg/i);
    expect(a.content).toContain('<h3>标题</h3>');
    expect(a.content).toContain('<p class="note">段落<img src="x.png" /></p>');
    expect(a.content).toContain('<a href="/#/vip" target="_blank" rel="noopener noreferrer">VIP</a>');
    expect(a.content).toContain('<img src="https://cdn.example/a.png" alt="ok" />');
    expect(a.content).toContain('<ul><li>一</li></ul>');
    expect(a.content).toContain('<th>表头</th><td>单元</td>');
    expect(a.content).toContain('<a>坏链接</a>');
    // the member-facing call answers the stored, cleaned HTML
    expect((await t.post('/api/activitydeatil', { id })).data.content).toBe(a.content);
    // update in place
    expect(await saveActivity({ id: id!, type: 5, title: '改', banner: a.banner, content: '<p>新<script>x</script></p>' })).toBe(id);
    expect((await service.activity(id!)).content).toBe('<p>新</p>');
  });

  it('saveArticle sanitizes too, and the seed does not overwrite an operator\'s article', async () => {
    const { saveArticle, service } = createContent(t.ctx, (await import('../site/index.ts')).createSiteService(t.ctx));
    await saveArticle({ type: 4, content: HOSTILE });
    const a = await service.article(4);
    expect(a.title).toBe('联系我们');
    expect(a.content).not.toMatch(/<script|onerror|javascript:/i);
    expect(a.content).toContain('<h3>标题</h3>');
    // a later seed run keeps it
    const { seedContent } = await import('../../db/seed/content.ts');
    await seedContent(t.ctx, (await import('../site/index.ts')).createSiteService(t.ctx));
    expect((await service.article(4)).content).toBe(a.content);
    await expect(saveArticle({ type: 42, content: 'x' })).rejects.toThrow();
  });

  it('seeding twice inserts nothing new', async () => {
    const before = await Promise.all((['activities', 'articles', 'notices', 'banners'] as const).map((x) => count(t, x)));
    const { seedContent } = await import('../../db/seed/content.ts');
    await seedContent(t.ctx, (await import('../site/index.ts')).createSiteService(t.ctx));
    const after = await Promise.all((['activities', 'articles', 'notices', 'banners'] as const).map((x) => count(t, x)));
    expect(after).toEqual(before);
  });
});

describe('support tickets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  const send = async (body: unknown, ip = '10.0.0.1', raw = false) => {
    const res = await t.http.inject({
      method: 'POST',
      url: '/support/api/ticket',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'user-agent': 'vitest' },
      payload: raw ? (body as string) : JSON.stringify(body),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('stores a valid ticket as plain text', async () => {
    const r = await send({ name: ' 王先生 ', contact: 'demo888', content: '存款未到账 <b>订单</b> 123' });
    expect(r).toEqual({ code: 200, message: CONTENT_MSG.ticketOk, data: null });
    const row = await t.ctx.db.selectFrom('support_tickets').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '王先生', contact: 'demo888', content: '存款未到账 <b>订单</b> 123', ip: '10.0.0.1', user_agent: 'vitest', state: 0 });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await count(t, 'support_tickets');
    const cases: [unknown, string][] = [
      [{ contact: 'abc', content: '问题描述很长' }, CONTENT_MSG.ticketContact],
      [{ contact: 'x'.repeat(65), content: '问题描述很长' }, CONTENT_MSG.ticketContact],
      [{ contact: 'demo888', content: '短' }, CONTENT_MSG.ticketContent],
      [{ contact: 'demo888', content: '长'.repeat(501) }, CONTENT_MSG.ticketContent],
      [{ contact: 'demo888', content: '   \n   ' }, CONTENT_MSG.ticketContent],
      [{ name: '名'.repeat(21), contact: 'demo888', content: '问题描述很长' }, CONTENT_MSG.ticketName],
      [{ name: 5, contact: 'demo888', content: '问题描述很长' }, CONTENT_MSG.ticketName],
      [[1, 2], CONTENT_MSG.ticketContent],
    ];
    for (const [body, message] of cases) expect(await send(body, '10.0.0.2')).toMatchObject({ code: 400, message });
    expect(await send('{not json', '10.0.0.2', true)).toMatchObject({ code: 400, message: MSG.badRequest });
    expect(await send(JSON.stringify({ contact: 'demo888', content: 'x'.repeat(9000) }), '10.0.0.2', true)).toMatchObject({ code: 413, message: MSG.bodyTooLarge });
    expect(await count(t, 'support_tickets')).toBe(before);
  });

  it('limits tickets per address: the sixth within 10 minutes is refused and not stored', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 5; i++) expect((await send({ contact: 'demo888', content: `第${i}条留言内容` }, ip)).code).toBe(200);
    const before = await count(t, 'support_tickets');
    const r = await send({ contact: 'demo888', content: '第六条留言内容' }, ip);
    expect(r.code).toBe(429);
    expect(r.message).toMatch(/操作过于频繁，请\d+分钟后再试！/);
    expect(await count(t, 'support_tickets')).toBe(before);
    // another address is not affected
    expect((await send({ contact: 'demo888', content: '另一位会员的留言' }, '10.0.0.4')).code).toBe(200);
  });
});

describe('GET /api/getVisitUrl: an entry address only when one is set elsewhere (issue 19)', () => {
  let t: TestApp;
  const PUBLIC = 'https://m.site.test';
  beforeAll(async () => {
    t = await startApp({ publicUrl: PUBLIC });
  });
  afterAll(() => t.stop());

  const none = { code: CODE.notFound, message: CONTENT_MSG.noVisitUrl, data: null };

  it('answers no address while h5_url is empty or this site itself, and the address set otherwise', async () => {
    expect(await t.get('/api/getVisitUrl')).toMatchObject(none);
    // the site's own address, however it is spelled, would only reload the page
    for (const self of [PUBLIC, `${PUBLIC}/`, 'HTTPS://M.SITE.TEST:443/', `${PUBLIC}/#/register`]) {
      await t.site.set('h5_url', self);
      expect(await t.get('/api/getVisitUrl'), self).toMatchObject(none);
    }
    await t.site.set('h5_url', 'https://m2.site.test/');
    expect(await t.get('/api/getVisitUrl')).toEqual({ code: 200, message: MSG.ok, data: { url: 'https://m2.site.test/' } });
    // another port or scheme is another origin; a bare origin gains its '/' (the original appends register?pid=)
    await t.site.set('h5_url', 'http://m.site.test');
    expect(await t.get('/api/getVisitUrl')).toMatchObject({ code: 200, data: { url: 'http://m.site.test/' } });
    await t.site.set('h5_url', '');
    expect(await t.get('/api/getVisitUrl')).toMatchObject(none);
  });

  it('a database still holding the demo address an earlier seed stored loses it; an operator\'s own address stays', async () => {
    // the migration's step (024_entry_vip1), run again on this migrated database
    const { clearSeededEntryUrl, OLD_SEEDED_H5_URL } = await import('../../db/migrations/024_entry_vip1.ts');
    const stored = async () => JSON.parse((await t.ctx.db.selectFrom('settings').select('value').where('key', '=', 'h5_url').executeTakeFirstOrThrow()).value);
    await t.site.set('h5_url', OLD_SEEDED_H5_URL);
    expect((await t.get('/api/getVisitUrl')).code).toBe(200);
    await clearSeededEntryUrl(t.ctx.db);
    expect(await stored()).toBe('');
    t.site.forget();
    expect(await t.get('/api/getVisitUrl')).toMatchObject(none);
    expect((await t.post('/api/app')).data.h5_url).toBe('');
    await t.site.set('h5_url', 'https://m.other-site.test/');
    await clearSeededEntryUrl(t.ctx.db);
    expect(await stored()).toBe('https://m.other-site.test/');
  });
});
