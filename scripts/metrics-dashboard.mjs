// Renders docs/grafana/casino-dashboard.json without Grafana (issue 23): runs a command (default
// `npm run bench`) with METRICS_PORT set, so each server the bench starts serves /metrics on
// 127.0.0.1; scrapes it every second; evaluates the dashboard's queries (the small PromQL subset
// they use: sum/max by, rate, topk, histogram_quantile, * and / by a number) over the scrapes;
// draws each panel with echarts in Chromium at its place in the grid and saves a PNG.
//
//   node scripts/metrics-dashboard.mjs [--out docs/grafana/casino-dashboard.png] [--port 9464]
//        [--window 15] [--save scrapes.json | --from scrapes.json] [-- command args...]
//
// --window: seconds a [1m] range is shortened to (the others in proportion: [5m] is 5 times it),
// as a bench run lasts minutes, not hours. A bench server that stops leaves a gap; the next one's counters start again from 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
const opt = (name, fallback) => (own.includes(name) ? own[own.indexOf(name) + 1] : fallback);
const out = path.resolve(ROOT, opt('--out', 'docs/grafana/casino-dashboard.png'));
const port = Number(opt('--port', '9464'));
const windowS = Number(opt('--window', '15'));
const command = args.includes('--') ? args.slice(args.indexOf('--') + 1) : ['npm', 'run', 'bench'];
const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/grafana/casino-dashboard.json'), 'utf8'));

// ---- scraping ----
/** [{ t: epoch s, samples: [{ name, labels, value }] }] */
const scrapes = [];
function parse(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}
async function scrapeOnce() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(900) });
    if (res.ok) scrapes.push({ t: Date.now() / 1000, samples: parse(await res.text()) });
  } catch {
    /* no bench server up at this moment */
  }
}

// ---- the PromQL subset ----
function tokenize(s) {
  const re = /\s*(\d+[smhd]\b|\d+(?:\.\d+)?|[a-zA-Z_:][a-zA-Z0-9_:]*|"(?:[^"\\]|\\.)*"|=~|!~|!=|[(){}\[\],=*\/])/gy;
  const tokens = [];
  let m;
  while ((m = re.exec(s))) tokens.push(m[1]);
  return tokens;
}
function parseExpr(src) {
  const t = tokenize(src);
  let i = 0;
  const peek = () => t[i];
  const next = () => t[i++];
  const expect = (x) => {
    if (t[i++] !== x) throw new Error(`expected ${x} in ${src}`);
  };
  function labelList() {
    expect('(');
    const l = [];
    while (peek() !== ')') {
      l.push(next());
      if (peek() === ',') next();
    }
    expect(')');
    return l;
  }
  function term() {
    const word = next();
    if (word === 'sum' || word === 'max') {
      const by = peek() === 'by' ? (next(), labelList()) : [];
      expect('(');
      const arg = expr();
      expect(')');
      return { op: 'agg', fn: word, by, arg };
    }
    if (word === 'topk' || word === 'histogram_quantile') {
      expect('(');
      const n = Number(next());
      expect(',');
      const arg = expr();
      expect(')');
      return { op: word, n, arg };
    }
    if (word === 'rate' || word === 'increase') {
      expect('(');
      const sel = term();
      expect(')');
      return { op: word, sel };
    }
    const sel = { op: 'sel', name: word, matchers: [], range: 0 };
    if (peek() === '{') {
      next();
      while (peek() !== '}') {
        const label = next();
        const kind = next();
        const value = JSON.parse(next());
        sel.matchers.push({ label, kind, value });
        if (peek() === ',') next();
      }
      expect('}');
    }
    if (peek() === '[') {
      next();
      const m = /^(\d+)([smhd])$/.exec(next());
      expect(']');
      // the dashboard's range, scaled so that [1m] becomes --window seconds
      sel.range = (Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[m[2]] * windowS) / 60;
    }
    return sel;
  }
  function expr() {
    let e = term();
    while (peek() === '*' || peek() === '/') e = { op: next(), left: e, right: Number(next()) };
    return e;
  }
  return expr();
}
const matches = (labels, m) => {
  const v = labels[m.label] ?? '';
  if (m.kind === '=') return v === m.value;
  if (m.kind === '!=') return v !== m.value;
  const re = new RegExp(`^(?:${m.value})$`);
  return m.kind === '=~' ? re.test(v) : !re.test(v);
};
const keyOf = (labels) => JSON.stringify(Object.entries(labels).sort());
/** the samples of a selector in one scrape */
const select = (scrape, sel) => scrape.samples.filter((s) => s.name === sel.name && sel.matchers.every((m) => matches(s.labels, m)));

