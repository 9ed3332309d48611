import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

describe('POST /api/app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('answers every appInfo field of the spec from the seeded settings', async () => {
    const reply = await t.post('/api/app');
    expect(reply.code).toBe(200);
    expect(Object.keys(reply.data).sort()).toEqual(
      // the spec's fields, plus our messaging-app links (issue 15)
      ['title', 'site_state', 'repair_tips', 'redpacket_switch', 'index_modal', 'webcontent', 'h5_url', 'ios_download_url', 'ios_download_qrcode', 'tg_login_url', 'tg_bot_url'].sort(),
    );
    // no bot or messaging-app login until an operator sets one: the site hides those links
    expect(reply.data).toMatchObject({ tg_login_url: '', tg_bot_url: '' });
    expect(reply.data).toMatchObject({ title: '鼎盛娱乐', site_state: 1, redpacket_switch: 1, index_modal: 1 });
    expect(reply.data.repair_tips).toMatch(/维护/);
    // no entry address of its own until an operator sets one (issue 19: never a made-up domain)
    expect(reply.data.h5_url).toBe('');
  });

  it('answers site_state 0 and the repair tips once an operator closes the site', async () => {
    const site = (await import('./index.ts')).createSiteService(t.ctx);
    await site.set('site_state', 0);
    await site.set('repair_tips', '系统升级中，预计 02:00 恢复');
    // another process's cache lasts at most a few seconds; this one was just cleared
    const fresh = (await import('./index.ts')).createSiteService(t.ctx);
    expect(await fresh.appInfo()).toMatchObject({ site_state: 0, repair_tips: '系统升级中，预计 02:00 恢复' });
  });

  it('seeding again keeps what operators changed', async () => {
    const site = (await import('./index.ts')).createSiteService(t.ctx);
    await site.seed();
    expect((await site.appInfo()).site_state).toBe(0);
  });
});
