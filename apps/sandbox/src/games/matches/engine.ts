import type { Rng } from '../rng.ts';

/**
 * Simulated matches for the sport (football, 1X2) and e-sports (best of three, two-way)
 * games. A fixture's probabilities come from the two sides' strengths; its odds are
 * floor(0.94 / p) to two decimals, so every selection carries a house edge of at least 6%
 * (README). The result is drawn from the same probabilities when the fixture is made and
 * revealed as match time passes.
 */
export type Sport = 'football' | 'lol' | 'wzry' | 'dota' | 'cs';
export type Pick = 'home' | 'draw' | 'away';

export const MARGIN_RETURN = 0.94;

interface Side {
  name: string;
  strength: number;
}

const FOOTBALL: Side[] = [
  ['北京猛虎', 1.3], ['上海飞鹰', 1.25], ['广州红狮', 1.2], ['深圳海豚', 1.0], ['成都熊猫', 0.95], ['武汉江龙', 1.05],
  ['杭州钱潮', 0.9], ['天津海风', 0.85], ['重庆火锅', 0.8], ['南京紫金', 1.1], ['青岛帆船', 0.9], ['大连星海', 1.15],
  ['西安古城', 0.8], ['长沙湘军', 0.95], ['沈阳铁骑', 1.0], ['厦门白鹭', 0.85],
].map(([name, strength]) => ({ name: name as string, strength: strength as number }));

const ESPORTS: Record<Exclude<Sport, 'football'>, { league: string; teams: Side[] }> = {
  lol: { league: '英雄联盟 · 虚拟职业联赛', teams: sides(['星辰电竞', '雷霆战队', '赤焰', '苍穹', '夜影', '飓风', '龙腾', '白虎'], 1) },
  wzry: { league: '王者荣耀 · 虚拟冠军杯', teams: sides(['破晓', '长风', '凌霄', '惊鸿', '烈阳', '青锋', '墨羽', '天狼'], 2) },
  dota: { league: 'DOTA2 · 虚拟国际邀请赛', teams: sides(['远古之怒', '寒冰王座', '暗夜精灵', '圣堂', '沙王', '风暴之灵'], 3) },
  cs: { league: 'CS2 · 虚拟大师赛', teams: sides(['钢铁之心', '狙击手', '突击者', '黑鹰', '荒漠之狐', '北极熊'], 4) },
};

function sides(names: string[], seed: number): Side[] {
  return names.map((name, i) => ({ name, strength: 0.8 + (((i * 7 + seed * 3) % 10) / 10) * 0.6 }));
}

export const LEAGUE: Record<Sport, string> = {
  football: '虚拟超级联赛',
  lol: ESPORTS.lol.league,
  wzry: ESPORTS.wzry.league,
  dota: ESPORTS.dota.league,
  cs: ESPORTS.cs.league,
};

export const isSport = (s: string): s is Sport => s in LEAGUE;

export interface MatchEvent {
  /** when it happens, as a fraction of the nominal match length (matchMs) */
  at: number;
  side: 'home' | 'away' | null;
  text: string;
}

