import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerOnce, call, credited, newMember, newSite, payDeposit, startServer, waitFor, type Member, type Proc, type Site } from './testing.ts';

/**
 * Issue 23 point 5: SIGTERM under load. A compiled server process with its jobs running takes
 * transfers, deposits (through the sandbox cashier and its signed notify) and sign-ins from
 * several callers at once; SIGTERM lands in the middle. Requests already in flight must be
 * answered, the process must exit 0 within its time limit, and after a restart on the same
 * data every operation that was acknowledged is there, the gateway's payments are credited
 * exactly once, and verify() is clean.
 */
/**
 * A POST over node:http: `sent` resolves once the whole request has been handed to the socket
 * (the event a signal can follow), `answered` with the reply's status or the connection's error.
 */
function postSent(base: string, path: string, body: unknown): { sent: Promise<void>; answered: Promise<number | undefined> } {
  let sent!: () => void;
  const wasSent = new Promise<void>((r) => (sent = r));
  const answered = new Promise<number | undefined>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      // after the whole body, or when the connection went away mid-reply
      res.once('close', () => resolve(res.statusCode));
    });
    req.once('finish', sent);
    req.once('error', (e) => {
      sent(); // refused before it was sent: nothing to wait for
      reject(e);
    });
    req.end(JSON.stringify(body));
  });
  return { sent: wasSent, answered };
}

describe('SIGTERM under load', () => {
  let site: Site;
  let server: Proc;
  beforeAll(async () => {
    buildServerOnce();
    site = await newSite();
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await site?.drop();
  });

  it('finishes what is in flight, exits 0, and loses no acknowledged operation', async () => {
    server = await startServer(site, { SANDBOX: 'on', JOBS: 'on' });
    const base = server.base;
    // the venues appear once the start-up catalogue sync has run
    const members: Member[] = [];
    for (let i = 0; i < 4; i++) members.push(await newMember(base, i));
    await waitFor('the catalogue', async () => (await call(base, '/api/balancelist', {}, members[0].token)).data?.some?.((b: { platname?: string; plat_name?: string }) => (b.platname ?? b.plat_name) === 'obgdy') ?? true);
    const funding: string[][] = [];
    for (const m of members) {
      const no = await payDeposit(base, m, 500);
      expect(no).not.toBeNull();
      funding.push([no!]);
    }
    for (const [i, m] of members.entries()) await waitFor('the funding deposits', () => credited(base, m, funding[i][0]));

    // ---- load: every member moves money in and out of a venue and pays more deposits ----
    const acked = { transfers: [] as { member: Member; id: string; status: number; dir: 'in' | 'out' }[], deposits: [] as { member: Member; no: string }[] };
    let sigtermAt = 0;
    let answeredAfterSigterm = 0;
    let refused = 0;
    const worker = async (m: Member, n: number) => {
      for (let round = 0; ; round++) {
        try {
          const sent = Date.now();
          if (round % 3 === 2) {
            const no = await payDeposit(base, m, 100);
            if (no) acked.deposits.push({ member: m, no });
          } else {
            const into = round % 3 === 0;
            const r = await call(base, '/api/transfer', { amount: 10 + n, sourcetype: into ? 'userbalance' : 'obgdy', targettype: into ? 'obgdy' : 'userbalance' }, m.token);
            if (r.code === 200 && (r.data.status === 1 || r.data.status === 2)) acked.transfers.push({ member: m, id: r.data.transfer_id, status: r.data.status, dir: into ? 'in' : 'out' });
          }
          if (sigtermAt && sent < sigtermAt) answeredAfterSigterm++;
        } catch {
          refused++; // the port is closed: nothing was acknowledged
          return;
        }
      }
    };
    const workers = members.flatMap((m, i) => [worker(m, i), worker(m, i + 10)]);
    // load until enough has been acknowledged (time alone is not enough on a busy machine)
    await waitFor('load', async () => {
      // and a job has run (the 5-second ones), so the check below that every run finished means something
      const jobRuns = await site.db().selectFrom('job_runs').select('job').limit(1).execute();
      return acked.transfers.length >= 12 && acked.deposits.length >= 2 && jobRuns.length > 0;
    }, 60_000);
    // sign-ins (argon2, tens of ms each) sent just before the signal: it follows once each is on the wire
    const logins = members.map((m) => postSent(base, '/api/login', { name: m.name, password: 'secret123' }));
    await Promise.all(logins.map((l) => l.sent));
    sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.allSettled(logins.map((l) => l.answered));
    const code = await server.exited;
    const stoppedMs = Date.now() - sigtermAt;
    await Promise.all(workers);

    expect(code, server.output().slice(-3000)).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    expect(stoppedMs).toBeLessThan(20_000);
    // every request the server had begun when the signal came was answered in full: by its
    // own clock (access-log time and duration against the shutdown line), and callers got
    // replies after the signal to requests they had sent before it
    const lines = server.logLines();
    const signalled = lines.find((l) => String(l.msg).startsWith('SIGTERM: shutting down'))!.time as number;
    const inFlight = lines.filter((l) => l.msg === 'request' && l.time - l.ms < signalled && l.time > signalled);
    expect(inFlight.length, 'requests in flight at the signal').toBeGreaterThan(0);
    expect(inFlight.map((l) => l.status)).toEqual(inFlight.map(() => 200));
    expect(answeredAfterSigterm, 'replies after the signal to requests sent before it').toBeGreaterThan(0);
    expect(refused, 'callers refused once the port closed').toBeGreaterThan(0);
    expect(await site.verify()).toEqual([]);
    // the jobs ran, and every run the process had started was finished before it exited
    const runs = await site.db().selectFrom('job_runs').select(['job', 'finished_at']).execute();
    expect(runs.length, 'job runs').toBeGreaterThan(0);
    expect(runs.filter((r) => r.finished_at === null)).toEqual([]);
    console.info(`SIGTERM: ${inFlight.length} requests in flight answered, ${acked.transfers.length} transfers and ${acked.deposits.length} payments acknowledged, ${refused} callers refused, exit after ${stoppedMs} ms`);

    // ---- restart on the same data ----
    server = await startServer(site, { SANDBOX: 'on', JOBS: 'on' }, { port: server.port });
    const db = site.db();
    const rows = await db.selectFrom('venue_transfers').select(['transfer_id', 'status', 'direction']).execute();
    const byId = new Map(rows.map((r) => [r.transfer_id, r]));
    for (const t of acked.transfers) {
      const row = byId.get(t.id);
      expect(row, `acknowledged transfer ${t.id}`).toBeDefined();
      // a success stays a success; an acknowledged pending one is pending or settled by the reconciler, never gone
      if (t.status === 1) expect(row!.status).toBe(1);
    }
    // the gateway took the money for each acknowledged payment: each is credited once (the
    // sandbox re-sends unacknowledged notifies at start)
    for (const d of acked.deposits) await waitFor(`deposit ${d.no} credited`, () => credited(server.base, d.member, d.no));
    const credits = await db
      .selectFrom('deposits')
      .select(['deposit_no', 'credited_amount'])
      .where(
        'deposit_no',
        'in',
        acked.deposits.map((d) => d.no),
      )
      .execute();
    expect(credits.map((c) => c.credited_amount)).toEqual(acked.deposits.map(() => 10_000));
    expect(await site.verify()).toEqual([]);
    // a second SIGTERM with nothing in flight is quick and clean too
    const t0 = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
  }, 180_000);
});
