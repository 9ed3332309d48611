import http from 'node:http';
import { signPayBody } from '@casino/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from './client.ts';

/**
 * Issue 33 point 1, the signed-JSON sandbox gateway's answers: a query answer moves money like a
 * notify (the pending-order job applies it), so it is believed only when signed with the merchant
 * secret over its raw body, and read strictly. A gateway stand-in answers each query with what
 * the test sets; queryOrder either throws or answers exactly the signed order.
 */
const SECRET = 'merchant-secret-of-the-sandbox-gateway-0123456789';
const order = { order_no: 'SP1', merchant_order_no: 'D100', state: 'paid', amount_fen: 10000, paid_fen: 10000, paid_at: 1 };

describe('sandbox gateway answers: believed only when signed, read strictly', () => {
  let answer: { headers: Record<string, string>; body: string } = { headers: {}, body: '' };
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', ...answer.headers }).end(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const gateway = () => createSandboxGateway({ baseUrl: base, secret: SECRET, timeoutMs: 2000 });
  const query = () => gateway().queryOrder('D100');

  it('a signed answer is read; an unsigned, wrongly signed, changed or doubled one is refused', async () => {
    answer = signPayBody(SECRET, order);
    expect(await query()).toMatchObject({ merchantOrderNo: 'D100', state: 'paid', amount: 10000, paidAmount: 10000 });

    const signed = signPayBody(SECRET, order);
    const forged = { ...order, paid_fen: 30000, amount_fen: 30000 };
    const variants: { name: string; headers: Record<string, string>; body: string }[] = [
      { name: 'unsigned', headers: {}, body: JSON.stringify(forged) },
      { name: 'another secret', ...signPayBody('another-secret-of-somebody-else-0123456789', forged) },
      { name: 'body changed after signing', headers: signed.headers, body: JSON.stringify(forged) },
      { name: 'unsigned data beside it', headers: signed.headers, body: signed.body.replace(/}$/, `,"data":${JSON.stringify(forged)}}`) },
      // signed as it stands, but a key twice: two readers could take two amounts
      { name: 'duplicate key, signed', ...signPayBody(SECRET, signed.body.replace(/}$/, ',"paid_fen":30000}')) },
      { name: 'stale', ...signPayBody(SECRET, order, { ts: Date.now() - 60 * 60_000 }) },
    ];
    for (const v of variants) {
      answer = v;
      const got = await query().then(
        (o) => o,
        () => 'refused',
      );
      expect({ name: v.name, got }).toEqual({ name: v.name, got: 'refused' });
    }
  });
});
