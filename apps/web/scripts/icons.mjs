// Draws the home-screen icons of the member site (public/icons/*.png) from the brand mark: the
// gold crown on the navy crest of src/components/Logo.tsx, on a navy tile. Run it after changing
// the artwork and commit the PNGs (the build copies public/ as it is):
//   node apps/web/scripts/icons.mjs            (CHROME_PATH, default /usr/bin/chromium)
// Rendering goes through the system Chromium (playwright-core), so no image library is needed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../public/icons');

/**
 * The tile at 512 units. `full` fills the square edge to edge (maskable and Apple icons: the
 * platform cuts its own shape, so the mark stays inside the central 80 % safe zone); otherwise a
 * rounded tile with transparent corners (purpose "any").
 */
function tile(full) {
  const bg = full ? '<rect width="512" height="512" fill="url(#navy)"/>' : '<rect x="16" y="16" width="480" height="480" rx="108" fill="url(#navy)"/>';
  // the crest (64-unit Logo path) scaled so its height is 52 % of the tile, centred
  const scale = full ? 4.2 : 4.9;
  const ox = 256 - 32 * scale;
  const oy = 256 - 32.5 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="navy" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="#24366b"/><stop offset="1" stop-color="#0c1530"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f8e2a8"/><stop offset=".5" stop-color="#e6c074"/><stop offset="1" stop-color="#b8893d"/>
    </linearGradient>
    <linearGradient id="crest" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2e4280"/><stop offset="1" stop-color="#0e1730"/>
    </linearGradient>
    <radialGradient id="glow" cx=".5" cy=".42" r=".5">
      <stop offset="0" stop-color="#e6c074" stop-opacity=".28"/><stop offset="1" stop-color="#e6c074" stop-opacity="0"/>
    </radialGradient>
  </defs>
  ${bg}
  <circle cx="256" cy="240" r="${full ? 200 : 220}" fill="url(#glow)"/>
  <g transform="translate(${ox} ${oy}) scale(${scale})">
    <path d="M32 3 56 11v20c0 14.5-10 25.5-24 30C18 56.5 8 45.5 8 31V11z" fill="url(#crest)" stroke="url(#gold)" stroke-width="2.6" stroke-linejoin="round"/>
    <path d="M17 25.5l7.5 6.5L32 18l7.5 14 7.5-6.5-3.6 17H20.6z" fill="url(#gold)"/>
    <rect x="20.5" y="45.5" width="23" height="4" rx="2" fill="url(#gold)"/>
    <circle cx="32" cy="16.5" r="2.6" fill="#f8e2a8"/>
    <circle cx="16.5" cy="24" r="2.2" fill="#f8e2a8"/>
    <circle cx="47.5" cy="24" r="2.2" fill="#f8e2a8"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, full: false },
  { file: 'icon-512.png', size: 512, full: false },
  { file: 'maskable-512.png', size: 512, full: true },
  { file: 'apple-touch-icon.png', size: 180, full: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = tile(icon.full).replace('width="512" height="512"', `width="${icon.size}" height="${icon.size}"`);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
