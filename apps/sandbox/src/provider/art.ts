import { createHash } from 'node:crypto';
import type { GameDef, Theme, VenueDef } from './catalogue.ts';

/**
 * Tile art drawn as SVG from a game's theme, glyph and name: a gradient card with a
 * sunburst, a theme motif, a large gilded character and a name ribbon. Deterministic per
 * game (variations come from a hash of its code), no external fonts or images.
 */
const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

interface Palette {
  bg: [string, string];
  glow: string;
  ribbon: string;
}

const PALETTES: Record<Theme, Palette[]> = {
  fortune: [{ bg: ['#9b0d14', '#3d0306'], glow: '#ffcf4a', ribbon: '#5a0409' }, { bg: ['#c4161c', '#4a0508'], glow: '#ffe27a', ribbon: '#6b0a0e' }],
  fruit: [{ bg: ['#ff6a3d', '#b3124d'], glow: '#ffe259', ribbon: '#7a0c36' }, { bg: ['#27b35a', '#0d5132'], glow: '#f9ff7a', ribbon: '#0a3d25' }],
  ocean: [{ bg: ['#0aa1c9', '#062a58'], glow: '#7ff3ff', ribbon: '#03264d' }, { bg: ['#1f6fd1', '#0a1f4f'], glow: '#9be8ff', ribbon: '#071a42' }],
  gems: [{ bg: ['#7b2ff7', '#240a4f'], glow: '#f3a6ff', ribbon: '#1d073f' }, { bg: ['#1877c9', '#1b0b47'], glow: '#9ef0ff', ribbon: '#150838' }],
  egypt: [{ bg: ['#d29a2e', '#4a2a06'], glow: '#fff1a8', ribbon: '#3a2104' }, { bg: ['#1d5f8a', '#2c1a05'], glow: '#ffd86b', ribbon: '#241503' }],
  candy: [{ bg: ['#ff74c5', '#7a2cc9'], glow: '#fff0f8', ribbon: '#5b1e96' }, { bg: ['#ff9a5a', '#e0337b'], glow: '#fff3c4', ribbon: '#9c1d55' }],
  myth: [{ bg: ['#3a4fb8', '#0d1233'], glow: '#ffe78a', ribbon: '#0a0e2a' }, { bg: ['#6b2fb2', '#160b33'], glow: '#ffd36b', ribbon: '#120929' }],
  space: [{ bg: ['#2d1b7a', '#05061a'], glow: '#7df9ff', ribbon: '#05061a' }, { bg: ['#5a189a', '#0b0326'], glow: '#ff9df5', ribbon: '#0b0326' }],
  jungle: [{ bg: ['#3f9b3a', '#0f3a1c'], glow: '#f4ff9c', ribbon: '#0b2c15' }, { bg: ['#b86b1f', '#2f3a0c'], glow: '#ffe08a', ribbon: '#2a2108' }],
  baccarat: [{ bg: ['#0f7a4a', '#053322'], glow: '#ffe29a', ribbon: '#042717' }, { bg: ['#12604f', '#04221d'], glow: '#f7d37b', ribbon: '#031a15' }],
  niuniu: [{ bg: ['#b3261e', '#3b0a08'], glow: '#ffd66b', ribbon: '#2e0705' }, { bg: ['#8e3b12', '#2b0f05'], glow: '#ffcf70', ribbon: '#240c04' }],
  fishing: [{ bg: ['#00b4d8', '#023e8a'], glow: '#caf0f8', ribbon: '#01295c' }, { bg: ['#0096c7', '#03045e'], glow: '#ade8f4', ribbon: '#02033f' }],
  k3: [{ bg: ['#e63946', '#5a0d2c'], glow: '#ffe066', ribbon: '#420920' }, { bg: ['#8338ec', '#2b0a5c'], glow: '#ffd166', ribbon: '#200846' }],
  football: [{ bg: ['#2a9d4b', '#0b3d1c'], glow: '#ffffff', ribbon: '#082e15' }, { bg: ['#1b7f79', '#062b32'], glow: '#e6fff7', ribbon: '#042128' }],
  lol: [{ bg: ['#0a3d62', '#050b1e'], glow: '#c8aa6e', ribbon: '#040916' }],
  wzry: [{ bg: ['#c2185b', '#2a0636'], glow: '#ffd1e8', ribbon: '#22042d' }],
  dota: [{ bg: ['#a4161a', '#1a0505'], glow: '#ff8a5b', ribbon: '#140303' }],
  cs: [{ bg: ['#e07a1f', '#1c1a17'], glow: '#ffe1a6', ribbon: '#161411' }],
};

