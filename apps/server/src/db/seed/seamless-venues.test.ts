import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MSG, type BalanceEntry, type GameUrlReply } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { centralFen, expectLedgerSound, newMember, startVenueApp, venueFen, type Member } from '../../modules/transfers/testing.ts';

/**
 * issue 38: the demo's two seamless venues, the in-process provider told their mode at start,
 * and a member's side of them: no transfer in, no 自动免转, a round moving the central wallet by
 * exactly its result.
 */
describe('demo seamless venues', () => {
  let t: TestApp;
  let m: Member;
  beforeAll(async () => {
    t = await startVenueApp({ seedDemo: true });
    m = await newMember(t, 'seamless01', 100);
  });
  afterAll(() => t.stop());

  /** the provider's own record of a venue's mode (its SQLite file), read without changing it */
  function providerMode(platform: string): string | undefined {
    const db = new Database(path.join(t.ctx.config.sandboxDataDir!, 'sandbox-provider.sqlite'), { readonly: true });
    try {
      const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'venue_modes'").get();
      return hasTable ? (db.prepare('SELECT mode FROM venue_modes WHERE platform = ?').get(platform) as { mode: string } | undefined)?.mode : undefined;
    } finally {
      db.close();
    }
  }

  it('seeds jdb and leg seamless, and the provider learns it once the server listens', async () => {
    const rows = await t.ctx.db.selectFrom('venues').select(['platform', 'mode', 'listed']).where('platform', 'in', ['jdb', 'leg', 'pp']).orderBy('platform').execute();
    expect(rows.map((r) => [r.platform, r.mode, Number(r.listed)])).toEqual([['jdb', 'seamless', 1], ['leg', 'seamless', 1], ['pp', 'transfer', 1]]);
    // the start-up announcement runs after the listen hook's sync: wait for it, not for a time
    await expect.poll(() => providerMode('jdb'), { timeout: 15_000 }).toBe('seamless');
    expect(providerMode('leg')).toBe('seamless');
    expect(providerMode('pp')).toBe('transfer');
  });

  it('balancelist marks them seamless; a transfer into one is refused and moves nothing', async () => {
    const list = await t.post<BalanceEntry[]>('/api/balancelist', {}, { token: m.token });
    expect(list.code).toBe(200);
    expect(list.data.find((v) => v.platname === 'jdb')).toMatchObject({ seamless: 1, balance: 0 });
    expect(list.data.find((v) => v.platname === 'pp')?.seamless).toBeUndefined();
    const moved = await t.post('/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'jdb' }, { token: m.token });
    expect(moved.code).not.toBe(200);
    expect(moved.message).toBe(TRANSFER_MSG.seamlessVenue('JDB电子'));
    expect(await centralFen(t, m.id)).toBe(10_000);
  });

  it('a launch with 自动免转 on moves nothing, and a round moves the central wallet by exactly its result', async () => {
    await expect.poll(() => providerMode('jdb'), { timeout: 15_000 }).toBe('seamless');
    await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token });
    const reply = await t.post<GameUrlReply>('/api/getGameUrl', { plat_name: 'jdb', game_code: 'jdb_bianlian', is_mobile_url: 1 }, { token: m.token });
    expect(reply.code, reply.message).toBe(200);
    expect(reply.data.auto_transfer).toBeNull();
    // not even tried: no transfer of this member was recorded (the provider would refuse it anyway)
    expect(await t.ctx.db.selectFrom('venue_transfers').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect(await centralFen(t, m.id)).toBe(10_000);
    expect(await venueFen(t, m.id, 'jdb')).toBe(0);

    const page = await fetch(new URL(reply.data.url, t.origin));
    const html = await page.text();
    const config = JSON.parse(/<script id="game-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as { api: string; session: string; balance_fen: number; wallet: string };
    expect(config).toMatchObject({ wallet: 'seamless', balance_fen: 10_000 });
    const res = await fetch(new URL(`${config.api}/spin`, t.origin), { method: 'POST', headers: { 'content-type': 'application/json', 'x-game-session': config.session }, body: JSON.stringify({ stake_fen: 1000 }) });
    const spin = (await res.json()) as { bet_id: string; payout_fen: number; balance_fen: number };
    expect(res.status, JSON.stringify(spin)).toBe(200);
    expect(await centralFen(t, m.id)).toBe(10_000 - 1000 + spin.payout_fen);
    expect(spin.balance_fen).toBe(10_000 - 1000 + spin.payout_fen);
    expect(await venueFen(t, m.id, 'jdb')).toBe(0);
    await expectLedgerSound(t);
  });
});
