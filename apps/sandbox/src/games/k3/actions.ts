import { TableHistory } from '../history.ts';
import { insufficient, PlayError, stake, yuan, type Action } from '../play.ts';
import { cryptoRng } from '../rng.ts';
import { K3_BETS, RETURN_X100, roll, settle, wins } from './engine.ts';

const BET_NAMES: Record<string, string> = { big: '大', small: '小', odd: '单', even: '双', triple_any: '通选豹子' };
export const k3BetName = (b: string) => BET_NAMES[b] ?? (b.startsWith('sum_') ? `和值${b.slice(4)}` : `豹子${b.slice(7)}`);

let period = 0;
const draws = new TableHistory<{ period: string; dice: number[] }>(20, () => ({ period: nextPeriod(Date.now()), dice: roll(cryptoRng) }));

function nextPeriod(now: number) {
  period = (period + 1) % 10000;
  const d = new Date(now + 8 * 3600_000); // Beijing date
  return `${d.toISOString().slice(0, 10).replace(/-/g, '')}${String(period).padStart(4, '0')}`;
}

export const k3Actions: Record<string, Action> = {
  state(ctx) {
    return { history: draws.get(ctx.game.code), returns_x100: RETURN_X100 };
  },
  async roll(ctx, body) {
    const raw = body.bets;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > 40) throw new PlayError('bad_bet', '请先选择投注');
    const bets = raw.map((b: unknown) => {
      const o = (b ?? {}) as Record<string, unknown>;
      if (typeof o.bet !== 'string' || !K3_BETS.includes(o.bet as never)) throw new PlayError('bad_bet', '投注项不正确');
      return { bet: o.bet, stake: stake(o.stake_fen, 100) };
    });
    const total = bets.reduce((a, b) => a + b.stake, 0);
    const dice = roll(ctx.rng);
    const { payout, valid } = settle(dice, bets);
    const id = nextPeriod(ctx.now);
    const detail = `第${id}期 开奖 ${dice.join(' ')}（和值${dice[0] + dice[1] + dice[2]}） · ${bets
      .map((b) => `${k3BetName(b.bet)}${yuan(b.stake)}${wins(b.bet, dice) ? '中' : ''}`)
      .join(' ')}`;
    const res = await ctx.rounds.playRound({ username: ctx.username, game: ctx.game, stake: total, payout, valid, detail }, ctx.now);
    if (!res.ok) throw insufficient();
    draws.push(ctx.game.code, { period: id, dice });
    return {
      bet_id: res.bet_id,
      period: id,
      dice,
      stake_fen: total,
      payout_fen: payout,
      winners: bets.filter((b) => wins(b.bet, dice)).map((b) => b.bet),
      balance_fen: res.balance,
    };
  },
};
