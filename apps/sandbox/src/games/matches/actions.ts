import { PlayError, insufficient, stake, yuan, type Action, type PlayContext } from '../play.ts';
import { isSport, type Pick, type Sport } from './engine.ts';
import { fixtureRef, type Matches } from './service.ts';

const sportOf = (ctx: PlayContext): Sport => (isSport(ctx.game.theme) ? ctx.game.theme : 'football');

/** board and betting for the football and e-sports games (same rules, different sides) */
export function matchActions(matches: Matches): Record<string, Action> {
  return {
    state(ctx) {
      return matches.board(sportOf(ctx), ctx.game, ctx.username, ctx.now);
    },
    async bet(ctx, body) {
      matches.settleDue(ctx.now);
      const id = body.fixture_id;
      const f = typeof id === 'number' && Number.isSafeInteger(id) ? matches.fixture(id, ctx.now) : null;
      if (!f || f.sport !== sportOf(ctx)) throw new PlayError('bad_bet', '赛事不存在');
      if (f.state !== 'upcoming') throw new PlayError('betting_closed', '比赛已开始，停止投注');
      const pick = body.pick as Pick;
      const odds = pick === 'home' || pick === 'draw' || pick === 'away' ? f.odds[pick] : null;
      if (!odds) throw new PlayError('bad_bet', '投注项不正确');
      if (body.odds_x100 !== undefined && body.odds_x100 !== odds) throw new PlayError('odds_changed', '赔率已变化，请重新确认');
      const s = stake(body.stake_fen, 100);
      const pickName = pick === 'home' ? `${f.home}胜` : pick === 'away' ? `${f.away}胜` : '平局';
      const detail = `${f.league} ${f.home} vs ${f.away} · ${pickName} @${(odds / 100).toFixed(2)} · 投注 ${yuan(s)}`;
      const res = await ctx.rounds.placeOpenBet(
        { username: ctx.username, game: ctx.game, stake: s, ref: fixtureRef(f.id), pick, odds_x100: odds, detail },
        ctx.now,
      );
      if (!res.ok) throw insufficient();
      return { bet_id: res.bet_id, status: 2, stake_fen: s, odds_x100: odds, balance_fen: res.balance };
    },
  };
}
