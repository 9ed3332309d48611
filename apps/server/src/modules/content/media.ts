/**
 * Artwork of the seeded content, drawn here as SVG and served by our own server
 * (GET /media/<folder>/<name>.svg): home banners, promotion banners, sponsor logos.
 * Nothing is fetched from outside. Texts are escaped; every drawing is built from shapes.
 */
import { escapeHtml as esc } from './sanitize.ts';

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',sans-serif";
const W = 750;
const H = 300;

type Motif = 'chips' | 'cards' | 'ball' | 'fish' | 'slot' | 'crown' | 'gift' | 'shield' | 'phone' | 'redpacket' | 'gamepad' | 'trophy' | 'lottery' | 'dealer';

interface BannerArt {
  /** background: two stops of the diagonal gradient */
  bg: [string, string];
  /** accent colour of the motif glow */
  accent: string;
  kicker: string;
  title: string;
  sub: string;
  motif: Motif;
}

const GOLD = `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbe7b5"/><stop offset=".5" stop-color="#e6c074"/><stop offset="1" stop-color="#b8893d"/></linearGradient>`;

function chip(x: number, y: number, r: number, color: string): string {
  const notches = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    const cx = x + Math.cos(a) * r * 0.82;
    const cy = y + Math.sin(a) * r * 0.82;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="#fff" opacity=".9"/>`;
  }).join('');
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>${notches}<circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="none" stroke="#fff" stroke-width="${r * 0.06}" stroke-dasharray="${r * 0.18} ${r * 0.12}"/><circle cx="${x}" cy="${y}" r="${r * 0.42}" fill="url(#gold)"/></g>`;
}

function card(x: number, y: number, rot: number, suit: string, color: string, rank: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-42" y="-60" width="84" height="120" rx="10" fill="#fff" stroke="#e6c074" stroke-width="3"/><text x="-30" y="-32" font-size="24" font-weight="700" fill="${color}" font-family="Georgia,serif">${rank}</text><text x="0" y="18" font-size="46" text-anchor="middle" fill="${color}">${suit}</text></g>`;
}

