import { cardText } from '../cards.ts';
import { TableHistory } from '../history.ts';
import { insufficient, PlayError, stake, yuan, type Action } from '../play.ts';
import { cryptoRng } from '../rng.ts';
import { BACCARAT_BETS, playHand, settle, type BaccaratBet } from './engine.ts';

const NAMES: Record<BaccaratBet, string> = { player: '闲', banker: '庄', tie: '和', player_pair: '闲对', banker_pair: '庄对' };
const WINNER = { player: '闲赢', banker: '庄赢', tie: '和局' } as const;
type Road = { w: 'player' | 'banker' | 'tie'; pp: boolean; bp: boolean };

const roads = new TableHistory<Road>(72, () => {
  const h = playHand(cryptoRng);
  return { w: h.winner, pp: h.player_pair, bp: h.banker_pair };
});

export const baccaratActions: Record<string, Action> = {
  state(ctx) {
    return { road: roads.get(ctx.game.code) };
  },
  async deal(ctx, body) {
    const raw = (body.bets ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new PlayError('bad_bet', '下注内容不正确');
    const bets: Partial<Record<BaccaratBet, number>> = {};
    let total = 0;
    for (const b of BACCARAT_BETS) {
      const s = stake(raw[b], 100, true);
      if (s) bets[b] = s;
      total += s;
    }
    if (Object.keys(raw).some((k) => !BACCARAT_BETS.includes(k as BaccaratBet))) throw new PlayError('bad_bet', '下注内容不正确');
    if (total <= 0) throw new PlayError('bad_bet', '请先下注');
    const hand = playHand(ctx.rng);
    const { payout, valid } = settle(hand, bets);
    const placed = BACCARAT_BETS.filter((b) => bets[b]).map((b) => `${NAMES[b]}${yuan(bets[b]!)}`).join(' ');
    const detail = `闲 ${hand.player.map(cardText).join(' ')}（${hand.player_total}点） 庄 ${hand.banker.map(cardText).join(' ')}（${hand.banker_total}点） · ${WINNER[hand.winner]} · 投注 ${placed}`;
    const res = await ctx.rounds.playRound({ username: ctx.username, game: ctx.game, stake: total, payout, valid, detail }, ctx.now);
    if (!res.ok) throw insufficient();
    roads.push(ctx.game.code, { w: hand.winner, pp: hand.player_pair, bp: hand.banker_pair });
    return { bet_id: res.bet_id, hand, stake_fen: total, payout_fen: payout, valid_fen: valid, balance_fen: res.balance };
  },
};
