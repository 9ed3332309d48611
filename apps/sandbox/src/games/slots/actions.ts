import { insufficient, PlayError, stake, yuan, type Action } from '../play.ts';
import type { Theme } from '../../provider/catalogue.ts';
import { spin, STAKES_FEN } from './engine.ts';

/** symbol names per theme, as the game page draws them (view.html THEMES) */
const HIGH: Partial<Record<Theme, [string, string, string]>> = {
  fortune: ['龙', '福', '寿'], fruit: ['7', 'BAR', '铃铛'], ocean: ['鲸', '鲨', '贝'], gems: ['红钻', '绿宝石', '蓝宝石'],
  egypt: ['法', '蛇', '甲'], candy: ['心', '星', '糖'], myth: ['神', '雷', '盾'], space: ['星', '月', '舰'], jungle: ['狮', '虎', '象'],
};
const LOW: Partial<Record<Theme, string[]>> = { fruit: ['樱桃', '柠檬', '橙子', '西瓜', '葡萄'] };
const symbolName = (theme: Theme, s: number) =>
  s === 0 ? '百搭' : s <= 3 ? (HIGH[theme] ?? HIGH.fortune!)[s - 1] : (LOW[theme] ?? ['A', 'K', 'Q', 'J', '10'])[s - 4];

export const slotActions: Record<string, Action> = {
  async spin(ctx, body) {
    const s = stake(body.stake_fen, 10);
    if (!STAKES_FEN.includes(s)) throw new PlayError('bad_bet', '请选择有效的投注额');
    const r = spin(s, ctx.rng);
    const best = r.wins.reduce<(typeof r.wins)[number] | null>((a, w) => (!a || w.pay_fen > a.pay_fen ? w : a), null);
    const detail = r.payout_fen
      ? `投注 ${yuan(s)} · 中奖 ${r.wins.length} 线（最高 ${best!.count}连${symbolName(ctx.game.theme, best!.symbol)}）· 派彩 ${yuan(r.payout_fen)}`
      : `投注 ${yuan(s)} · 未中奖`;
    const res = await ctx.rounds.playRound({ username: ctx.username, game: ctx.game, stake: s, payout: r.payout_fen, valid: s, detail }, ctx.now);
    if (!res.ok) throw insufficient();
    return { bet_id: res.bet_id, stake_fen: s, grid: r.grid, wins: r.wins, payout_fen: r.payout_fen, balance_fen: res.balance };
  },
};