function evaluate(e, at) {
  switch (e.op) {
    case 'sel': {
      const scrape = [...scrapes].reverse().find((s) => s.t <= at && s.t > at - 5);
      return scrape ? select(scrape, e).map((s) => ({ labels: { __name__: s.name, ...s.labels }, value: s.value })) : [];
    }
    case 'rate':
    case 'increase': {
      const inWindow = scrapes.filter((s) => s.t <= at && s.t > at - e.sel.range);
      const series = new Map();
      for (const s of inWindow) for (const x of select(s, e.sel)) {
        const k = keyOf(x.labels);
        if (!series.has(k)) series.set(k, { labels: x.labels, points: [] });
        series.get(k).points.push([s.t, x.value]);
      }
      const result = [];
      for (const { labels, points } of series.values()) {
        if (points.length < 2) continue;
        let inc = 0;
        for (let j = 1; j < points.length; j++) inc += points[j][1] >= points[j - 1][1] ? points[j][1] - points[j - 1][1] : points[j][1];
        const span = points[points.length - 1][0] - points[0][0];
        result.push({ labels, value: e.op === 'rate' ? inc / span : inc });
      }
      return result;
    }
    case 'agg': {
      const groups = new Map();
      for (const x of evaluate(e.arg, at)) {
        const labels = Object.fromEntries(e.by.map((l) => [l, x.labels[l] ?? '']));
        const k = keyOf(labels);
        const g = groups.get(k);
        if (!g) groups.set(k, { labels, value: x.value });
        else g.value = e.fn === 'sum' ? g.value + x.value : Math.max(g.value, x.value);
      }
      return [...groups.values()];
    }
    case 'topk':
      return evaluate(e.arg, at).filter((x) => Number.isFinite(x.value)).sort((a, b) => b.value - a.value).slice(0, e.n);
    case 'histogram_quantile': {
      const groups = new Map();
      for (const x of evaluate(e.arg, at)) {
        const { le, ...rest } = x.labels;
        const k = keyOf(rest);
        if (!groups.has(k)) groups.set(k, { labels: rest, buckets: [] });
        groups.get(k).buckets.push([le === '+Inf' ? Infinity : Number(le), x.value]);
      }
      const result = [];
      for (const { labels, buckets } of groups.values()) {
        buckets.sort((a, b) => a[0] - b[0]);
        const total = buckets[buckets.length - 1]?.[1] ?? 0;
        if (!(total > 0)) continue;
        const rank = e.n * total;
        let prevLe = 0;
        let prevCount = 0;
        for (const [le, count] of buckets) {
          if (count >= rank) {
            const v = le === Infinity ? prevLe : prevLe + ((le - prevLe) * (rank - prevCount)) / Math.max(count - prevCount, 1e-12);
            result.push({ labels, value: v });
            break;
          }
          prevLe = le;
          prevCount = count;
        }
      }
      return result;
    }
    case '*':
    case '/':
      return evaluate(e.left, at).map((x) => ({ labels: x.labels, value: e.op === '*' ? x.value * e.right : x.value / e.right }));
    default:
      throw new Error(`cannot evaluate ${e.op}`);
  }
}
const legend = (format, labels) => format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, l) => labels[l] ?? '');

// ---- run (or --from: draw the scrapes a previous run saved with --save) ----
const from = opt('--from', undefined);
if (from) {
  scrapes.push(...JSON.parse(fs.readFileSync(from, 'utf8')));
} else {
  console.log(`metrics-dashboard: running ${command.join(' ')} with METRICS_PORT=${port}, scraping every second`);
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, METRICS_PORT: String(port) } });
  const timer = setInterval(scrapeOnce, 1000);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  console.log(`metrics-dashboard: command exited ${code}; ${scrapes.length} scrapes`);
  const save = opt('--save', undefined);
  if (save) fs.writeFileSync(save, JSON.stringify(scrapes));
}
if (scrapes.length < 3) throw new Error('too few scrapes to draw anything (did a server listen on METRICS_PORT?)');

