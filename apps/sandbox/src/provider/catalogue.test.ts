import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../testing.ts';
import { CATEGORY_IDS } from './types.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('catalogue', () => {
  it('has the venues, categories and games the site needs', async () => {
    const { venues, games } = await sb.client.catalogue();
    expect(venues.length).toBeGreaterThanOrEqual(14);
    expect(games.length).toBeGreaterThanOrEqual(120);
    const codes = venues.map((v) => v.platform);
    for (const p of ['obgdy', 'fgdz', 'pp', 'ae', 'ag', 'ky', 'sb']) expect(codes).toContain(p);
    for (const c of CATEGORY_IDS) expect(games.some((g) => g.category_id === c && g.app_state === 1)).toBe(true);
    for (const p of ['obgdy', 'fgdz', 'pp', 'ae']) {
      const own = games.filter((g) => g.platform_name === p && g.category_id === 'concise');
      expect(own.length).toBeGreaterThanOrEqual(10);
      // the home page's slots tab shows one game per venue that is neither hot nor new
      expect(own.some((g) => !g.is_hot && !g.is_new)).toBe(true);
    }
    expect(new Set(games.map((g) => g.game_code)).size).toBe(games.length);
    expect(games.filter((g) => g.app_state === 0).length).toBeGreaterThan(0);
    expect(games.filter((g) => g.app_state === 0).length).toBeLessThan(10);
    expect(games.some((g) => g.is_hot === 1)).toBe(true);
    for (const g of games) {
      expect(g).toMatchObject({ name: expect.any(String), game_code: expect.any(String), platform_name: expect.any(String) });
      expect(g.api_logo_img).toBe(`/sandbox/provider/art/${g.platform_name}/${g.game_code}.svg`);
      expect(g.mobile_img).toBe(g.api_logo_img);
      expect(codes).toContain(g.platform_name);
    }
    for (const v of venues) expect(/[\u4e00-\u9fff]/.test(v.name)).toBe(true);
  });

  it('serves every tile as SVG', async () => {
    const { games, venues } = await sb.client.catalogue();
    for (const g of games) {
      const res = await fetch(sb.origin + g.api_logo_img);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const svg = await res.text();
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(g.name);
      expect(svg).not.toMatch(/(href|src)="http/);
    }
    const logo = await fetch(sb.origin + venues[0].logo_img);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await fetch(`${sb.providerUrl}/art/pp/nothing.svg`)).status).toBe(404);
  });

  it('absolute URLs when a public base URL is set', async () => {
    const other = await startSandbox({ publicBaseUrl: 'https://games.example/' });
    try {
      const { games } = await other.client.catalogue();
      expect(games[0].api_logo_img).toMatch(/^https:\/\/games\.example\/sandbox\/provider\/art\//);
      await other.client.createPlayer({ username: 'abs00001' });
      const { url } = await other.client.launch({ username: 'abs00001', platform: 'pp', game_code: 'pp_gates' });
      expect(url).toMatch(/^https:\/\/games\.example\/sandbox\/provider\/play\?token=/);
    } finally {
      await other.close();
    }
  });
});
