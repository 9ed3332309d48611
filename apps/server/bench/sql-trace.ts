import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { signPayBody } from '@casino/sandbox';
import { onBothDatabases, post, startServer } from './lib.ts';
import { waitForCatalogue } from './transfers.ts';

/**
 * issue 37 point 3: every statement the server sends to its database for one venue transfer in,
 * one out and one deposit credit (the gateway's notify), on a SQLite file and on PostgreSQL.
 * The real server runs in a child process with bench/sql-trace-hook.mjs loaded, which writes each
 * statement its database drivers run to a file; each traced call is the third of its kind, so the
 * caches are warm as in the benches. Jobs are off, so every line is the call's own.
 *
 *   npx tsx apps/server/bench/sql-trace.ts
 */
const HOOK = path.join(import.meta.dirname, 'sql-trace-hook.mjs');

async function run(database: 'sqlite' | 'postgres', databaseUrl?: string) {
  const port = 3917;
  const base = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sql-trace-')), 'trace.sql');
  fs.writeFileSync(file, '');
  const server = await startServer(port, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: 'off',
    JOBS: 'off',
    PAYMENT_SECRET: secret,
    SQL_TRACE_FILE: file,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${HOOK}`,
  });
  const lines = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const traced = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    const before = lines().length;
    const out = await call();
    // the server's own database (its SQLite file, or PostgreSQL); the in-process sandbox keeps a SQLite file of its own
    const all = lines().slice(before).map((l) => l.split('\t') as [string, string]);
    const ours = all.filter(([where]) => where === 'pg' || path.basename(where) === 'casino.sqlite').map(([, text]) => text);
    const sandbox = all.length - ours.length;
    console.log(`\n  ${database}: ${what}: ${ours.length} statements (and ${sandbox} in the sandbox's own database)`);
    ours.forEach((l, i) => console.log(`    ${String(i + 1).padStart(2)}. ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`));
    return out;
  };
  try {
    await waitForCatalogue(base);
    const admin = (await post(base, '/admin/api/login', { username: 'admin', password: 'bench-admin-pass' })).data.token as string;
    await post(base, '/admin/api/settings/update', { adjust_second_approval_over: 0, adjust_daily_immediate_max: 0 }, admin);
    const reg = await post(base, '/api/register', { name: 'trace001', password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
    const token = reg.data.api_token as string;
    await post(base, '/api/bindcard', { bank_owner: '测试', bank: '招商银行', bank_no: '6225880100000001', bank_address: '深圳市福田支行', pay_pass: '654321' }, token);
    const credited = await post(base, '/admin/api/members/adjust', { username: 'trace001', amount: 1000, reason: 'trace' }, admin);
    if (credited.code !== 200) throw new Error(`credit: ${credited.message}`);

    const transfer = async (body: object) => {
      const r = await post(base, '/api/transfer', body, token);
      if (r.code !== 200 || r.data?.status !== 1) throw new Error(`transfer: ${r.message}`);
    };
    const into = { amount: 1, sourcetype: 'userbalance', targettype: 'pp' };
    const out = { amount: 1, sourcetype: 'pp', targettype: 'userbalance' };
    for (let i = 0; i < 2; i++) {
      await transfer(into);
      await transfer(out);
    }
    await traced('one venue transfer in (POST /api/transfer, central wallet to pp)', () => transfer(into));
    await traced('one venue transfer out (POST /api/transfer, pp to central wallet)', () => transfer(out));

    const deposit = async (trace: boolean) => {
      const r = await post(base, '/api/recharge', { paytype: 'ecny', amount: 100 }, token);
      if (r.code !== 200) throw new Error(`recharge: ${r.message}`);
      const gw = String(r.data.url).split('/').pop()!;
      const signed = signPayBody(secret, { order_no: gw, merchant_order_no: r.data.deposit_no, state: 'paid', amount_fen: 10_000, paid_fen: 10_000, paid_at: Date.now() });
      const notify = async () => {
        const text = await (await fetch(`${base}/pay/notify/sandbox`, { method: 'POST', headers: signed.headers, body: signed.body })).text();
        if (text !== 'success') throw new Error(`notify: ${text}`);
      };
      if (trace) await traced('one deposit credit (the gateway\'s signed notify, POST /pay/notify/sandbox)', notify);
      else await notify();
    };
    await deposit(false);
    await deposit(false);
    await deposit(true);
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
await onBothDatabases('trace_sql', pgUrl, run);
