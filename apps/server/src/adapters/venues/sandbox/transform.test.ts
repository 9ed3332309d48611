import { describe, expect, it } from 'vitest';
import type { BetRecord, CatalogueResponse } from '@casino/sandbox';
import { toBet, toCatalogue, toTransferResult, toTransferStatus } from './transform.ts';

const bet: BetRecord = {
  cursor: '17',
  bet_id: 'PPLX1ABC',
  username: 'cs12',
  platform: 'pp',
  game_code: 'pp_gates',
  game_name: '奥林匹斯之门',
  category_id: 'concise',
  bet_amount_fen: 1000,
  valid_amount_fen: 1000,
  win_loss_fen: -1000,
  status: 1,
  created_at: '2026-01-02T03:04:05.000Z',
  settled_at: '2026-01-02T03:04:06.000Z',
  detail: '投注 10 · 未中奖',
  round_id: 'PPLX1ABC',
  side: null,
};

describe('sandbox records to ours', () => {
  it('a settled bet', () => {
    expect(toBet(bet)).toEqual({
      platform: 'pp',
      betId: 'PPLX1ABC',
      player: 'cs12',
      gameCode: 'pp_gates',
      gameName: '奥林匹斯之门',
      categoryId: 'concise',
      betAmountFen: 1000,
      validAmountFen: 1000,
      winLossFen: -1000,
      status: 1,
      createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      settledAt: Date.UTC(2026, 0, 2, 3, 4, 6),
      detail: '投注 10 · 未中奖',
      roundId: 'PPLX1ABC',
      side: null,
    });
    expect(toBet({ ...bet, round_id: 'fx:12', side: 'away' })).toMatchObject({ roundId: 'fx:12', side: 'away' });
  });

  it('an open bet counts for nothing yet; a void one is kept as void', () => {
    const open = toBet({ ...bet, status: 2, valid_amount_fen: 1000, win_loss_fen: 5, settled_at: null });
    expect(open).toMatchObject({ status: 2, validAmountFen: 0, winLossFen: 0, settledAt: null });
    expect(toBet({ ...bet, status: 0, valid_amount_fen: 0, win_loss_fen: 0 })).toMatchObject({ status: 0, validAmountFen: 0 });
  });

  it('refuses what it cannot read rather than guessing', () => {
    expect(() => toBet({ ...bet, status: 3 as never })).toThrow(/status/);
    expect(() => toBet({ ...bet, bet_amount_fen: 10.5 })).toThrow(/bet_amount_fen/);
    expect(() => toBet({ ...bet, created_at: 'yesterday' })).toThrow(/created_at/);
    expect(() => toBet({ ...bet, category_id: 'casino' as never })).toThrow(/category/);
    expect(() => toTransferResult({ status: 'maybe' } as never)).toThrow();
    expect(() => toTransferStatus({ status: 'pending' } as never)).toThrow();
  });

  it('transfer answers', () => {
    expect(toTransferResult({ transfer_id: 'x', type: 'withdraw', status: 'failed', reason: 'insufficient_balance', amount_fen: 5, balance_fen: 3, created_at: '' })).toEqual({
      status: 'failed',
      reason: 'insufficient_balance',
      balanceFen: 3,
    });
    expect(toTransferResult({ transfer_id: 'x', type: 'deposit', status: 'success', reason: null, amount_fen: 5, balance_fen: 8, created_at: '' })).toEqual({
      status: 'success',
      reason: null,
      balanceFen: 8,
    });
    expect(toTransferStatus({ transfer_id: 'x', status: 'not_found', amount_fen: null, type: null, username: null, platform: null, created_at: null })).toEqual({
      status: 'not_found',
      amountFen: null,
      type: null,
    });
  });

  it('the catalogue', () => {
    const c: CatalogueResponse = {
      venues: [{ platform: 'pp', name: 'PP电子', categories: ['concise'], logo_img: '/a.svg' }],
      games: [
        { name: '门', game_code: 'pp_gates', category_id: 'concise', platform_name: 'pp', is_hot: 1, is_new: 0, app_state: 1, api_logo_img: '/g.svg', mobile_img: '/m.svg' },
        { name: '怒', game_code: 'pp_x', category_id: 'concise', platform_name: 'pp', is_hot: 0, is_new: 1, app_state: 0, api_logo_img: '/x.svg', mobile_img: '/x.svg' },
        { name: '?', game_code: 'pp_y', category_id: 'unknown' as never, platform_name: 'pp', is_hot: 0, is_new: 0, app_state: 1, api_logo_img: '', mobile_img: '' },
      ],
    };
    expect(toCatalogue(c)).toEqual({
      venues: [{ platform: 'pp', name: 'PP电子', categories: ['concise'], logoImg: '/a.svg' }],
      games: [
        { platform: 'pp', gameCode: 'pp_gates', name: '门', categoryId: 'concise', isHot: true, isNew: false, open: true, logoImg: '/g.svg', mobileImg: '/m.svg' },
        { platform: 'pp', gameCode: 'pp_x', name: '怒', categoryId: 'concise', isHot: false, isNew: true, open: false, logoImg: '/x.svg', mobileImg: '/x.svg' },
      ],
    });
  });
});
