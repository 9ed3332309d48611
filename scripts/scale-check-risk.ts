// npm run scale:check -- --risk [--db postgres://postgres@127.0.0.1:5432/scale] [--calls 100]
//
// Issue 36 point 9: on a database made by `npm run seed:scale`, starts the real server and times,
// sequentially, /admin/api/members/links for members of the crowd (each has a device, an address,
// a card, a real name shared by about 1 in 500, a mobile) and probe01, and /admin/api/risk/search
// by each kind with those members' values. Prints p50 and p99 per call (aim: p99 under 100 ms).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' }, calls: { type: 'string', default: '100' }, risk: { type: 'boolean' } },
  strict: false,
});
const DB = String(args.db);
const CALLS = Math.max(10, Number(args.calls));
const dataDir = path.join(ROOT, 'data', `scale-${new URL(DB).pathname.slice(1)}`);

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, DATABASE_URL: DB, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SANDBOX: 'on', CAPTCHA: 'off', RATE_LIMITS: 'off', JOBS: 'off', OPERATOR_SETUP: 'off', ACCESS_LOG: 'off', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'scale-admin-pass' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
async function post(p: string, body: unknown, token?: string) {
  const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: any };
}
try {
  for (const end = Date.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > end) throw new Error('server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await post('/admin/api/login', { username: 'admin', password: 'scale-admin-pass' });
  if (login.code !== 200) throw new Error(`operator login: ${login.message}`);
  const token = login.data.token as string;

  // the subjects: crowd members with a card (spread over the id range) and probe01
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  const { rows: total } = await c.query<{ n: string }>('select count(*) as n from members');
  const { rows } = await c.query<{ id: string; username: string; realname: string; mobile: string; register_ip: string; device: string | null }>(`
    select m.id, m.username, m.realname, m.mobile, m.register_ip, (select l.device from member_logins l where l.member_id = m.id and l.device is not null limit 1) as device
    from members m where m.id in (select member_id from member_cards where type = 1 order by member_id limit 20 offset (select count(*) / 2 from member_cards))
    union all select m.id, m.username, m.realname, m.mobile, m.register_ip, null from members m where m.username = 'probe01'`);
  await c.end();
  // the seed's card numbers (scripts/seed-scale.ts, seedCards)
  const cardOf = (id: number) => `6222${String(id * 7919 + 1_000_000_000_000).slice(-15)}`;
  const crowd = rows.filter((r) => r.username !== 'probe01');

  const stats = (s: number[]) => {
    const x = [...s].sort((a, b) => a - b);
    return { p50: x[Math.floor(x.length / 2)], p99: x[Math.min(x.length - 1, Math.ceil(0.99 * x.length) - 1)], max: x[x.length - 1] };
  };
  async function time(name: string, bodies: (i: number) => { path: string; body: unknown }) {
    const samples: number[] = [];
    let linked = 0;
    let total = 0;
    for (let i = 0; i < CALLS + 5; i++) {
      const { path: p, body } = bodies(i);
      const t0 = performance.now();
      const r = await post(p, body, token);
      const ms = performance.now() - t0;
      if (r.code !== 200) throw new Error(`${name}: ${r.code} ${r.message}`);
      if (i >= 5) samples.push(ms); // five warm-up calls
      linked = Math.max(linked, (r.data.members ?? []).length);
      // members/links lists the strongest 100 and counts them all (total)
      total = Math.max(total, r.data.total ?? 0);
    }
    const s = stats(samples);
    console.log(`  ${name.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(7)} ms  p99 ${s.p99.toFixed(1).padStart(7)} ms  max ${s.max.toFixed(1).padStart(7)} ms  (most members answered: ${linked}${total ? `, linked in all: ${total}` : ''})`);
  }
  const pick = (i: number) => crowd[i % crowd.length];
  console.log(`risk links and search on ${new URL(DB).pathname.slice(1)} (${Number(total[0].n).toLocaleString('en-US')} members), ${CALLS} sequential calls each after 5 warm-up, ${crowd.length} crowd members in turn`);
  await time('members/links (crowd member)', (i) => ({ path: '/admin/api/members/links', body: { username: pick(i).username } }));
  await time('members/links probe01', () => ({ path: '/admin/api/members/links', body: { username: 'probe01' } }));
  await time('risk/search device', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'device', value: pick(i).device } }));
  await time('risk/search ip (registration address)', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'ip', value: pick(i).register_ip } }));
  await time('risk/search card', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'card', value: cardOf(Number(pick(i).id)) } }));
  await time('risk/search usdt (no holder)', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'usdt', value: `TQn9Y2khEsLJW1ChVWFMSMeRDow5Kc${String(1000 + (i % 9000))}` } }));
  await time('risk/search realname (~1 in 500 share one)', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'realname', value: pick(i).realname } }));
  await time('risk/search mobile', (i) => ({ path: '/admin/api/risk/search', body: { kind: 'mobile', value: pick(i).mobile } }));
} finally {
  child.kill('SIGTERM');
}
