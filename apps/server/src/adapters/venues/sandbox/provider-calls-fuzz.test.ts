import { MAX_SKEW_MS, signRequest, signature } from '@casino/sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../../test/harness.ts';
import { jsonMutants, type JsonMutant } from '../../../../test/fuzz/json-mutants.ts';

/**
 * The signed merchant calls the sandbox provider accepts (apps/sandbox provider/signing.ts,
 * api-routes.ts), under attack (issue 35 point 2). The attacker holds one genuine signed deposit
 * of cs12's (500 fen, transfer F1) and sends mutants of it:
 * - with the genuine signature (a signature over another body): always 401, nothing moves;
 * - re-signed (our own signer fed a hostile body): never a 500, and what moves is exactly one
 *   transfer of a positive whole amount for an existing player, as the body says;
 * - with its time stamp, signature or path changed, or stale: 401, nothing moves.
 * After each mutant both players' balances at every venue are compared with what the answer
 * says moved. FUZZ_SEED replays a run; FUZZ_RUNS makes it longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 30);
const SEED = Number(process.env.FUZZ_SEED || 20261203);

describe('sandbox provider signed calls fuzz', () => {
  let t: TestApp;
  let secret = '';
  const path = '/sandbox/provider/api/deposit';
  const send = (url: string, headers: Record<string, string>, body: string) =>
    fetch(`${t.origin}${url}`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }));
  const call = async (name: string, body: object) => {
    const p = `/sandbox/provider/api/${name}`;
    const s = signRequest(secret, { path: p, body });
    const r = await send(p, s.headers, s.body);
    return { status: r.status, json: JSON.parse(r.text) };
  };
  /** every venue's balance of both players */
  const holdings = async () => {
    const out: Record<string, number> = {};
    for (const u of ['cs12', 'cs13']) for (const b of (await call('balances', { username: u })).json.balances) out[`${u}:${b.platform}`] = b.balance_fen;
    return out;
  };
  const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(b).filter((k) => a[k] !== b[k]).map((k) => [k, b[k]! - (a[k] ?? 0)]));

  beforeAll(async () => {
    t = await startApp({ listen: true });
    secret = t.ctx.config.sandboxSecret;
    for (const u of ['cs12', 'cs13']) expect((await call('player/create', { username: u })).status).toBe(200);
  });
  afterAll(() => t.stop());

  const genuine = { username: 'cs12', platform: 'pp', transfer_id: 'F1', amount_fen: 500 };
  const wish = { username: 'cs13', amount_fen: 50_000, transfer_id: 'F2', platform: 'ag', type: 'withdraw' };

  it('a mutant with the genuine signature, or re-signed, never moves money wrongly and never answers 500', async () => {
    const g = signRequest(secret, { path, body: genuine });
    expect((await send(path, g.headers, g.body)).status).toBe(200);
    // replayed as is: the first result again, nothing moves twice
    const before0 = await holdings();
    expect((await send(path, g.headers, g.body)).status).toBe(200);
    expect(diff(before0, await holdings())).toEqual({});
    let resignedApplied = 0;
    await fc.assert(
      fc.asyncProperty(jsonMutants(genuine, wish, { numberFields: ['amount_fen'], stringFields: ['username', 'platform', 'transfer_id'] }), fc.boolean(), async (m: JsonMutant, resign) => {
        const before = await holdings();
        const headers = resign ? signRequest(secret, { path, body: m.text }).headers : g.headers;
        const r = await send(path, headers, m.text);
        const moved = diff(before, await holdings());
        const report = { mutant: m.name, resign, status: r.status, moved };
        expect(r.status, JSON.stringify(report)).toBeLessThan(500);
        if (!resign) {
          // the signature covers another body: refused (401, or 400 when it is not even JSON), unless the text is byte for byte the genuine one
          expect({ ...report, ok: m.text === g.body ? r.status === 200 : r.status === 401 || r.status === 400 }).toEqual({ ...report, ok: true });
          expect(report.moved).toEqual({});
          return;
        }
        if (r.status !== 200) {
          expect(report.moved).toEqual({});
          return;
        }
        // accepted: exactly what the answer (and the body as the provider reads it) says moved
        const answer = JSON.parse(r.text);
        const body = JSON.parse(m.text);
        expect({ mutant: m.name, amount: answer.amount_fen, id: answer.transfer_id }).toEqual({ mutant: m.name, amount: body.amount_fen, id: body.transfer_id });
        expect(Number.isSafeInteger(answer.amount_fen) && answer.amount_fen > 0, m.name).toBe(true);
        if (answer.status === 'success' && Object.keys(moved).length) {
          resignedApplied++;
          expect(report.moved).toEqual({ [`${body.username}:${body.platform}`]: answer.amount_fen });
        } else expect(report.moved).toEqual({});
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // a re-signed new transfer (another id or player) was applied: the test does not pass by refusing everything
    expect(resignedApplied).toBeGreaterThan(0);
  });

  it('a stale, future, re-stamped, re-pathed or malformed signature is refused and moves nothing', async () => {
    const body = JSON.stringify({ ...genuine, transfer_id: 'H1' });
    const now = Date.now();
    const good = signRequest(secret, { path, body }).headers;
    const variants = fc.constantFrom<[string, Record<string, string>, string?]>(
      ['stale', signRequest(secret, { path, body, ts: now - MAX_SKEW_MS - 60_000 }).headers],
      ['future', signRequest(secret, { path, body, ts: now + MAX_SKEW_MS + 60_000 }).headers],
      ['another ts, same signature', { ...good, 'x-sandbox-ts': String(Number(good['x-sandbox-ts']) + 1) }],
      ['ts with a leading zero', { ...good, 'x-sandbox-ts': `0${good['x-sandbox-ts']}` }],
      ['ts as a fraction', { ...good, 'x-sandbox-ts': `${good['x-sandbox-ts']}.0` }],
      ['ts in hex', { ...good, 'x-sandbox-ts': `0x${Number(good['x-sandbox-ts']).toString(16)}` }],
      ['ts with an exponent', { ...good, 'x-sandbox-ts': Number(good['x-sandbox-ts']).toExponential() }],
      ['no signature', { 'content-type': 'application/json', 'x-sandbox-ts': good['x-sandbox-ts']! }],
      ['signature cut short', { ...good, 'x-sandbox-sign': good['x-sandbox-sign']!.slice(0, 63) }],
      ['signature of another secret', signRequest(`${secret}x`, { path, body }).headers],
      ['signature over the withdraw path', signRequest(secret, { path: '/sandbox/provider/api/withdraw', body }).headers],
      ['signature over GET', { ...good, 'x-sandbox-sign': signature(secret, good['x-sandbox-ts']!, 'GET', path, body) }],
      ['signed for deposit, sent to withdraw', good, '/sandbox/provider/api/withdraw'],
      ['signed path with a query string', signRequest(secret, { path: `${path}?x=1`, body }).headers],
      ['signature as base64', { ...good, 'x-sandbox-sign': Buffer.from(good['x-sandbox-sign']!, 'hex').toString('base64') }],
    );
    await fc.assert(
      fc.asyncProperty(variants, async ([name, headers, url]) => {
        const before = await holdings();
        const r = await send(url ?? path, headers, body);
        expect({ name, status: r.status, moved: diff(before, await holdings()) }).toEqual({ name, status: 401, moved: {} });
      }),
      { numRuns: 40, seed: SEED + 1 },
    );
  });
});