const MOTIFS: Record<Motif, (accent: string) => string> = {
  chips: (a) => `${chip(600, 170, 70, '#c0392b')}${chip(520, 215, 46, '#1f6f5c')}${chip(680, 235, 40, a)}`,
  cards: () => `${card(540, 160, -16, '♠', '#17234a', 'A')}${card(610, 150, 0, '♥', '#d03a3a', 'K')}${card(680, 165, 16, '♦', '#d03a3a', 'Q')}`,
  dealer: () => `${card(560, 175, -10, '♣', '#17234a', '9')}${card(640, 170, 10, '♥', '#d03a3a', '8')}${chip(700, 245, 34, '#1f6f5c')}<ellipse cx="600" cy="262" rx="150" ry="18" fill="#0b3d2e" opacity=".55"/>`,
  ball: (a) =>
    `<circle cx="610" cy="160" r="92" fill="#fff"/><polygon points="610,118 650,147 635,194 585,194 570,147" fill="#17234a"/>` +
    `<g stroke="#17234a" stroke-width="5" fill="none"><path d="M610 118 L610 70"/><path d="M650 147 L695 130"/><path d="M635 194 L664 236"/><path d="M585 194 L556 236"/><path d="M570 147 L525 130"/></g>` +
    `<circle cx="610" cy="160" r="92" fill="none" stroke="${a}" stroke-width="6"/>`,
  fish: (a) =>
    `<g transform="translate(600 160)"><path d="M-110 0 C-60 -70 60 -70 95 0 C60 70 -60 70 -110 0 Z" fill="${a}"/><path d="M90 0 L150 -45 L140 0 L150 45 Z" fill="${a}" opacity=".85"/>` +
    `<circle cx="-60" cy="-12" r="12" fill="#fff"/><circle cx="-57" cy="-12" r="6" fill="#101a36"/><path d="M-20 -40 C0 -10 0 10 -20 40" stroke="#fff" stroke-width="5" fill="none" opacity=".6"/>` +
    `<path d="M20 -44 C40 -10 40 10 20 44" stroke="#fff" stroke-width="5" fill="none" opacity=".4"/></g>` +
    `<g fill="#bfe9ff" opacity=".7"><circle cx="470" cy="90" r="10"/><circle cx="490" cy="60" r="6"/><circle cx="700" cy="80" r="8"/><circle cx="720" cy="250" r="5"/></g>`,
  slot: (a) =>
    `<rect x="500" y="60" width="220" height="190" rx="22" fill="url(#gold)"/><rect x="518" y="90" width="184" height="110" rx="12" fill="#101a36"/>` +
    [0, 1, 2].map((i) => `<rect x="${526 + i * 60}" y="98" width="48" height="94" rx="8" fill="#fff"/><text x="${550 + i * 60}" y="162" font-size="46" font-weight="800" text-anchor="middle" fill="${i === 1 ? a : '#d03a3a'}" font-family="Georgia,serif">7</text>`).join('') +
    `<rect x="560" y="214" width="100" height="22" rx="11" fill="#101a36" opacity=".35"/><line x1="735" y1="90" x2="735" y2="170" stroke="#e6c074" stroke-width="8" stroke-linecap="round"/><circle cx="735" cy="84" r="14" fill="#d03a3a"/>`,
  crown: (a) =>
    `<g transform="translate(610 165)"><path d="M-110 50 L-120 -50 L-60 0 L0 -80 L60 0 L120 -50 L110 50 Z" fill="url(#gold)" stroke="#fff5d6" stroke-width="4"/>` +
    `<rect x="-110" y="50" width="220" height="32" rx="8" fill="url(#gold)"/><circle cx="0" cy="20" r="18" fill="${a}"/><circle cx="-60" cy="28" r="11" fill="#3fa7ff"/><circle cx="60" cy="28" r="11" fill="#3fa7ff"/>` +
    `<circle cx="-120" cy="-56" r="10" fill="#fff5d6"/><circle cx="0" cy="-86" r="10" fill="#fff5d6"/><circle cx="120" cy="-56" r="10" fill="#fff5d6"/></g>`,
  gift: (a) =>
    `<g transform="translate(610 170)"><rect x="-95" y="-30" width="190" height="110" rx="10" fill="${a}"/><rect x="-105" y="-62" width="210" height="40" rx="8" fill="${a}" opacity=".9"/>` +
    `<rect x="-16" y="-62" width="32" height="142" fill="url(#gold)"/><path d="M0 -62 C-40 -120 -95 -90 -60 -62 Z" fill="url(#gold)"/><path d="M0 -62 C40 -120 95 -90 60 -62 Z" fill="url(#gold)"/></g>`,
  shield: (a) =>
    `<g transform="translate(610 160)"><path d="M0 -100 L85 -68 L85 0 C85 60 40 92 0 108 C-40 92 -85 60 -85 0 L-85 -68 Z" fill="url(#gold)"/>` +
    `<path d="M0 -78 L64 -54 L64 0 C64 46 30 72 0 86 C-30 72 -64 46 -64 0 L-64 -54 Z" fill="#101a36"/><path d="M-32 2 L-8 28 L36 -24" stroke="${a}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`,
  phone: (a) =>
    `<g transform="translate(610 160)"><rect x="-62" y="-118" width="124" height="236" rx="20" fill="#0b1226" stroke="url(#gold)" stroke-width="6"/><rect x="-50" y="-96" width="100" height="180" rx="8" fill="${a}"/>` +
    `<rect x="-38" y="-80" width="76" height="40" rx="6" fill="#fff" opacity=".85"/><rect x="-38" y="-30" width="34" height="34" rx="6" fill="#fff" opacity=".6"/><rect x="4" y="-30" width="34" height="34" rx="6" fill="#fff" opacity=".6"/>` +
    `<rect x="-38" y="14" width="76" height="16" rx="8" fill="url(#gold)"/><circle cx="0" cy="100" r="7" fill="#e6c074"/></g>`,
  redpacket: () =>
    `<g transform="translate(600 160) rotate(-8)"><rect x="-70" y="-100" width="140" height="200" rx="16" fill="#d7263d"/><path d="M-70 -70 Q0 -20 70 -70 L70 -84 Q70 -100 54 -100 L-54 -100 Q-70 -100 -70 -84 Z" fill="#b5172b"/>` +
    `<circle cx="0" cy="-40" r="30" fill="url(#gold)"/><text x="0" y="-29" font-size="30" font-weight="800" text-anchor="middle" fill="#b5172b" font-family="${FONT}">福</text></g>` +
    `<g transform="translate(700 200) rotate(14)"><rect x="-38" y="-54" width="76" height="108" rx="10" fill="#e0374c"/><circle cx="0" cy="-16" r="16" fill="url(#gold)"/></g>`,
  gamepad: (a) =>
    `<g transform="translate(610 165)"><path d="M-120 -30 C-120 -70 -80 -70 -40 -62 L40 -62 C80 -70 120 -70 120 -30 L135 60 C140 95 100 105 80 75 L55 40 L-55 40 L-80 75 C-100 105 -140 95 -135 60 Z" fill="#0b1226" stroke="url(#gold)" stroke-width="6"/>` +
    `<rect x="-88" y="-22" width="52" height="16" rx="4" fill="${a}"/><rect x="-70" y="-40" width="16" height="52" rx="4" fill="${a}"/>` +
    `<circle cx="62" cy="-28" r="11" fill="#e6c074"/><circle cx="86" cy="-6" r="11" fill="#d03a3a"/><circle cx="38" cy="-6" r="11" fill="#3fa7ff"/><circle cx="62" cy="16" r="11" fill="#24a36b"/></g>`,
  trophy: (a) =>
    `<g transform="translate(610 160)"><path d="M-70 -90 L70 -90 L62 -10 C55 30 25 48 0 50 C-25 48 -55 30 -62 -10 Z" fill="url(#gold)"/>` +
    `<path d="M-66 -70 C-120 -70 -118 0 -58 6" stroke="url(#gold)" stroke-width="12" fill="none"/><path d="M66 -70 C120 -70 118 0 58 6" stroke="url(#gold)" stroke-width="12" fill="none"/>` +
    `<rect x="-12" y="48" width="24" height="40" fill="url(#gold)"/><rect x="-56" y="86" width="112" height="26" rx="6" fill="#0b1226" stroke="url(#gold)" stroke-width="4"/><path d="M0 -62 L10 -38 L36 -36 L16 -20 L22 6 L0 -8 L-22 6 L-16 -20 L-36 -36 L-10 -38 Z" fill="${a}"/></g>`,
  lottery: (a) =>
    [
      [540, 150, '#d03a3a', '8'],
      [610, 120, '#3fa7ff', '3'],
      [680, 160, a, '6'],
      [575, 225, '#24a36b', '1'],
      [650, 225, '#8e5bd6', '9'],
    ]
      .map(([x, y, c, n]) => `<circle cx="${x}" cy="${y}" r="36" fill="${c}"/><circle cx="${x}" cy="${y}" r="20" fill="#fff"/><text x="${x}" y="${Number(y) + 9}" font-size="24" font-weight="800" text-anchor="middle" fill="#101a36" font-family="Georgia,serif">${n}</text>`)
      .join(''),
};

