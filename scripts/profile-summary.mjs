// Where a back-office load spends its main thread (issue 25): reads the CPU profiles that
// `admin-speed.mjs --profile DIR` wrote against a build made with `vite build --sourcemap`, maps
// every sampled function back to its source through the build's source maps, and prints the self
// time per package (or per folder of our own code), mean milliseconds per profile.
//
//   node scripts/profile-summary.mjs /tmp/prof /tmp/build [--by file|package] [--top 30]
//
// "(program)" is the browser's own work outside JavaScript (parsing, style, layout, paint),
// "(garbage collector)" and "(idle)" are as V8 names them.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

const [dir, dist] = process.argv.slice(2);
if (!dir || !dist) {
  console.error('usage: node scripts/profile-summary.mjs PROFILE_DIR BUILD_DIR [--by file|package] [--top N]');
  process.exit(2);
}
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const BY = arg('by', 'package');
const TOP = Number(arg('top', 30));

const maps = new Map();
/** the source map of a served script, by its URL's file name; null when it has none */
function mapFor(url) {
  const file = path.join(dist, 'assets', path.basename(new URL(url).pathname));
  if (!maps.has(file)) maps.set(file, fs.existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  return maps.get(file);
}

/** a source path -> the group it is counted in */
function group(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 13).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return BY === 'file' ? `${pkg}/${parts.slice(pkg.includes('/') ? 2 : 1).join('/')}` : pkg;
  }
  const src = source.replace(/^.*?(apps\/|packages\/)/, '$1');
  return BY === 'file' ? src : src.split('/').slice(0, 4).join('/');
}

function nameOf(frame) {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/^\(|\)$/g, '')})` : '(native)';
  if (!frame.url.includes('/assets/')) return `(page: ${path.basename(new URL(frame.url).pathname) || 'index'})`;
  const map = mapFor(frame.url);
  if (!map) return `(unmapped ${path.basename(frame.url)})`;
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return pos.source ? group(pos.source) : `(unmapped ${path.basename(frame.url)})`;
}

const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
const totals = new Map();
for (const f of files) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of self) {
    const key = nameOf(byId.get(id).callFrame);
    totals.set(key, (totals.get(key) ?? 0) + us);
  }
}
const rows = [...totals].map(([k, us]) => [k, us / 1000 / files.length]).sort((a, b) => b[1] - a[1]);
const all = rows.reduce((n, r) => n + r[1], 0);
console.log(`${files.length} profiles, mean ${all.toFixed(0)} ms sampled each (idle included)`);
for (const [k, ms] of rows.slice(0, TOP)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
