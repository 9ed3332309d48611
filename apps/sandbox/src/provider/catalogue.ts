import type { CatalogueGame, CatalogueResponse, CatalogueVenue, CategoryId } from './types.ts';

/**
 * The sandbox's venues and games. Every game opens one of the seven playable engines,
 * chosen by its category; the theme picks the tile art and, for slots, the symbol set.
 */
export type Theme =
  | 'fortune' | 'fruit' | 'ocean' | 'gems' | 'egypt' | 'candy' | 'myth' | 'space' | 'jungle'
  | 'baccarat' | 'niuniu' | 'fishing' | 'k3' | 'football' | 'lol' | 'wzry' | 'dota' | 'cs';

export type Engine = 'slots' | 'baccarat' | 'niuniu' | 'fishing' | 'k3' | 'football' | 'esports';

export const ENGINE_OF: Record<CategoryId, Engine> = {
  concise: 'slots',
  realbet: 'baccarat',
  joker: 'niuniu',
  fishing: 'fishing',
  lottery: 'k3',
  sport: 'football',
  gaming: 'esports',
};

export interface GameDef {
  platform: string;
  code: string;
  name: string;
  category: CategoryId;
  theme: Theme;
  /** the big character on the tile */
  glyph: string;
  hot: boolean;
  isNew: boolean;
  /** false: listed with app_state 0 (under maintenance) */
  open: boolean;
}

export interface VenueDef {
  platform: string;
  name: string;
  categories: CategoryId[];
}

// [slug, name, flags (h hot, n new, x maintenance), theme, glyph]
type Row = [string, string, string, Theme, string?];

