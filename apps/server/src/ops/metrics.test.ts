import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../test/harness.ts';
import { createScheduler, type Job } from '../jobs/scheduler.ts';
import { memberWithCard, noticeFor, sendNotice } from '../modules/payments/testing.ts';
import { newMember, startVenueApp } from '../modules/transfers/testing.ts';
import { AGE_LABELS } from './metrics.ts';

/** /metrics (issue 23): what an operator's Prometheus reads after real traffic, on SQLite and PostgreSQL. */

const TOKEN = 'metrics-test-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** the samples of a Prometheus text exposition */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** the sum of the samples named `name` whose labels include `labels` (0 when none) */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}

/** GET /metrics on the main port with `token` as bearer (null: no Authorization header) */
async function scrape(t: TestApp, token: string | null = TOKEN) {
  const res = await t.http.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, text: res.body, headers: res.headers };
}

async function samples(t: TestApp): Promise<Sample[]> {
  const r = await scrape(t);
  expect(r.status).toBe(200);
  return parse(r.text);
}

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.stop());

  it('answers 401 without the right bearer token, and Prometheus text with it', async () => {
    const none = await scrape(t, null);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.text).not.toContain('casino_');
    expect((await scrape(t, 'metrics-test-token-0123456789abcdeX')).status).toBe(401);
    const ok = await scrape(t);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    const s = parse(ok.text);
    // event-loop lag from prom-client's default metrics, every name only once
    expect(s.some((x) => x.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    const families = ok.text.split('\n').filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]);
    expect(new Set(families).size).toBe(families.length);
    // the database pool on PostgreSQL; SQLite (in memory here) has no pool to show
    if (onPostgres) expect(value(s, 'casino_db_pool_connections')).toBeGreaterThan(0);
    else expect(s.some((x) => x.name.startsWith('casino_db_pool'))).toBe(false);
  });

  it('counts a deposit: its ledger posting, its notify lag, and the pending order until it is paid', async () => {
    const before = await samples(t);
    const m = await memberWithCard(t, 'metdep');
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 300 }, { token: m.token });
    expect(r.code).toBe(200);
    const waiting = await samples(t);
    expect(value(waiting, 'casino_pending_deposits', { status: 'pending', age: 'under_5m' })).toBe(value(before, 'casino_pending_deposits', { status: 'pending', age: 'under_5m' }) + 1);
    // every age is reported, empty ones as 0 (a dashboard's stacked panel needs them)
    for (const age of AGE_LABELS) expect(waiting.some((x) => x.name === 'casino_pending_withdrawals' && x.labels.age === age)).toBe(true);

    // paid 90 s ago, notified now
    expect(await sendNotice(t, await noticeFor(t, r.data.deposit_no, 30000, 'paid', Date.now() - 90_000))).toEqual({ status: 200, body: 'success' });
    // a repeat of the notify moves nothing and measures nothing
    expect(await sendNotice(t, await noticeFor(t, r.data.deposit_no, 30000, 'paid', Date.now() - 90_000))).toEqual({ status: 200, body: 'success' });
    const after = await samples(t);
    expect(value(after, 'casino_ledger_postings_total', { kind: 'deposit' })).toBe(value(before, 'casino_ledger_postings_total', { kind: 'deposit' }) + 1);
    expect(value(after, 'casino_payment_notify_lag_seconds_count', { source: 'notify' })).toBe(value(before, 'casino_payment_notify_lag_seconds_count', { source: 'notify' }) + 1);
    // 90 s after payment: above the 60 s bucket, within 120 s
    const lagIn = (le: string) => value(after, 'casino_payment_notify_lag_seconds_bucket', { source: 'notify', le }) - value(before, 'casino_payment_notify_lag_seconds_bucket', { source: 'notify', le });
    expect([lagIn('60'), lagIn('120')]).toEqual([0, 1]);
    expect(value(after, 'casino_pending_deposits', { status: 'pending' })).toBe(value(before, 'casino_pending_deposits', { status: 'pending' }));
    // the notify is counted under its route pattern, not its URL
    expect(value(after, 'casino_http_requests_total', { route: '/pay/notify/:gateway', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(after.some((x) => x.labels.route === '/pay/notify/sandbox')).toBe(false);
  });

  it('counts a venue transfer: its postings, its request with the envelope code, and a stuck one by age', async () => {
    const before = await samples(t);
    const a = await newMember(t, 'metxfer01', 500);
    const into = await t.post('/api/transfer', { amount: 120, sourcetype: 'userbalance', targettype: 'pp' }, { token: a.token });
    expect(into.code).toBe(200);
    const refused = await t.post('/api/transfer', { amount: 100000, sourcetype: 'userbalance', targettype: 'pp' }, { token: a.token });
    expect(refused.code).not.toBe(200);
    const after = await samples(t);
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    // the operator's credit, then the move into the venue (hold, then out to the venue)
    expect(delta('casino_ledger_postings_total', { kind: 'adjustment' })).toBe(1);
    expect(delta('casino_ledger_postings_total', { kind: 'transit_hold' })).toBe(1);
    expect(delta('casino_ledger_postings_total', { kind: 'venue_transfer_out' })).toBe(1);
    expect(delta('casino_http_requests_total', { route: '/api/transfer', status: '200', code: '200' })).toBe(1);
    expect(delta('casino_http_requests_total', { route: '/api/transfer', status: '200', code: String(refused.code) })).toBe(1);
    expect(delta('casino_http_request_duration_seconds_count', { route: '/api/transfer', method: 'POST' })).toBe(2);

    // a transfer left pending for two hours shows in the 1h-24h bucket
    const row = await t.ctx.db.selectFrom('venue_transfers').select(['id', 'status', 'created_at']).where('member_id', '=', a.id).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('venue_transfers').set({ status: 2, created_at: Date.now() - 2 * 3_600_000 }).where('id', '=', row.id).execute();
    const stuck = await samples(t);
    expect(AGE_LABELS.map((age) => value(stuck, 'casino_pending_transfers', { age }))).toEqual([0, 0, 1, 0]);
    await t.ctx.db.updateTable('venue_transfers').set({ status: row.status, created_at: row.created_at }).where('id', '=', row.id).execute();
    expect(value(await samples(t), 'casino_pending_transfers')).toBe(0);
  });

  it('counts job runs and failures by job name', async () => {
    const before = await samples(t);
    const expire = t.scheduler.jobs.find((j) => j.name === 'expire_deposits');
    expect(expire).toBeDefined();
    expect(await t.scheduler.runOnce(expire!)).toBe(true);
    const failing: Job = { name: 'metrics_test_failing', everySeconds: 30, run: async () => { throw new Error('venue down'); } };
    expect(await createScheduler(t.ctx, [failing]).runOnce(failing)).toBe(true);
    const after = await samples(t);
    expect(value(after, 'casino_job_runs_total', { job: 'expire_deposits' })).toBe(value(before, 'casino_job_runs_total', { job: 'expire_deposits' }) + 1);
    expect(value(after, 'casino_job_failures_total', { job: 'expire_deposits' })).toBe(0);
    expect(value(after, 'casino_job_runs_total', { job: 'metrics_test_failing' })).toBe(1);
    expect(value(after, 'casino_job_failures_total', { job: 'metrics_test_failing' })).toBe(1);
    expect(value(after, 'casino_job_duration_seconds_count', { job: 'expire_deposits' })).toBe(value(before, 'casino_job_duration_seconds_count', { job: 'expire_deposits' }) + 1);
  });
});

describe('/metrics on a localhost port (METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ listen: true, metricsPort: 0 });
  });
  afterAll(() => t.stop());

  it('serves the metrics on 127.0.0.1 without a token, and nothing on the main port', async () => {
    const local = t.ops.metrics.localAddress();
    expect(local).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${local}/metrics`);
    expect(res.status).toBe(200);
    const s = parse(await res.text());
    expect(s.some((x) => x.name === 'casino_http_requests_total')).toBe(true);
    expect((await fetch(`${local}/`)).status).toBe(404);
    // the main port answers as for a path the site does not have, token or not
    const main = await fetch(`${t.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.status).toBe(404);
    expect(await main.text()).not.toContain('casino_');
  });

  it('closes the localhost port with the app', async () => {
    const other = await startApp({ listen: true, metricsPort: 0 });
    const local = other.ops.metrics.localAddress()!;
    expect((await fetch(`${local}/metrics`)).status).toBe(200);
    await other.stop();
    await expect(fetch(`${local}/metrics`)).rejects.toThrow();
  });
});
