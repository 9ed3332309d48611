import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameUrlReply } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { centralFen, expectLedgerSound, newMember, startVenueApp, venueFen, type Member } from '../transfers/testing.ts';

/** Issue 15: the launch reply says what 自动免转 moved, so the site can tell the member. */
describe('getGameUrl names what auto-transfer moved', () => {
  let t: TestApp;
  let m: Member;
  beforeAll(async () => {
    t = await startVenueApp();
    m = await newMember(t, 'autotell01', 123.45);
  });
  afterAll(() => t.stop());

  const launch = (plat: string, code: string) => t.post<GameUrlReply>('/api/getGameUrl', { plat_name: plat, game_code: code, is_mobile_url: 1 }, { token: m.token });

  it('answers null with auto-transfer off, and nothing moves', async () => {
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    const reply = await launch('pp', 'pp_bonanza');
    expect(reply.code, reply.message).toBe(200);
    expect(reply.data.auto_transfer).toBeNull();
    expect(await centralFen(t, m.id)).toBe(12_345);
  });

  it('answers the venue, its name and the amount moved; a second launch with nothing left answers null', async () => {
    await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token });
    const reply = await launch('pp', 'pp_bonanza');
    expect(reply.code, reply.message).toBe(200);
    const venue = await t.ctx.db.selectFrom('venues').select('name').where('platform', '=', 'pp').executeTakeFirstOrThrow();
    expect(reply.data.auto_transfer).toEqual({ platform: 'pp', name: venue.name, amount: 123.45, status: 1 });
    expect(await venueFen(t, m.id, 'pp')).toBe(12_345);
    expect((await launch('pp', 'pp_bonanza')).data.auto_transfer).toBeNull();
    await expectLedgerSound(t);
  });
});
