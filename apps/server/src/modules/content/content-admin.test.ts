import fs from 'node:fs';
import path from 'node:path';
import { CODE, CONTENT_ADMIN_MSG, CONTENT_UPLOAD_LIMITS, SETTINGS_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { testClock } from '../../../test/wait.ts';
import { GIF_1X1, makePng, multipartBody } from '../profile/testing.ts';

/** a JPEG's head: SOI, APP0 (JFIF), SOF0 with height 16 and width 32, EOI */
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000' + 'ffc0001108' + '0010' + '0020' + '03012200021101031101' + 'ffd9',
  'hex',
);
/** a lossless WebP's head: RIFF/WEBP, VP8L chunk, signature 0x2f, 20 x 10 pixels */
function webp(w = 20, h = 10): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8L', 8, 'latin1');
  b.writeUInt32LE(20, 16);
  b[20] = 0x2f;
  b.writeUInt32LE(((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14), 21);
  return b;
}
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe('back-office content calls (issue 13)', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let editor: string;

  const call = (p: string, body: unknown = {}, token = owner) => t.post(`/admin/api/${p}`, body, { token });
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();
  const lastAudit = async (action: string) => {
    const rows = await audits(action);
    const row = rows.at(-1)!;
    return { ...row, detail: JSON.parse(row.detail) };
  };
  const upload = async (parts: Parameters<typeof multipartBody>[0], opts: { token?: string; contentType?: string } = {}) => {
    const { body, contentType } = multipartBody(parts);
    const res = await t.http.inject({
      method: 'POST',
      url: '/admin/api/banners/upload',
      headers: { 'content-type': opts.contentType ?? contentType, authorization: `Bearer ${opts.token ?? owner}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const stored = () => {
    const dir = path.join(t.ctx.config.dataDir, 'uploads', 'banners');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await call('operators/create', { username: 'money_one', password: 'finance123', role: 'finance' });
    finance = (await t.post('/admin/api/login', { username: 'money_one', password: 'finance123' })).data.token;
    await call('operators/create', { username: 'words_one', password: 'content123', role: 'content' });
    editor = (await t.post('/admin/api/login', { username: 'words_one', password: 'content123' })).data.token;
  });
  afterAll(() => t.stop());

  it('refuses every call to a role without content.manage (403), and the upload before reading it', async () => {
    const calls = [
      'banners/list', 'banners/create', 'banners/update', 'banners/delete', 'banners/upload',
      'notices/list', 'notices/create', 'notices/update', 'notices/delete',
      'articles/list', 'articles/get', 'articles/update', 'sponsors/list', 'sponsors/update',
      'banks/list', 'banks/create', 'banks/update',
    ];
    for (const p of calls) expect(await call(p, { id: 1, type: 1 }, finance), p).toMatchObject({ code: CODE.forbidden });
    expect(await upload([{ field: 'file', filename: 'a.png', type: 'image/png', data: makePng() }], { token: finance })).toMatchObject({ code: CODE.forbidden });
    expect(stored()).toEqual([]);
    // the content editor role holds it
    expect((await call('banners/list', {}, editor)).code).toBe(200);
    // no operator token at all
    expect((await t.post('/admin/api/banners/list', {})).code).toBe(CODE.unauthorized);
  });

  describe('banners', () => {
    let picture: string;

    it('uploads PNG, JPEG and WebP judged by their bytes, served with that type and nosniff, audited', async () => {
      const png = await upload([{ field: 'file', filename: 'banner.bin', type: 'application/octet-stream', data: makePng(75, 30) }]);
      expect(png).toMatchObject({ code: 200, message: CONTENT_ADMIN_MSG.uploaded, data: { type: 'image/png', width: 75, height: 30 } });
      picture = png.data.url;
      expect(picture).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
      const jpg = await upload([{ field: 'file', filename: 'x.png', type: 'image/png', data: JPEG }]);
      expect(jpg).toMatchObject({ code: 200, data: { type: 'image/jpeg', width: 32, height: 16 } });
      expect(jpg.data.url).toMatch(/\.jpg$/);
      const wp = await upload([{ field: 'file', filename: 'w.webp', type: 'image/webp', data: webp(20, 10) }]);
      expect(wp).toMatchObject({ code: 200, data: { type: 'image/webp', width: 20, height: 10 } });
      expect(stored()).toHaveLength(3);

      const res = await t.http.inject({ method: 'GET', url: jpg.data.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.rawPayload.equals(JPEG)).toBe(true);
      expect((await t.http.inject({ method: 'GET', url: '/uploads/banners/..%2F..%2Fcasino.db' })).statusCode).toBe(404);
      expect((await t.http.inject({ method: 'GET', url: `/uploads/banners/${'0'.repeat(32)}.png` })).statusCode).toBe(404);

      const a = await lastAudit('content.upload');
      expect(a.target).toBe(`upload:${wp.data.url}`);
      expect(a.detail).toMatchObject({ before: null, after: { url: wp.data.url, type: 'image/webp' } });
    });

    it('refuses SVG, HTML named .png, GIF, oversize, empty and missing files, storing nothing', async () => {
      const before = stored();
      const cases: [Parameters<typeof multipartBody>[0], string][] = [
        [[{ field: 'file', filename: 'logo.svg', type: 'image/svg+xml', data: SVG }], CONTENT_ADMIN_MSG.uploadType],
        [[{ field: 'file', filename: 'innocent.png', type: 'image/png', data: HTML }], CONTENT_ADMIN_MSG.uploadType],
        [[{ field: 'file', filename: 'a.gif', type: 'image/gif', data: GIF_1X1 }], CONTENT_ADMIN_MSG.uploadType],
        [[{ field: 'file', filename: 'huge.png', type: 'image/png', data: Buffer.concat([makePng(), Buffer.alloc(CONTENT_UPLOAD_LIMITS.maxBytes)]) }], CONTENT_ADMIN_MSG.uploadTooLarge],
        [[{ field: 'file', filename: 'wide.png', type: 'image/png', data: makePng(5000, 1) }], CONTENT_ADMIN_MSG.uploadSize],
        [[{ field: 'file', filename: 'empty.png', type: 'image/png', data: '' }], CONTENT_ADMIN_MSG.uploadMissing],
        [[{ field: 'picture', filename: 'a.png', type: 'image/png', data: makePng() }], CONTENT_ADMIN_MSG.uploadMissing],
        [[], CONTENT_ADMIN_MSG.uploadMissing],
      ];
      for (const [parts, message] of cases) expect(await upload(parts), message).toMatchObject({ code: CODE.invalid, message });
      expect(await call('banners/upload', { file: 'data:image/png;base64,AAAA' })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.uploadMissing });
      expect(stored()).toEqual(before);
    });

    it('validates create with the contract messages, changing nothing', async () => {
      const good = { type: 2, title: '新横幅', src: picture, link: '/vip', sort: 1, state: 1 };
      const before = await t.ctx.db.selectFrom('banners').selectAll().execute();
      const cases: [object, string][] = [
        [{ ...good, title: '' }, CONTENT_ADMIN_MSG.bannerTitle],
        [{ ...good, title: 'x'.repeat(101) }, CONTENT_ADMIN_MSG.bannerTitle],
        [{ ...good, title: '标\u202e题' }, '横幅标题不能包含控制字符或不可见的格式字符'],
        [{ ...good, src: 'https://evil.example/a.png' }, CONTENT_ADMIN_MSG.bannerSrc],
        [{ ...good, src: '/uploads/banners/../../x.png' }, CONTENT_ADMIN_MSG.bannerSrc],
        [{ ...good, src: undefined }, CONTENT_ADMIN_MSG.bannerSrc],
        [{ ...good, link: 'javascript:alert(1)' }, CONTENT_ADMIN_MSG.bannerLink],
        [{ ...good, link: '//evil.example' }, CONTENT_ADMIN_MSG.bannerLink],
        [{ ...good, sort: 10000 }, CONTENT_ADMIN_MSG.sort],
        [{ ...good, state: 2 }, CONTENT_ADMIN_MSG.state],
        [{ ...good, type: 7 }, CONTENT_ADMIN_MSG.bannerType],
      ];
      for (const [body, message] of cases) expect(await call('banners/create', body), message).toMatchObject({ code: CODE.invalid, message });
      expect(await call('banners/create', 'not json')).toMatchObject({ code: CODE.invalid });
      expect(await call('banners/create', [])).toMatchObject({ code: CODE.invalid });
      expect(await t.ctx.db.selectFrom('banners').selectAll().execute()).toEqual(before);
    });

    it('create, edit, hide and delete: each audited with before/after, each seen by the member carousel at once', async () => {
      const made = await call('banners/create', { title: '周末加赠', src: picture, link: '/vip', sort: 0 });
      expect(made).toMatchObject({ code: 200, message: CONTENT_ADMIN_MSG.created, data: { type: 2, title: '周末加赠', src: picture, link: '/vip', sort: 0, state: 1 } });
      const id = made.data.id;
      expect(await lastAudit('banner.create')).toMatchObject({ target: `banner:${id}`, detail: { after: { id, title: '周末加赠' } } });
      // sort 0 puts it first on the member's home
      let home = (await t.post('/api/bannerList', { type: 2 })).data;
      expect(home[0]).toEqual({ id, title: '周末加赠', src: picture, pic: picture, link: '/vip' });

      const edited = await call('banners/update', { id, title: '周末加赠 升级', src: picture, link: '/activity', sort: 99, state: 1 });
      expect(edited).toMatchObject({ code: 200, data: { title: '周末加赠 升级', link: '/activity', sort: 99 } });
      const a = await lastAudit('banner.update');
      expect(a.detail.before).toMatchObject({ title: '周末加赠', link: '/vip', sort: 0 });
      expect(a.detail.after).toMatchObject({ title: '周末加赠 升级', link: '/activity', sort: 99 });
      home = (await t.post('/api/bannerList', { type: 2 })).data;
      expect(home.at(-1)).toEqual({ id, title: '周末加赠 升级', src: picture, pic: picture, link: '/activity' });

      await call('banners/update', { id, title: '周末加赠 升级', src: picture, link: '/activity', sort: 99, state: 0 });
      home = (await t.post('/api/bannerList', { type: 2 })).data;
      expect(home.map((b: { id: number }) => b.id)).not.toContain(id);

      // the list filters on the server
      const hidden = await call('banners/list', { state: 0 });
      expect(hidden.data).toMatchObject({ total: 1, data: [{ id, state: 0 }] });
      const found = await call('banners/list', { keyword: '升级', page: 1, per_page: 5 });
      expect(found.data.data.map((b: { id: number }) => b.id)).toEqual([id]);
      const all = await call('banners/list', { per_page: 2, page: 2 });
      expect(all.data).toMatchObject({ total: 7, current_page: 2, per_page: 2, last_page: 4 });
      expect(await call('banners/list', { per_page: 500 })).toMatchObject({ code: CODE.invalid, message: '每页条数必须在1到100之间' });

      expect(await call('banners/delete', { id })).toMatchObject({ code: 200, message: CONTENT_ADMIN_MSG.deleted });
      expect(await lastAudit('banner.delete')).toMatchObject({ target: `banner:${id}`, detail: { before: { title: '周末加赠 升级' }, after: null } });
      expect(await call('banners/delete', { id })).toMatchObject({ code: CODE.notFound, message: CONTENT_ADMIN_MSG.bannerNotFound });
      expect(await call('banners/update', { id, title: 'x', src: picture })).toMatchObject({ code: CODE.notFound, message: CONTENT_ADMIN_MSG.bannerNotFound });
      expect(await audits('banner.delete')).toHaveLength(1);
    });

    it('an edit reaches another server process within seconds (content cache)', async () => {
      const seeded = (await t.post('/api/bannerList', { type: 2 })).data[0];
      // the other process's cache ages on a clock this test moves (no 5 s to sit out)
      const clock = testClock();
      const other = (await import('./service.ts')).createContentService({ ...t.ctx, config: { ...t.ctx.config, cacheNow: clock.now } }, t.site);
      expect((await other.banners(2))[0].title).toBe(seeded.title);
      const row = (await call('banners/list', { keyword: seeded.title })).data.data[0];
      await call('banners/update', { ...row, title: '另一进程可见' });
      // this process answers the edit at once; the other still holds its copy for its cache time (5 s), then reads the table
      expect((await t.post('/api/bannerList', { type: 2 })).data[0].title).toBe('另一进程可见');
      expect((await other.banners(2))[0].title).toBe(seeded.title);
      clock.advance(5_000);
      expect((await other.banners(2))[0].title).toBe('另一进程可见');
      await call('banners/update', { ...row, title: seeded.title });
    });
  });

  describe('notices', () => {
    it('create, edit and delete, the home bar flag reaching /api/homenotice, audited', async () => {
      const bad: [object, string][] = [
        [{ title: '', content: '内容' }, CONTENT_ADMIN_MSG.noticeTitle],
        [{ title: '标题', content: '' }, CONTENT_ADMIN_MSG.noticeContent],
        [{ title: '标题', content: 'x'.repeat(2001) }, CONTENT_ADMIN_MSG.noticeContent],
        [{ title: '标题', content: '内容', on_home: 3 }, CONTENT_ADMIN_MSG.state],
      ];
      for (const [body, message] of bad) expect(await call('notices/create', body), message).toMatchObject({ code: CODE.invalid, message });

      const made = await call('notices/create', { title: '春节维护通知', content: '2月1日凌晨\n系统维护<b>两小时</b>', on_home: 1, sort: 1000 });
      expect(made).toMatchObject({ code: 200, data: { on_home: 1, state: 1 } });
      const id = made.data.id;
      expect(await lastAudit('notice.create')).toMatchObject({ target: `notice:${id}`, detail: { after: { title: '春节维护通知' } } });
      const bar = (await t.post('/api/homenotice', {})).data as string[];
      expect(bar[0]).toBe('春节维护通知：2月1日凌晨 系统维护<b>两小时</b>');
      const list = (await t.post('/api/noticeList', { page: 1 })).data.data;
      expect(list[0]).toMatchObject({ id, title: '春节维护通知' });

      await call('notices/update', { id, title: '春节维护通知（已延期）', content: '改期另行通知', on_home: 0, sort: 1000 });
      const a = await lastAudit('notice.update');
      expect(a.detail).toMatchObject({ before: { on_home: 1, title: '春节维护通知' }, after: { on_home: 0, title: '春节维护通知（已延期）' } });
      expect(((await t.post('/api/homenotice', {})).data as string[]).join('')).not.toContain('春节维护');
      expect((await call('notices/list', { keyword: '延期' })).data.data.map((n: { id: number }) => n.id)).toEqual([id]);
      expect((await call('notices/list', { on_home: 1 })).data.data.every((n: { on_home: number }) => n.on_home === 1)).toBe(true);

      expect((await call('notices/delete', { id })).code).toBe(200);
      expect((await t.post('/api/noticeList', { page: 1 })).data.data[0].id).not.toBe(id);
      expect(await lastAudit('notice.delete')).toMatchObject({ detail: { before: { id }, after: null } });
      expect(await call('notices/delete', { id })).toMatchObject({ code: CODE.notFound, message: CONTENT_ADMIN_MSG.noticeNotFound });
    });
  });

  describe('articles', () => {
    it('lists the nine article types, reads one, and saves through the sanitizing store, audited', async () => {
      const list = await call('articles/list');
      expect(list.data.map((a: { type: number }) => a.type)).toEqual([7, 1, 2, 3, 4, 5, 8, 6, 9]);
      const privacy = await call('articles/get', { type: 6 });
      expect(privacy.data).toMatchObject({ type: 6, title: '隐私政策' });
      expect(privacy.data.content.length).toBeGreaterThan(50);

      const saved = await call('articles/update', {
        type: 6,
        title: '隐私政策（2026版）',
        content: '<h3>总则</h3><p onclick="x()">我们<strong>重视</strong>隐私</p><script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
      });
      expect(saved.code).toBe(200);
      expect(saved.data.content).toBe('<h3>总则</h3><p>我们<strong>重视</strong>隐私</p><img /><a>x</a>');
      const member = await t.post('/api/article', { type: 6 });
      expect(member.data).toEqual({ type: 6, title: '隐私政策（2026版）', content: saved.data.content });
      const a = await lastAudit('article.update');
      expect(a.target).toBe('article:6');
      expect(a.detail.before.title).toBe('隐私政策');
      expect(a.detail.after).toEqual({ title: '隐私政策（2026版）', content: saved.data.content });

      expect(await call('articles/get', { type: 10 })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.articleType });
      expect(await call('articles/update', { type: 6, title: '', content: 'x' })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.articleTitle });
      expect(await call('articles/update', { type: 6, title: 't', content: 'x'.repeat(20_001) })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.articleContent });
      // the longest article fits the JSON body limit even in Chinese
      expect((await call('articles/update', { type: 6, title: '长文', content: `<p>${'隐'.repeat(19_993)}</p>` })).code).toBe(200);
      expect(await call('articles/update', { type: 6, title: 't', content: 'x'.repeat(70_000) })).toMatchObject({ code: CODE.tooLarge });
      expect(await call('articles/update', { type: 6, title: 't', content: 5 })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.articleContent });
      expect((await t.post('/api/article', { type: 6 })).data.title).toBe('长文');
    });
  });

  describe('sponsors', () => {
    it('come from the table (seeded from the constants) and an edit shows on /api/sponsors and /partners/N, escaped', async () => {
      const list = await call('sponsors/list');
      expect(list.data.map((s: { type: number }) => s.type)).toEqual([1, 2]);
      const first = list.data[0];
      expect(first.facts.length).toBeGreaterThan(0);
      const body = { ...first, name: '海港联<script>FC</script>', facts: [['成立', '1998 年'], ['主场', '新体育场']], sections: [{ title: '合作', paragraphs: ['第一段 {brand}', '第二段'] }] };
      delete body.updated_at;
      const saved = await call('sponsors/update', body);
      expect(saved).toMatchObject({ code: 200, data: { name: '海港联<script>FC</script>', facts: [['成立', '1998 年'], ['主场', '新体育场']] } });
      const a = await lastAudit('sponsor.update');
      expect(a.detail.before.name).toBe(first.name);
      expect(a.detail.after.sections).toEqual([{ title: '合作', paragraphs: ['第一段 {brand}', '第二段'] }]);

      const member = (await t.post('/api/sponsors', {})).data;
      expect(member[0]).toMatchObject({ type: 1, name: '海港联<script>FC</script>', url: '/partners/1' });
      const page = await t.http.inject({ method: 'GET', url: '/partners/1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('海港联&lt;script&gt;FC&lt;/script&gt;');
      expect(page.body).not.toContain('<script>FC');
      expect(page.body).toContain('新体育场');
      expect(page.body).toContain('第一段 鼎盛娱乐');

      // hidden: gone from the list and its page
      const second = { ...list.data[1], state: 0 };
      delete second.updated_at;
      expect((await call('sponsors/update', second)).code).toBe(200);
      expect((await t.post('/api/sponsors', {})).data.map((s: { type: number }) => s.type)).toEqual([1]);
      expect((await t.http.inject({ method: 'GET', url: '/partners/2' })).statusCode).toBe(404);

      const bad: [object, string][] = [
        [{ ...body, logo: 'https://evil.example/x.png' }, CONTENT_ADMIN_MSG.sponsorLogo],
        [{ ...body, name: '' }, CONTENT_ADMIN_MSG.sponsorName],
        [{ ...body, facts: [['成立']] }, CONTENT_ADMIN_MSG.sponsorFacts],
        [{ ...body, facts: Array.from({ length: 11 }, () => ['a', 'b']) }, CONTENT_ADMIN_MSG.sponsorFacts],
        [{ ...body, sections: [{ title: '空', paragraphs: [] }] }, CONTENT_ADMIN_MSG.sponsorSections],
        [{ ...body, type: 3 }, CONTENT_ADMIN_MSG.sponsorNotFound],
      ];
      for (const [b, message] of bad) expect(await call('sponsors/update', b), message).toMatchObject({ code: CODE.invalid, message });
    });
  });

  describe('banks', () => {
    it('create, rename, withdraw: what members pick when binding a card follows, audited', async () => {
      const member = await t.register('bankpick01');
      const picks = async () => ((await t.post('/api/banklist', {}, { token: member })).data as { bank_name: string; ico: string }[]).map((b) => b.bank_name);
      expect(await picks()).not.toContain('测试农商银行');

      const bad: [object, string][] = [
        [{ name: '', code: 'abc' }, CONTENT_ADMIN_MSG.bankName],
        [{ name: '测试农商银行', code: 'A B' }, CONTENT_ADMIN_MSG.bankCode],
        [{ name: '测试农商银行', code: 'x' }, CONTENT_ADMIN_MSG.bankCode],
        [{ name: '中国工商银行', code: 'icbc' }, CONTENT_ADMIN_MSG.bankDuplicate],
      ];
      for (const [b, message] of bad) expect(await call('banks/create', b), message).toMatchObject({ code: CODE.invalid, message });

      const made = await call('banks/create', { name: '测试农商银行', code: 'rcb', sort: 1 });
      expect(made).toMatchObject({ code: 200, data: { name: '测试农商银行', code: 'rcb', sort: 1, enabled: 1 } });
      expect((await picks())[0]).toBe('测试农商银行');
      expect(await lastAudit('bank.create')).toMatchObject({ target: `bank:${made.data.id}`, detail: { after: { code: 'rcb' } } });

      expect(await call('banks/update', { id: made.data.id, name: '中国银行', code: 'boc' })).toMatchObject({ code: CODE.invalid, message: CONTENT_ADMIN_MSG.bankDuplicate });
      expect(await call('banks/update', { id: made.data.id, name: '测试农村商业银行', code: 'rcb', sort: 1, enabled: 0 })).toMatchObject({ code: 200, data: { enabled: 0 } });
      const a = await lastAudit('bank.update');
      expect(a.detail).toMatchObject({ before: { name: '测试农商银行', enabled: 1 }, after: { name: '测试农村商业银行', enabled: 0 } });
      expect((await picks()).some((n) => n.startsWith('测试农'))).toBe(false);

      const listed = await call('banks/list', { enabled: 0 });
      expect(listed.data).toMatchObject({ total: 1, data: [{ name: '测试农村商业银行' }] });
      expect((await call('banks/list', { keyword: 'icbc' })).data.data.map((b: { name: string }) => b.name)).toEqual(['中国工商银行']);
      expect((await call('banks/list', { keyword: '%' })).data.total).toBe(0);
      expect(await call('banks/update', { id: 999999, name: 'x', code: 'xx' })).toMatchObject({ code: CODE.notFound, message: CONTENT_ADMIN_MSG.bankNotFound });
    });
  });

  describe('customer-service and agent links (site settings)', () => {
    it('service_url and agent_login_url: set, audited, answered to members; empty falls back to our own pages', async () => {
      expect((await t.post('/api/getservicerurl', {})).data.url).toBe('/support/');
      expect(await call('settings/update', { service_url: 'javascript:alert(1)' })).toMatchObject({ code: CODE.invalid, message: '请留空（使用本站页面）或输入以 http:// 或 https:// 开头的网址' });
      expect(await call('settings/update', { service_url: 'https://kefu.example/chat' }, editor)).toMatchObject({ code: CODE.forbidden });
      const r = await call('settings/update', { service_url: 'https://kefu.example/chat', agent_login_url: 'https://agent.example/' });
      expect(r).toMatchObject({ code: 200, message: SETTINGS_MSG.saved });
      expect((await t.post('/api/getservicerurl', {})).data.url).toBe('https://kefu.example/chat');
      expect((await t.get('/api/getAgentLoginUrl')).data.url).toBe('https://agent.example/');
      const a = await lastAudit('settings.update');
      expect(a.detail).toMatchObject({ before: { service_url: '', agent_login_url: '' }, after: { service_url: 'https://kefu.example/chat' } });
      await call('settings/update', { service_url: '', agent_login_url: '' });
      expect((await t.post('/api/getservicerurl', {})).data.url).toBe('/support/');
      expect((await t.get('/api/getAgentLoginUrl')).data.url).toBe('/support/agent');
    });
  });
});