function hash(s: string): number[] {
  return [...createHash('sha256').update(s).digest()];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sunburst(cx: number, cy: number, rays: number, turn: number) {
  let d = '';
  for (let i = 0; i < rays; i++) {
    const a0 = ((i + turn) / rays) * Math.PI * 2;
    const a1 = a0 + Math.PI / rays;
    const r = 260;
    d += `M${cx},${cy}L${(cx + r * Math.cos(a0)).toFixed(1)},${(cy + r * Math.sin(a0)).toFixed(1)}L${(cx + r * Math.cos(a1)).toFixed(1)},${(cy + r * Math.sin(a1)).toFixed(1)}Z`;
  }
  return `<path d="${d}" fill="#fff" opacity=".07"/>`;
}

function sparkle(x: number, y: number, r: number, o = 0.9) {
  const k = r * 0.22;
  return `<path d="M${x},${y - r}Q${x + k},${y - k} ${x + r},${y}Q${x + k},${y + k} ${x},${y + r}Q${x - k},${y + k} ${x - r},${y}Q${x - k},${y - k} ${x},${y - r}Z" fill="#fff" opacity="${o}"/>`;
}

function card(x: number, y: number, rot: number, rank: string, suit: string, red: boolean) {
  const c = red ? '#d0142c' : '#1b1b1b';
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="-30" y="-42" width="60" height="84" rx="7" fill="#fffdf6" stroke="#c9a44c" stroke-width="2"/>
<text x="-22" y="-20" font-size="18" font-weight="700" fill="${c}" font-family="Georgia,serif">${rank}</text><text x="-22" y="-2" font-size="15" fill="${c}">${suit}</text>
<text x="0" y="24" font-size="34" fill="${c}" text-anchor="middle" opacity=".9">${suit}</text></g>`;
}

function die(x: number, y: number, size: number, face: number, rot: number) {
  const pips: Record<number, [number, number][]> = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const h = size / 2;
  const s = size * 0.27;
  const dots = pips[face].map(([a, b]) => `<circle cx="${a * s}" cy="${b * s}" r="${size * 0.09}" fill="${face === 1 || face === 4 ? '#d90429' : '#222'}"/>`).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="${-h}" y="${-h}" width="${size}" height="${size}" rx="${size * 0.18}" fill="#fff" stroke="#e8e8e8" stroke-width="2"/>${dots}</g>`;
}

/** the picture behind the glyph, by theme; h drives small variations */
function motif(theme: Theme, h: number[], p: Palette): string {
  const flip = h[3] % 2 ? 1 : -1;
  switch (theme) {
    case 'fortune':
      return `<circle cx="120" cy="104" r="68" fill="url(#gold)" stroke="#7a3d00" stroke-width="3"/>
<circle cx="120" cy="104" r="56" fill="#b3121b" stroke="#ffe08a" stroke-width="3"/>
${Array.from({ length: 12 }, (_, i) => { const a = (i / 12) * Math.PI * 2; return `<circle cx="${(120 + 62 * Math.cos(a)).toFixed(1)}" cy="${(104 + 62 * Math.sin(a)).toFixed(1)}" r="3" fill="#8a4b00"/>`; }).join('')}`;
    case 'fruit':
      return `<g transform="translate(${120 + 48 * flip} 70)"><path d="M0,-8 Q10,-40 34,-44" stroke="#3b7a1f" stroke-width="4" fill="none"/><path d="M0,-8 Q-4,-34 -20,-42" stroke="#3b7a1f" stroke-width="4" fill="none"/>
<ellipse cx="26" cy="-50" rx="16" ry="8" fill="#49b13a" transform="rotate(-25 26 -50)"/><circle cx="-20" cy="-30" r="19" fill="#e0142e"/><circle cx="-26" cy="-36" r="6" fill="#fff" opacity=".55"/><circle cx="14" cy="6" r="21" fill="#ff1f3d"/><circle cx="7" cy="-1" r="6" fill="#fff" opacity=".55"/></g>
<g transform="translate(${120 - 52 * flip} 138)"><circle r="30" fill="#ff9f1c"/><circle r="24" fill="#ffd166"/>${Array.from({ length: 8 }, (_, i) => `<path d="M0,0L${(22 * Math.cos((i * Math.PI) / 4)).toFixed(1)},${(22 * Math.sin((i * Math.PI) / 4)).toFixed(1)}" stroke="#ff9f1c" stroke-width="2"/>`).join('')}</g>`;
    case 'ocean':
      return `<circle cx="120" cy="104" r="62" fill="${p.glow}" opacity=".18"/>
<path d="M-10,170 Q30,150 60,170 T130,170 T200,170 T270,170 V260 H-10Z" fill="#fff" opacity=".18"/>
<path d="M-10,186 Q30,166 60,186 T130,186 T200,186 T270,186 V260 H-10Z" fill="#fff" opacity=".15"/>
${[18, 11, 7, 13, 5].map((r, i) => `<circle cx="${40 + ((h[i + 5] * 7) % 160)}" cy="${40 + ((h[i + 9] * 3) % 110)}" r="${r}" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/>`).join('')}`;
    case 'gems':
      return `<g transform="translate(120 104)"><path d="M-62,-22 L-34,-58 H34 L62,-22 L0,62Z" fill="${p.glow}" opacity=".9"/>
<path d="M-62,-22 H62 L0,62Z" fill="#fff" opacity=".25"/><path d="M-34,-58 L-18,-22 L0,-58 L18,-22 L34,-58" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/>
<path d="M-18,-22 L0,62 L18,-22" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/></g>`;
    case 'egypt':
      return `<circle cx="${120 + 40 * flip}" cy="62" r="34" fill="${p.glow}" opacity=".55"/>
<path d="M120,36 L204,170 H36Z" fill="url(#gold)" stroke="#6b4200" stroke-width="3"/><path d="M120,36 L150,170 H204Z" fill="#000" opacity=".18"/>
${[70, 100, 130].map((y) => `<path d="M${120 - (y - 36) * 0.63},${y} H${120 + (y - 36) * 0.63}" stroke="#7a4b00" stroke-width="2" opacity=".5"/>`).join('')}`;
    case 'candy':
      return `<g transform="translate(120 104)"><circle r="62" fill="#fff"/>
<path d="M0,0 m0,-54 a54,54 0 1,1 -1,0 M0,-36 a36,36 0 1,1 -1,0 M0,-18 a18,18 0 1,1 -1,0" fill="none" stroke="${p.bg[0]}" stroke-width="11" opacity=".85"/></g>
<rect x="116" y="160" width="8" height="70" rx="4" fill="#fff" opacity=".9"/>`;
    case 'myth':
      return `<circle cx="120" cy="104" r="64" fill="${p.glow}" opacity=".2"/>
<path d="M${132 + 6 * flip},18 L90,112 H120 L100,196 L158,90 H126 L150,18Z" fill="url(#gold)" stroke="#fff7cc" stroke-width="2"/>
<ellipse cx="60" cy="178" rx="50" ry="14" fill="#fff" opacity=".25"/><ellipse cx="186" cy="170" rx="46" ry="12" fill="#fff" opacity=".2"/>`;
    case 'space':
      return `<circle cx="120" cy="104" r="54" fill="${p.glow}" opacity=".85"/><circle cx="104" cy="88" r="54" fill="${p.bg[0]}" opacity=".35"/>
<ellipse cx="120" cy="104" rx="92" ry="20" fill="none" stroke="#fff" stroke-width="5" opacity=".75" transform="rotate(${-18 * flip} 120 104)"/>
${Array.from({ length: 14 }, (_, i) => `<circle cx="${(h[i] * 11) % 240}" cy="${(h[i + 14] * 7) % 230}" r="${1 + (h[i] % 3)}" fill="#fff" opacity=".8"/>`).join('')}`;
    case 'jungle':
      return `${[-60, -20, 20, 60].map((a, i) => `<path d="M120,210 Q${120 + a * 1.6},${110 - (i % 2) * 20} ${120 + a * 2},${30 + (i % 2) * 20} Q${120 + a * 0.6},${110} 120,210Z" fill="#2d8a2d" opacity=".85" stroke="#9be36b" stroke-width="2"/>`).join('')}
<circle cx="120" cy="104" r="52" fill="${p.glow}" opacity=".25"/>`;
    case 'baccarat':
      return `${card(88, 98, -16, 'A', '♠', false)}${card(152, 98, 14, 'K', '♥', true)}`;
    case 'niuniu':
      return ['10', 'J', 'Q', 'K', 'A'].map((r, i) => card(120 + (i - 2) * 26, 108 + Math.abs(i - 2) * 6, (i - 2) * 14, r, i % 2 ? '♦' : '♣', i % 2 === 1)).join('');
    case 'fishing':
      return `<g transform="translate(120 104) scale(${flip} 1)"><path d="M-70,0 Q-20,-58 44,-18 L78,-44 L70,0 L78,44 L44,18 Q-20,58 -70,0Z" fill="url(#gold)" stroke="#7a4b00" stroke-width="3"/>
<circle cx="-40" cy="-8" r="7" fill="#fff"/><circle cx="-38" cy="-8" r="4" fill="#111"/><path d="M-10,-30 Q0,0 -10,30" stroke="#7a4b00" stroke-width="3" fill="none"/></g>
${[14, 9, 6].map((r, i) => `<circle cx="${190 - i * 18}" cy="${56 - i * 16}" r="${r}" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/>`).join('')}`;
    case 'k3':
      return `${die(70, 70, 58, 1 + (h[1] % 6), -12)}${die(172, 74, 58, 1 + (h[2] % 6), 14)}${die(120, 150, 62, 1 + (h[3] % 6), 4)}`;
    case 'football':
      return `<g transform="translate(120 104)"><circle r="64" fill="#fff" stroke="#222" stroke-width="3"/>
<path d="M0,-22 L21,-7 L13,18 L-13,18 L-21,-7Z" fill="#1b1b1b"/>${[0, 72, 144, 216, 288].map((a) => `<g transform="rotate(${a})"><path d="M0,-22 L0,-40" stroke="#222" stroke-width="3"/><path d="M-14,-62 L0,-40 L14,-62" fill="#1b1b1b"/></g>`).join('')}</g>`;
    default: {
      // e-sports: a neon hexagon shield with crossed blades
      const hex = Array.from({ length: 6 }, (_, i) => { const a = (i / 6) * Math.PI * 2 - Math.PI / 2; return `${(120 + 70 * Math.cos(a)).toFixed(1)},${(104 + 70 * Math.sin(a)).toFixed(1)}`; }).join(' ');
      return `<polygon points="${hex}" fill="#000" opacity=".35" stroke="${p.glow}" stroke-width="5"/>
<path d="M52,178 L188,30 M188,178 L52,30" stroke="${p.glow}" stroke-width="8" stroke-linecap="round" opacity=".8"/>
<path d="M52,178 L188,30 M188,178 L52,30" stroke="#fff" stroke-width="2" stroke-linecap="round"/>`;
    }
  }
}

/** `caption` false: no name ribbon (game tiles print the name under the art; twice would repeat it). */
function frame(id: string, p: Palette, h: number[], inner: string, label: string, name: string, badge: string, caption = true) {
  const nameSize = name.length <= 4 ? 28 : name.length <= 6 ? 24 : 19;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${esc(name)}">
<defs>
<linearGradient id="bg${id}" x1="0" y1="0" x2=".6" y2="1"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>
<radialGradient id="glow${id}" cx=".5" cy=".42" r=".55"><stop offset="0" stop-color="${p.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8d6"/><stop offset=".45" stop-color="#ffd34d"/><stop offset=".55" stop-color="#f0a81c"/><stop offset="1" stop-color="#b8700a"/></linearGradient>
<linearGradient id="shine${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient>
<filter id="sh${id}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="3" stdDeviation="3" flood-color="#000" flood-opacity=".55"/></filter>
<clipPath id="clip${id}"><rect width="240" height="240" rx="26"/></clipPath>
</defs>
<g clip-path="url(#clip${id})">
<rect width="240" height="240" fill="url(#bg${id})"/>
${sunburst(120, 104, 18, h[0] / 255)}
<circle cx="120" cy="104" r="120" fill="url(#glow${id})"/>
<g filter="url(#sh${id})">${inner}</g>
${sparkle(30 + (h[10] % 40), 34 + (h[11] % 30), 9)}${sparkle(190 + (h[12] % 30), 40 + (h[13] % 50), 7)}${sparkle(200 - (h[14] % 40), 150 + (h[15] % 20), 5, 0.7)}
${caption ? `<rect y="176" width="240" height="64" fill="${p.ribbon}" opacity=".82"/>
<rect y="176" width="240" height="2" fill="#ffd96a" opacity=".8"/>
<text x="120" y="${218 - (28 - nameSize) / 2}" font-family="${FONT}" font-size="${nameSize}" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing="1">${esc(name)}</text>
` : ''}<rect width="240" height="120" fill="url(#shine${id})"/>
<rect x="10" y="10" rx="9" width="${label.length * 9 + 16}" height="22" fill="#000" opacity=".45"/>
<text x="18" y="26" font-family="Arial,Helvetica,sans-serif" font-size="13" font-weight="700" fill="#ffe9a8" letter-spacing="1">${esc(label)}</text>
${badge}
</g>
<rect x="1.5" y="1.5" width="237" height="237" rx="25" fill="none" stroke="#ffe8a3" stroke-opacity=".55" stroke-width="3"/>
</svg>`;
}

function glyphText(glyph: string, y = 138, size = 92) {
  const latin = /^[A-Za-z0-9]+$/.test(glyph);
  return `<text x="120" y="${y}" font-family="${latin ? 'Arial Black,Arial,sans-serif' : FONT}" font-size="${latin ? size * 0.9 : size}" font-weight="900" text-anchor="middle"
 fill="url(#gold)" stroke="#4a1d00" stroke-width="6" stroke-linejoin="round" paint-order="stroke">${esc(glyph)}</text>`;
}

export function gameArt(game: GameDef): string {
  const h = hash(game.code);
  const choices = PALETTES[game.theme];
  const p = choices[h[2] % choices.length];
  const badge = game.hot
    ? `<rect x="176" y="10" rx="9" width="54" height="22" fill="#ff2d55"/><text x="203" y="26" font-family="Arial,sans-serif" font-size="13" font-weight="800" fill="#fff" text-anchor="middle">HOT</text>`
    : game.isNew
      ? `<rect x="176" y="10" rx="9" width="54" height="22" fill="#22c55e"/><text x="203" y="26" font-family="Arial,sans-serif" font-size="13" font-weight="800" fill="#fff" text-anchor="middle">NEW</text>`
      : '';
  const low = game.theme === 'k3' || game.theme === 'niuniu' || game.theme === 'baccarat';
  const inner = motif(game.theme, h, p) + glyphText(game.glyph, low ? 150 : 138, low ? 70 : 92);
  return frame(game.code.replace(/[^A-Za-z0-9]/g, ''), p, h, inner, game.platform.toUpperCase(), game.name, badge, false);
}

const VENUE_THEME: Record<string, Theme> = {
  realbet: 'baccarat', joker: 'niuniu', fishing: 'fishing', lottery: 'k3', sport: 'football', gaming: 'lol', concise: 'fortune',
};

export function venueArt(venue: VenueDef): string {
  const theme = VENUE_THEME[venue.categories[0]] ?? 'fortune';
  const h = hash(venue.platform);
  const p = PALETTES[theme][0];
  const letters = venue.platform.toUpperCase();
  const inner = motif(theme, h, p) + glyphText(letters, 134, letters.length > 3 ? 50 : 72);
  return frame(`v${venue.platform}`, p, h, inner, letters, venue.name, '');
}