export interface NewFixture {
  league: string;
  home: string;
  away: string;
  /** probabilities in millionths */
  p: Record<Pick, number>;
  /** decimal odds in hundredths; null where the pick does not exist (no draw in e-sports) */
  odds: Record<Pick, number | null>;
  result: Pick | 'void';
  home_score: number;
  away_score: number;
  events: MatchEvent[];
  /** share of matchMs the fixture lasts (a 2-0 e-sports series ends after two maps, a void one when abandoned) */
  length: number;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
export const oddsFor = (pMillionths: number) => Math.max(101, Math.floor((MARGIN_RETURN * 1e6 * 100) / pMillionths));

function drawPick(p: Record<Pick, number>, rng: Rng): Pick {
  const r = rng.int(1_000_000);
  if (r < p.home) return 'home';
  if (r < p.home + p.draw) return 'draw';
  return 'away';
}

/** `busy`: sides already in a scheduled or running match, left out while enough others remain */
export function makeFixture(sport: Sport, rng: Rng, voidRate = 0, busy: ReadonlySet<string> = new Set()): NewFixture {
  const all = sport === 'football' ? FOOTBALL : ESPORTS[sport].teams;
  const free = all.filter((s) => !busy.has(s.name));
  const pool = free.length >= 2 ? free : all;
  const i = rng.int(pool.length);
  let j = rng.int(pool.length - 1);
  if (j >= i) j++;
  const home = pool[i];
  const away = pool[j];
  // form of the day moves each side's strength by up to ±15%
  const form = () => 0.85 + rng.int(301) / 1000;
  const d = home.strength * form() - away.strength * form() + (sport === 'football' ? 0.12 : 0);
  const p: Record<Pick, number> = { home: 0, draw: 0, away: 0 };
  if (sport === 'football') {
    const draw = Math.min(0.3, Math.max(0.18, 0.28 - 0.12 * Math.abs(d)));
    p.draw = Math.round(draw * 1e6);
    p.home = Math.round((1 - draw) * logistic(2.4 * d) * 1e6);
  } else {
    p.home = Math.round(logistic(2.6 * d) * 1e6);
  }
  p.home = Math.min(Math.max(p.home, 60_000), 1_000_000 - p.draw - 60_000);
  p.away = 1_000_000 - p.home - p.draw;
  const odds = { home: oddsFor(p.home), draw: sport === 'football' ? oddsFor(p.draw) : null, away: oddsFor(p.away) };
  const voided = voidRate > 0 && rng.int(1_000_000) < voidRate * 1_000_000;
  const result = drawPick(p, rng);
  const base = { league: LEAGUE[sport], home: home.name, away: away.name, p, odds };
  const played = sport === 'football' ? footballScore(result, home.name, away.name, rng) : seriesScore(result, home.name, away.name, rng);
  if (!voided) return { ...base, result, ...played };
  // abandoned part-way: the events up to then stay, the bets are void
  const at = 0.3 + rng.int(500) / 1000;
  const events = played.events.filter((e) => e.at < at);
  // goals (football) and maps won (e-sports) are both counted by their events
  const score = (side: 'home' | 'away') => events.filter((e) => e.side === side).length;
  events.push({ at, side: null, text: '比赛中断，本场取消，注单无效' });
  return { ...base, result: 'void', home_score: score('home'), away_score: score('away'), events, length: Math.min(at, played.length) };
}

function footballScore(result: Pick, home: string, away: string, rng: Rng) {
  const goals = () => [0, 0, 1, 1, 1, 2, 2, 3][rng.int(8)];
  let h: number;
  let a: number;
  if (result === 'draw') {
    h = a = goals();
  } else {
    const win = 1 + [0, 0, 0, 1, 1, 2][rng.int(6)];
    const lose = rng.int(win);
    [h, a] = result === 'home' ? [win, lose] : [lose, win];
  }
  const minutes = new Set<number>();
  while (minutes.size < h + a) minutes.add(1 + rng.int(90));
  const order = [...minutes].sort((x, y) => x - y);
  // which of the goals are the home side's: a random subset of size h
  const sidesOf: ('home' | 'away')[] = [...Array(h).fill('home'), ...Array(a).fill('away')];
  for (let k = sidesOf.length - 1; k > 0; k--) {
    const m = rng.int(k + 1);
    [sidesOf[k], sidesOf[m]] = [sidesOf[m], sidesOf[k]];
  }
  const events: MatchEvent[] = order.map((minute, k) => ({
    at: minute / 90,
    side: sidesOf[k],
    text: `${minute}' 进球！${sidesOf[k] === 'home' ? home : away}`,
  }));
  events.push({ at: 0.5, side: null, text: '半场休息' });
  events.sort((x, y) => x.at - y.at);
  return { home_score: h, away_score: a, events, length: 1 };
}

function seriesScore(result: Pick, home: string, away: string, rng: Rng) {
  const loserMaps = rng.int(2); // 2-0 or 2-1
  const winner = result === 'away' ? 'away' : 'home';
  const loser = winner === 'home' ? 'away' : 'home';
  const maps: ('home' | 'away')[] = loserMaps === 0 ? [winner, winner] : rng.int(2) ? [loser, winner, winner] : [winner, loser, winner];
  const events: MatchEvent[] = maps.map((side, k) => ({
    at: (k + 1) / 3,
    side,
    text: `第${k + 1}局 ${side === 'home' ? home : away} 获胜`,
  }));
  return {
    home_score: winner === 'home' ? 2 : loserMaps,
    away_score: winner === 'away' ? 2 : loserMaps,
    events,
    length: maps.length / 3,
  };
}
