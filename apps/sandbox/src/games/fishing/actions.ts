import { insufficient, PlayError, stake, yuan, type Action } from '../play.ts';
import { CANNON_FEN, FISH, shoot, type FishKind } from './engine.ts';

export const fishingActions: Record<string, Action> = {
  state() {
    return { fish: FISH, cannons: CANNON_FEN };
  },
  async shoot(ctx, body) {
    const bet = stake(body.bet_fen, 10);
    if (!CANNON_FEN.includes(bet)) throw new PlayError('bad_bet', '炮台倍数不正确');
    const kind = body.fish;
    if (typeof kind !== 'string' || !FISH.some((f) => f.kind === kind)) throw new PlayError('bad_bet', '目标不正确');
    const r = shoot(kind as FishKind, bet, ctx.rng);
    const detail = `炮值 ${yuan(bet)} · 击中${r.fish.name}（${r.fish.mult}倍） · ${r.caught ? `捕获 +${yuan(r.payout)}` : '未捕获'}`;
    const res = await ctx.rounds.playRound({ username: ctx.username, game: ctx.game, stake: bet, payout: r.payout, valid: bet, detail }, ctx.now);
    if (!res.ok) throw insufficient();
    return { bet_id: res.bet_id, caught: r.caught, mult: r.fish.mult, payout_fen: r.payout, balance_fen: res.balance };
  },
};