const VENUES: { platform: string; name: string; games: Partial<Record<CategoryId, Row[]>> }[] = [
  {
    platform: 'ag', name: 'AG真人',
    games: {
      realbet: [
        ['lobby', 'AG真人大厅', 'h', 'baccarat', '真'], ['bac', '经典百家乐', '', 'baccarat', '百'],
        ['speed', '极速百家乐', 'n', 'baccarat', '速'], ['vip', '贵宾百家乐', '', 'baccarat', '贵'],
      ],
      fishing: [['fish', '捕鱼王', 'h', 'fishing', '鱼'], ['fish3d', '捕鱼王3D', 'n', 'fishing', '王']],
    },
  },
  {
    platform: 'bbin', name: 'BBIN真人',
    games: {
      realbet: [
        ['lobby', 'BBIN视讯大厅', '', 'baccarat', '视'], ['bac', '旗舰百家乐', 'h', 'baccarat', '旗'],
        ['multi', '多台百家乐', '', 'baccarat', '多'], ['squeeze', '咪牌百家乐', 'x', 'baccarat', '咪'],
      ],
    },
  },
  {
    platform: 'dg', name: 'DG真人',
    games: {
      realbet: [['lobby', 'DG真人大厅', '', 'baccarat', '聚'], ['bac', '国际百家乐', 'n', 'baccarat', '国'], ['live', '现场百家乐', '', 'baccarat', '现']],
    },
  },
  {
    platform: 'ky', name: '开元棋牌',
    games: {
      joker: [
        ['brnn', '百人牛牛', 'h', 'niuniu', '牛'], ['qznn', '抢庄牛牛', 'h', 'niuniu', '抢'],
        ['kpqz', '看牌抢庄牛牛', '', 'niuniu', '看'], ['tbnn', '通比牛牛', '', 'niuniu', '通'],
        ['jsnn', '极速牛牛', 'n', 'niuniu', '极'], ['lobby', '开元棋牌大厅', '', 'niuniu', '开'],
      ],
    },
  },
  {
    platform: 'leg', name: '乐游棋牌',
    games: {
      joker: [
        ['brnn', '百人牛牛', '', 'niuniu', '百'], ['qznn', '抢庄牛牛', 'n', 'niuniu', '庄'],
        ['tbnn', '通比牛牛', '', 'niuniu', '比'], ['bbn', '百变牛', '', 'niuniu', '变'], ['fknn', '疯狂牛牛', 'x', 'niuniu', '狂'],
      ],
    },
  },
  {
    platform: 'obgdy', name: 'OB电子',
    games: {
      concise: [
        ['caishen', '财神到', 'h', 'fortune', '财'], ['jinlong', '金龙献瑞', '', 'fortune', '龙'],
        ['zhaocaimao', '招财猫', 'n', 'fortune', '猫'], ['mahjong', '麻将来了', '', 'fortune', '中'],
        ['panda', '熊猫传奇', '', 'jungle', '熊'], ['fruitparty', '水果派对', 'h', 'fruit', '果'],
        ['crazyfruit', '疯狂水果', '', 'fruit', '狂'], ['oceantreasure', '海洋宝藏', '', 'ocean', '海'],
        ['deepgems', '深海宝石', '', 'gems', '晶'], ['gemfever', '宝石狂热', 'n', 'gems', '钻'],
        ['cleopatra', '埃及艳后', '', 'egypt', '后'], ['pharaoh', '法老宝藏', '', 'egypt', '法'],
        ['candyparty', '糖果派对', 'h', 'candy', '糖'], ['sweetcandy', '甜蜜糖果', '', 'candy', '甜'],
        ['thor', '雷神之锤', '', 'myth', '雷'], ['olympus', '奥林匹斯', 'n', 'myth', '神'],
        ['starquest', '星际探险', '', 'space', '星'], ['galaxy', '银河宝藏', '', 'space', '宙'],
        ['jungleking', '丛林之王', '', 'jungle', '王'], ['buffalo', '狂野野牛', 'x', 'jungle', '牛'],
      ],
    },
  },
  {
    platform: 'fgdz', name: 'FG电子',
    games: {
      concise: [
        ['facaishu', '发财树', 'h', 'fortune', '发'], ['jinji', '金鸡报喜', '', 'fortune', '鸡'],
        ['niannian', '年年有余', 'n', 'fortune', '余'], ['fuxing', '福星高照', '', 'fortune', '福'],
        ['fruitmachine', '水果机', '', 'fruit', '机'], ['fruitmix', '缤纷水果', '', 'fruit', '缤'],
        ['mermaid', '美人鱼', '', 'ocean', '鱼'], ['pirate', '海盗宝藏', '', 'ocean', '盗'],
        ['diamondking', '钻石之王', '', 'gems', '钻'], ['luckygem', '幸运宝石', '', 'gems', '运'],
        ['pyramid', '金字塔', '', 'egypt', '塔'], ['choco', '巧克力工厂', '', 'candy', '巧'],
        ['chibi', '赤壁之战', '', 'myth', '战'], ['xiyou', '西游记', 'n', 'myth', '西'],
        ['spacebaby', '太空宝贝', '', 'space', '宝'], ['forest', '森林舞会', 'h', 'jungle', '林'],
      ],
      fishing: [['fish', '美人捕鱼', 'h', 'fishing', '美'], ['birds', '捕鸟达人', '', 'fishing', '鸟'], ['thunder', '雷霆捕鱼', 'n', 'fishing', '霆']],
    },
  },
  {
    platform: 'pp', name: 'PP电子',
    games: {
      concise: [
        ['gates', '奥林匹斯之门', 'h', 'myth', '门'], ['bonanza', '甜蜜富矿', 'h', 'candy', '甜'],
        ['wolfgold', '狼之黄金', '', 'jungle', '狼'], ['bigbass', '大鲈鱼', 'n', 'ocean', '鲈'],
        ['sugarrush', '糖果乐园', '', 'candy', '乐'], ['starlight', '星光公主', '', 'myth', '星'],
        ['fruitparty', '狂热水果', '', 'fruit', '热'], ['diamondstrike', '钻石罢工', '', 'gems', '钻'],
        ['rhino', '伟大的犀牛', '', 'jungle', '犀'], ['egyptbook', '埃及之书', '', 'egypt', '书'],
        ['goldmine', '金矿', '', 'gems', '金'], ['dragonkingdom', '龙之王国', '', 'fortune', '龙'],
        ['fivelions', '五狮', '', 'fortune', '狮'], ['crystalcave', '水晶洞穴', '', 'gems', '晶'],
        ['dolphin', '海豚宝藏', '', 'ocean', '豚'], ['hotpepper', '火焰辣椒', '', 'fruit', '火'],
        ['cosmiccat', '宇宙猫', 'n', 'space', '猫'], ['cowboy', '牛仔黄金', '', 'jungle', '仔'],
        ['zeus', '宙斯之力', '', 'myth', '宙'], ['pharaohwrath', '法老之怒', 'x', 'egypt', '怒'],
      ],
    },
  },
  {
    platform: 'ae', name: 'AE电子',
    games: {
      concise: [
        ['threepigs', '三只猪', '', 'jungle', '猪'], ['jinhou', '金猴献瑞', 'h', 'fortune', '猴'],
        ['wufu', '五福临门', '', 'fortune', '福'], ['lucky7', '幸运七', '', 'fruit', '七'],
        ['neonfruit', '霓虹水果', 'n', 'fruit', '虹'], ['coral', '珊瑚礁', '', 'ocean', '瑚'],
        ['seaking', '海王', '', 'ocean', '王'], ['gemcity', '宝石之城', '', 'gems', '城'],
        ['goldgems', '黄金宝石', '', 'gems', '黄'], ['anubis', '阿努比斯', '', 'egypt', '神'],
        ['sugarheart', '糖心', '', 'candy', '心'], ['monkeyking', '齐天大圣', 'h', 'myth', '圣'],
        ['starriver', '星河', '', 'space', '河'], ['pandaland', '熊猫乐园', '', 'jungle', '熊'],
      ],
    },
  },
  {
    platform: 'jdb', name: 'JDB电子',
    games: {
      concise: [
        ['bianlian', '变脸', '', 'fortune', '变'], ['mahjong', '麻雀无双', 'h', 'fortune', '雀'],
        ['fruitlegend', '水果传奇', '', 'fruit', '传'], ['zhaocai', '招财进宝', 'n', 'fortune', '宝'],
        ['seaworld', '海底世界', '', 'ocean', '底'], ['pyramid', '金字塔探秘', '', 'egypt', '秘'],
      ],
      fishing: [
        ['dragon', '龙王捕鱼', 'h', 'fishing', '龙'], ['caishen', '财神捕鱼', '', 'fishing', '财'],
        ['shark', '大白鲨捕鱼', 'n', 'fishing', '鲨'], ['master', '捕鱼达人', '', 'fishing', '达'], ['golden', '金蟾捕鱼', '', 'fishing', '蟾'],
      ],
    },
  },
  {
    platform: 'sb', name: '沙巴体育',
    games: { sport: [['lobby', '沙巴体育', 'h', 'football', '沙'], ['football', '沙巴足球', '', 'football', '足'], ['virtual', '虚拟足球', 'n', 'football', '虚']] },
  },
  {
    platform: 'im', name: 'IM体育',
    games: { sport: [['lobby', 'IM体育', 'h', 'football', '体'], ['football', '足球竞猜', '', 'football', '球'], ['league', '虚拟联赛', '', 'football', '联']] },
  },
  {
    platform: 'imes', name: 'IM电竞',
    games: {
      gaming: [
        ['lobby', 'IM电竞', 'h', 'lol', '竞'], ['lol', '英雄联盟', '', 'lol', '英'], ['wzry', '王者荣耀', 'h', 'wzry', '王'],
        ['dota', 'DOTA2', '', 'dota', 'D'], ['cs', 'CS2', 'n', 'cs', 'C'],
      ],
    },
  },
  {
    platform: 'lh', name: '雷火电竞',
    games: {
      gaming: [
        ['lobby', '雷火电竞', '', 'wzry', '雷'], ['lol', '英雄联盟赛事', '', 'lol', '盟'], ['wzry', '王者荣耀赛事', 'n', 'wzry', '荣'],
        ['dota', 'DOTA2赛事', '', 'dota', '刀'], ['cs', '反恐精英', 'x', 'cs', '枪'],
      ],
    },
  },
  {
    platform: 'vr', name: 'VR彩票',
    games: {
      lottery: [
        ['js', '极速快3', 'h', 'k3', '快'], ['1f', '一分快3', '', 'k3', '一'], ['3f', '三分快3', '', 'k3', '三'],
        ['5f', '五分快3', '', 'k3', '五'], ['xy', '幸运快3', 'n', 'k3', '幸'], ['hy', '好运快3', '', 'k3', '好'],
      ],
    },
  },
  {
    platform: 'tcg', name: 'TCG彩票',
    games: {
      lottery: [
        ['js', '江苏快3', 'h', 'k3', '苏'], ['ah', '安徽快3', '', 'k3', '皖'], ['hb', '湖北快3', '', 'k3', '鄂'],
        ['gx', '广西快3', '', 'k3', '桂'], ['bj', '北京快3', 'n', 'k3', '京'], ['jl', '吉林快3', '', 'k3', '吉'],
      ],
    },
  },
];