/** rough width of a text in em: CJK and full-width characters 1, others about half */
const ems = (text: string) => Array.from(text).reduce((n, ch) => n + (/[\u0000-\u00ff]/.test(ch) ? 0.56 : 1), 0);

function bannerSvg(art: BannerArt): string {
  // the headline keeps clear of the drawing on the right (x < 480)
  const titleSize = Math.min(46, Math.floor(430 / ems(art.title)));
  const subSize = Math.min(24, Math.floor(440 / ems(art.sub)));
  const sparkles = [
    [60, 40, 3],
    [300, 30, 2],
    [420, 270, 3],
    [720, 30, 2],
    [470, 40, 2],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#f6dfa6" opacity=".7"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(art.title)}">
<defs>${GOLD}<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.bg[0]}"/><stop offset="1" stop-color="${art.bg[1]}"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${art.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${art.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="610" cy="160" r="190" fill="url(#glow)"/>
<path d="M0 250 C180 210 320 300 520 250 S760 220 750 220 L750 300 L0 300 Z" fill="#000" opacity=".16"/>
<path d="M-20 60 C160 10 320 110 470 40" stroke="url(#gold)" stroke-width="2" fill="none" opacity=".5"/>
${sparkles}
${MOTIFS[art.motif](art.accent)}
<g font-family="${FONT}">
<rect x="44" y="58" width="${Math.max(96, art.kicker.length * 22 + 28)}" height="34" rx="17" fill="url(#gold)"/>
<text x="58" y="82" font-size="20" font-weight="700" fill="#101a36">${esc(art.kicker)}</text>
<text x="44" y="148" font-size="${titleSize}" font-weight="800" fill="#fff">${esc(art.title)}</text>
<text x="44" y="196" font-size="${subSize}" fill="#f6dfa6">${esc(art.sub)}</text>
</g>
</svg>`;
}

function logoSvg(kind: 'club' | 'esports', label: string, initials: string): string {
  const inner =
    kind === 'club'
      ? `<path d="M100 22 L164 44 L164 100 C164 146 132 170 100 182 C68 170 36 146 36 100 L36 44 Z" fill="#17234a" stroke="url(#gold)" stroke-width="7"/>` +
        `<path d="M36 92 L164 92" stroke="#1f6f5c" stroke-width="18"/><circle cx="100" cy="92" r="26" fill="#fff"/><polygon points="100,78 112,87 107,101 93,101 88,87" fill="#17234a"/>`
      : `<polygon points="100,18 172,60 172,140 100,182 28,140 28,60" fill="#17234a" stroke="url(#gold)" stroke-width="7"/>` +
        `<path d="M58 120 L100 54 L142 120 Z" fill="none" stroke="#3fa7ff" stroke-width="8" stroke-linejoin="round"/><circle cx="100" cy="102" r="12" fill="#e6c074"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${esc(label)}"><defs>${GOLD}</defs>${inner}<text x="100" y="${kind === 'club' ? 152 : 160}" font-size="22" font-weight="800" text-anchor="middle" fill="#f6dfa6" font-family="Georgia,serif" letter-spacing="2">${esc(initials)}</text></svg>`;
}

/** Every seeded picture: folder -> name -> its art. */
const ART: Record<string, Record<string, BannerArt>> = {
  banners: {
    welcome: { bg: ['#1d2b58', '#0b1226'], accent: '#e6c074', kicker: '新会员专享', title: '首存礼金 最高888元', sub: '注册即享 · 在线支付自动入账 · 在线客服', motif: 'gift' },
    vip: { bg: ['#2a1f4f', '#0f1330'], accent: '#e6c074', kicker: 'VIP 特权', title: '十级VIP 尊享晋级礼金', sub: '专属客服 · 更高返水 · 生日礼金', motif: 'crown' },
    sports: { bg: ['#0f3b3a', '#0b1a2c'], accent: '#24a36b', kicker: '体育赛事', title: '串关加奖 每日不停', sub: '足球 · 篮球 · 网球 超千场赛事在线', motif: 'ball' },
    live: { bg: ['#4a1726', '#140c1c'], accent: '#d03a3a', kicker: '真人视讯', title: '真人百家乐 每日返水', sub: '高清直播 · 专业荷官 · 多桌同玩', motif: 'chips' },
    security: { bg: ['#14305a', '#0a1630'], accent: '#3fa7ff', kicker: '安全保障', title: '资金安全 存取无忧', sub: '多重加密 · 独立账户 · 理性娱乐', motif: 'shield' },
    app: { bg: ['#173e63', '#0b1226'], accent: '#3fa7ff', kicker: 'APP 下载', title: '随时随地 掌上娱乐', sub: '扫码下载官方APP · 登录更快更稳定', motif: 'phone' },
  },
  activities: {
    'first-deposit': { bg: ['#1d2b58', '#0b1226'], accent: '#e6c074', kicker: '综合优惠', title: '新会员首存礼金', sub: '首笔存款最高赠送888元', motif: 'gift' },
    'daily-redpacket': { bg: ['#5a1420', '#1c0b14'], accent: '#d7263d', kicker: '每日红包', title: '天天抢红包', sub: '每日10:00-12:00 准时开抢', motif: 'redpacket' },
    'vip-upgrade': { bg: ['#2a1f4f', '#0f1330'], accent: '#e6c074', kicker: 'VIP 晋级', title: '晋级礼金 逐级领取', sub: '十级晋级礼金累计最高58888元', motif: 'crown' },
    'live-rebate': { bg: ['#4a1726', '#140c1c'], accent: '#d03a3a', kicker: '真人视讯', title: '真人视讯无上限返水', sub: '最高1.5% 每日结算 自助领取', motif: 'dealer' },
    'slot-bonus': { bg: ['#3d1f5c', '#120c26'], accent: '#8e5bd6', kicker: '电子游戏', title: '电子连赢加赠', sub: '单局爆奖 再享额外彩金', motif: 'slot' },
    'sports-parlay': { bg: ['#0f3b3a', '#0b1a2c'], accent: '#24a36b', kicker: '体育赛事', title: '体育串关加奖', sub: '3串1起 最高加奖30%', motif: 'ball' },
    'card-newbie': { bg: ['#1f3d2b', '#0b1a14'], accent: '#24a36b', kicker: '棋牌游戏', title: '棋牌新手保护金', sub: '首周输额返还 最高188元', motif: 'cards' },
    'fishing-rank': { bg: ['#0d4a6b', '#061a2c'], accent: '#3fc6ff', kicker: '捕鱼游戏', title: '捕鱼达人周榜', sub: '每周排行 前20名瓜分奖金', motif: 'fish' },
    'esports-weekly': { bg: ['#172a5a', '#0a0f26'], accent: '#3fa7ff', kicker: '电子竞技', title: '电竞周周赛事加赠', sub: '热门赛事 投注即享额外返利', motif: 'gamepad' },
  },
};

const LOGOS: Record<string, string> = {
  'harbor-fc': logoSvg('club', '海港联足球俱乐部', 'HGFC'),
  'star-ring': logoSvg('esports', '星环电竞', 'SRG'),
};

const cache = new Map<string, string>();

/** The SVG text of /media/<folder>/<name>.svg, or null when there is no such picture. */
export function mediaSvg(folder: string, name: string): string | null {
  const key = `${folder}/${name}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let svg: string | null = null;
  if (folder === 'sponsors') svg = Object.hasOwn(LOGOS, name) ? LOGOS[name] : null;
  else if (Object.hasOwn(ART, folder) && Object.hasOwn(ART[folder], name)) svg = bannerSvg(ART[folder][name]);
  if (svg) cache.set(key, svg);
  return svg;
}

/** URL path of a seeded picture */
export const mediaPath = (folder: 'banners' | 'activities' | 'sponsors', name: string) => `/media/${folder}/${name}.svg`;

/** names per folder (tests check that each one is served) */
export function mediaNames(): string[] {
  return [
    ...Object.entries(ART).flatMap(([folder, items]) => Object.keys(items).map((n) => `${folder}/${n}`)),
    ...Object.keys(LOGOS).map((n) => `sponsors/${n}`),
  ];
}
