import { describe, expect, it } from 'vitest';
import { GAME_MSG, gameListByCodeSchema, gameListQuerySchema, gameUrlSchema } from './schemas/games.ts';
import { dateFilterDays } from './schemas/transfers.ts';
import { check } from './validate.ts';

describe('game call schemas', () => {
  it('getGameUrl: a venue is required; an empty game code opens the lobby; mobile by default', () => {
    expect(check(gameUrlSchema, {})).toEqual({ ok: false, message: GAME_MSG.platformRequired });
    expect(check(gameUrlSchema, { plat_name: 'p p' })).toEqual({ ok: false, message: GAME_MSG.unknownVenue });
    expect(check(gameUrlSchema, { plat_name: 'pp', game_code: '<x>' })).toEqual({ ok: false, message: GAME_MSG.unknownGame });
    expect(check(gameUrlSchema, { plat_name: 'pp' })).toEqual({ ok: true, data: { plat_name: 'pp', game_code: null, is_mobile_url: true } });
    expect(check(gameUrlSchema, { plat_name: 'sb', game_type: 0, game_code: 0, is_mobile_url: 0 })).toMatchObject({
      ok: true,
      data: { plat_name: 'sb', game_code: null, is_mobile_url: false },
    });
    expect(check(gameUrlSchema, { plat_name: 'pp', game_code: 'pp_gates', is_mobile_url: 1 })).toMatchObject({ ok: true, data: { game_code: 'pp_gates', is_mobile_url: true } });
  });

  it('game lists', () => {
    expect(check(gameListQuerySchema, {})).toEqual({ ok: true, data: { category: null } });
    expect(check(gameListQuerySchema, { category: 'fishing' })).toEqual({ ok: true, data: { category: 'fishing' } });
    expect(check(gameListQuerySchema, { category: 'casino' })).toEqual({ ok: false, message: GAME_MSG.category });
    expect(check(gameListByCodeSchema, { gamecode: ' pp ' })).toEqual({ ok: true, data: { gamecode: 'pp' } });
    expect(check(gameListByCodeSchema, {})).toEqual({ ok: false, message: GAME_MSG.platformRequired });
  });

  it('date filters cover whole days', () => {
    expect([1, 2, 3, 4].map((d) => dateFilterDays(d as 1 | 2 | 3 | 4))).toEqual([1, 7, 15, 30]);
  });
});