export const venues: VenueDef[] = VENUES.map((v) => ({
  platform: v.platform,
  name: v.name,
  categories: Object.keys(v.games) as CategoryId[],
}));

export const games: GameDef[] = VENUES.flatMap((v) =>
  (Object.entries(v.games) as [CategoryId, Row[]][]).flatMap(([category, rows]) =>
    rows.map(([slug, name, flags, theme, glyph]) => ({
      platform: v.platform,
      // globally unique, so a code alone names one game
      code: `${v.platform}_${slug}`,
      name,
      category,
      theme,
      glyph: glyph ?? name[0],
      hot: flags.includes('h'),
      isNew: flags.includes('n'),
      open: !flags.includes('x'),
    })),
  ),
);

const venueByCode = new Map(venues.map((v) => [v.platform, v]));
const gameByKey = new Map(games.map((g) => [`${g.platform}/${g.code}`, g]));

export function findVenue(platform: string): VenueDef | undefined {
  return venueByCode.get(platform);
}

export function findGame(platform: string, code: string): GameDef | undefined {
  return gameByKey.get(`${platform}/${code}`);
}

export function venueName(platform: string): string {
  return venueByCode.get(platform)?.name ?? platform;
}

/** art paths relative to the provider's base URL ({publicBaseUrl}{prefix}/provider) */
export function artPath(platform: string, code: string) {
  return `/art/${encodeURIComponent(platform)}/${encodeURIComponent(code)}.svg`;
}

export function catalogueResponse(providerBase: string): CatalogueResponse {
  const outVenues: CatalogueVenue[] = venues.map((v) => ({
    platform: v.platform,
    name: v.name,
    categories: v.categories,
    logo_img: providerBase + artPath(v.platform, 'logo'),
  }));
  const outGames: CatalogueGame[] = games.map((g) => {
    const img = providerBase + artPath(g.platform, g.code);
    return {
      name: g.name,
      game_code: g.code,
      category_id: g.category,
      platform_name: g.platform,
      is_hot: g.hot ? 1 : 0,
      is_new: g.isNew ? 1 : 0,
      app_state: g.open ? 1 : 0,
      api_logo_img: img,
      mobile_img: img,
    };
  });
  return { venues: outVenues, games: outGames };
}
