import { signPayBody, sifangSigned } from '@casino/sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { mutants, write, type Format, type Pair } from '../../../test/fuzz/field-mutants.ts';
import { wallet } from '../wallet/index.ts';
import { adminToken, central, depositRow, memberWithCard, noticeFor, sifangChannel, sifangMerchant } from '../payments/testing.ts';

/**
 * Issue 33 point 1 over real HTTP, on SQLite and PostgreSQL: a member holds the genuine signed
 * notify of their own order and mutates it every way the fuzzer knows, while another member's
 * order of 300.00 waits at the same channel. After each mutant the victim's order is untouched,
 * and the member's own order is either untouched (the mutant was refused; the genuine notify
 * then still credits it) or credited with exactly its signed amount, once. The signed-JSON
 * sandbox gateway's notifies are mutated too (body and signature headers). verify() at the end.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 40);
const SEED = Number(process.env.FUZZ_SEED || 33);

describe('notify fuzz over HTTP: no mutant credits another order or another amount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [600_000] } });
  });
  afterAll(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    await t.stop();
  });

  const entries = async (no: string) => (await t.ctx.db.selectFrom('ledger_entries').select('id').where('reference', '=', no).execute()).length;

  it('signed-JSON sandbox gateway: a changed body or doubled signature headers credit nothing', async () => {
    const member = await memberWithCard(t, 'sbx');
    const victim = await memberWithCard(t, 'sbv');
    const v = await t.post('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: victim.token });
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: member.token });
    const no = r.data.deposit_no as string;
    const victimNo = v.data.deposit_no as string;
    // first in the file: no channel exists yet, so the order goes through the legacy sandbox gateway
    expect((await depositRow(t, no)).channel_id).toBeNull();
    const genuine = signPayBody(t.ctx.config.paymentSecret, await noticeFor(t, no, 10000));
    const victimBody = await noticeFor(t, victimNo, 30000);
    const variants: { name: string; headers: Record<string, string | string[]>; body: string }[] = [
      { name: 'victim order in the body', headers: genuine.headers, body: JSON.stringify(victimBody) },
      { name: 'unsigned data beside it', headers: genuine.headers, body: genuine.body.replace(/}$/, `,"data":${JSON.stringify(victimBody)}}`) },
      { name: 'duplicate key', headers: genuine.headers, body: genuine.body.replace(/}$/, `,"merchant_order_no":"${victimNo}"}`) },
      { name: 'two signatures', headers: { ...genuine.headers, 'x-pay-sign': [genuine.headers['x-pay-sign']!, 'ab'.repeat(32)] }, body: JSON.stringify(victimBody) },
    ];
    for (const x of variants) {
      const res = await t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: x.headers, payload: x.body });
      expect({ name: x.name, status: res.statusCode }).toEqual({ name: x.name, status: 401 });
    }
    expect((await depositRow(t, victimNo)).status).toBe('pending');
    expect((await depositRow(t, no)).status).toBe('pending');
    expect((await t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: genuine.headers, payload: genuine.body })).statusCode).toBe(200);
    expect(await central(t, member.id)).toBe(10000);
  });
  for (const format of ['form', 'json', 'json-data'] as const satisfies Format[]) {
    it(`四方 channel, ${format} notifies`, async () => {
      const m = await sifangMerchant(t, { merchant_id: `Z${format.length}${Math.random().toString(36).slice(2, 9)}` });
      const channel = await sifangChannel(t, m, { methods: [{ paytype: 'alipay', min: 1, max: 50000 }] });
      const victim = await memberWithCard(t, 'vic');
      const v = await t.post('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: victim.token });
      const victimNo = v.data.deposit_no as string;
      const attacker = await memberWithCard(t, 'atk');
      const send = async (text: string, query = '') => {
        const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${channel}${query ? `?${query}` : ''}`, headers: { 'content-type': format === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' }, payload: text });
        return res.statusCode;
      };
      let expected = 0;
      let taken = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 100, max: 500_00 }), fc.nat(), async (fen, pick) => {
          const r = await t.post('/api/recharge', { paytype: 'alipay', amount: fen / 100 }, { token: attacker.token });
          expect(r.code).toBe(200);
          const no = r.data.deposit_no as string;
          const body = await noticeFor(t, no, fen);
          const f = m.fields;
          const fields: Record<string, string> = { [f.merchant_id]: m.merchant_id, [f.order_no]: no, [f.gateway_order_no]: body.order_no, [f.amount]: (fen / 100).toFixed(2), [f.status]: m.success_status };
          const signed = Object.entries(sifangSigned(m, fields)) as Pair[];
          const msg = { format, signed, envelope: [['code', '0'], ['msg', 'ok']] as Pair[] };
          const wish = { orderField: f.order_no, amountField: f.amount, tradeField: f.gateway_order_no, orderNo: victimNo, amount: '300.00' };
          // one mutant of the fuzzer's kinds, picked by the property's own seed
          const mutant = fc.sample(mutants(msg, wish), { numRuns: 1, seed: pick })[0]!;
          const status = await send(mutant.text, mutant.query);
          const mine = await depositRow(t, no);
          // the victim's order never moves
          expect({ mutant: mutant.name, victim: (await depositRow(t, victimNo)).status, entries: await entries(victimNo) }).toEqual({ mutant: mutant.name, victim: 'pending', entries: 0 });
          if (mine.status === 'credited') {
            taken++;
            expect({ mutant: mutant.name, status, credited: Number(mine.credited_amount ?? mine.amount), entries: await entries(no) }).toEqual({ mutant: mutant.name, status: 200, credited: fen, entries: 1 });
          } else {
            // refused: nothing changed, and the genuine notify still credits exactly once
            expect({ mutant: mutant.name, mine: mine.status, entries: await entries(no) }).toEqual({ mutant: mutant.name, mine: 'pending', entries: 0 });
            const again = await send(write(msg));
            expect({ genuine: write(msg), again }).toMatchObject({ again: 200 });
            expect((await depositRow(t, no)).status).toBe('credited');
          }
          expected += fen;
          expect(await central(t, attacker.id)).toBe(expected);
        }),
        { numRuns: RUNS, seed: SEED + format.length },
      );
      expect(await central(t, victim.id)).toBe(0);
      // the next format's orders go to its own channel
      await t.post('/admin/api/payment-channels/delete', { id: channel }, { token: await adminToken(t) });
      // the harmless mutants (reordered fields, a query string) were read: not everything is refused
      expect(taken).toBeGreaterThan(0);
    });
  }

});
