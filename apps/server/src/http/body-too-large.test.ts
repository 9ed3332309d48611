import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';

/**
 * issue 33 (7): a 5 MB JSON body to /api/register made Node's fetch fail with EPIPE (the
 * connection was closed while the client still wrote) instead of reading the 413 envelope. The
 * answer is sent and the body read and discarded before the connection closes (DESIGN 5).
 */
const run = promisify(execFile);

describe('an oversized body is answered, not reset', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startApp();
    await t.http.listen({ host: '127.0.0.1', port: 0 });
    const address = t.http.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.stop());

  /**
   * The client runs in a process of its own: in this one, its writes and the server's close
   * take turns on one event loop and the reset never showed.
   */
  it('Node fetch sending 5 MB of JSON, from another process, reads the 413 envelope every time', async () => {
    const script = `
      const body = JSON.stringify({ name: 'big', password: 'x'.repeat(5 * 1024 * 1024) });
      const out = [];
      for (let i = 0; i < 10; i++) {
        try {
          const res = await fetch(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          out.push({ status: res.status, body: await res.json() });
        } catch (e) {
          out.push({ error: String(e.cause?.code ?? e.message) });
        }
      }
      // a chunked body (no length) too
      let sent = 0;
      const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
      const stream = new ReadableStream({
        pull(c) {
          if (sent === 0) c.enqueue(new TextEncoder().encode('{"name":"'));
          if (sent >= 20) { c.enqueue(new TextEncoder().encode('"}')); c.close(); return; }
          sent++;
          c.enqueue(chunk);
        },
      });
      try {
        const res = await fetch(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' });
        out.push({ status: res.status, body: await res.json() });
      } catch (e) {
        out.push({ error: String(e.cause?.code ?? e.message) });
      }
      process.stdout.write(JSON.stringify(out));
    `;
    // the member API, and the support page's ticket form (a route with an error handler of its own)
    for (const path of ['/api/register', '/support/api/ticket']) {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, origin + path]);
      const replies = JSON.parse(stdout) as unknown[];
      expect(replies).toHaveLength(11);
      for (const [i, r] of replies.entries()) {
        expect({ path, i, r }).toMatchObject({ path, i, r: { status: 200, body: { code: CODE.tooLarge, message: MSG.bodyTooLarge, data: null } } });
      }
    }
    // the server still answers
    const ok = await fetch(`${origin}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await ok.json()) as { code: number }).code).toBe(CODE.invalid);
  });
});