const times = scrapes.map((s) => s.t);
const panels = dashboard.panels.map((p) => {
  const series = new Map();
  for (const target of p.targets) {
    const ast = parseExpr(target.expr);
    times.forEach((t, idx) => {
      for (const x of evaluate(ast, t)) {
        const name = legend(target.legendFormat ?? '', x.labels) || target.expr;
        if (!series.has(name)) series.set(name, new Array(times.length).fill(null));
        series.get(name)[idx] = Number.isFinite(x.value) ? x.value : null;
      }
    });
  }
  return { title: p.title, gridPos: p.gridPos, unit: p.fieldConfig?.defaults?.unit ?? '', stack: p.fieldConfig?.defaults?.custom?.stacking?.mode === 'normal', series: [...series].map(([name, data]) => ({ name, data })) };
});

const ROW = 34;
const width = 1600;
const height = Math.max(...panels.map((p) => (p.gridPos.y + p.gridPos.h) * ROW)) + 60;
const started = new Date(times[0] * 1000).toISOString().slice(0, 19).replace('T', ' ');
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:13px sans-serif}
h1{font-size:16px;margin:0;padding:14px 16px;height:32px;box-sizing:content-box}
.p{position:absolute;background:#181b1f;border:1px solid #2c2f36;border-radius:3px;box-sizing:border-box}
.p h2{font-size:13px;margin:6px 10px;font-weight:500}
.c{position:absolute;top:26px;left:4px;right:4px;bottom:4px}
</style><script>${fs.readFileSync(path.join(ROOT, 'node_modules/echarts/dist/echarts.min.js'), 'utf8')}</script></head><body>
<h1>Casino server - docs/grafana/casino-dashboard.json over ${command.join(' ')} (from ${started} UTC, ${scrapes.length} scrapes, [1m] drawn as ${windowS}s)</h1>
<div id="root"></div><script>
const panels = ${JSON.stringify(panels)};
const times = ${JSON.stringify(times.map((t) => Math.round(t * 1000)))};
const colW = ${width} / 24, row = ${ROW};
for (const p of panels) {
  const d = document.createElement('div');
  d.className = 'p';
  Object.assign(d.style, { left: p.gridPos.x * colW + 'px', top: 60 + p.gridPos.y * row + 'px', width: p.gridPos.w * colW - 6 + 'px', height: p.gridPos.h * row - 6 + 'px' });
  d.innerHTML = '<h2></h2><div class="c"></div>';
  d.querySelector('h2').textContent = p.title + (p.unit ? ' (' + p.unit + ')' : '');
  document.getElementById('root').append(d);
  const chart = echarts.init(d.querySelector('.c'), 'dark', { renderer: 'canvas' });
  chart.setOption({
    backgroundColor: 'transparent', animation: false,
    grid: { left: 50, right: 170, top: 10, bottom: 24 },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 0, textStyle: { fontSize: 10 } },
    xAxis: { type: 'time', axisLabel: { fontSize: 10 } },
    yAxis: { type: 'value', axisLabel: { fontSize: 10 }, splitLine: { lineStyle: { color: '#2c2f36' } } },
    series: p.series.length ? p.series.map((s) => ({ name: s.name, type: 'line', showSymbol: false, connectNulls: false, stack: p.stack ? 'all' : undefined, areaStyle: p.stack ? { opacity: 0.3 } : undefined, lineStyle: { width: 1 }, data: s.data.map((v, i) => [times[i], v]) })) : [],
    graphic: p.series.length ? [] : [{ type: 'text', left: 'center', top: 'middle', style: { text: 'No data', fill: '#777', fontSize: 14 } }],
  });
}
</script></body></html>`;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.waitForTimeout(300);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`metrics-dashboard: ${out}`);
} finally {
  await browser.close();
}
