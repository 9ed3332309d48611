import fc from 'fast-check';

/**
 * Mutants of a genuine signed flat-field message (DESIGN.md section 9, issues 33 and 35): the
 * attacker holds one correctly signed message (a gateway's notify of their own order, a return
 * URL, an order reply) and changes everything but the signature. Used by the 四方 adapter's fuzz
 * test and the server's notify fuzz. JSON messages whose fields nest (provider answers, merchant
 * calls, seamless wallet calls) use json-mutants.ts beside this; uploads use upload-mutants.ts.
 *
 * A message is kept as its parts so that each mutation can work on fields, then it is written
 * out as a form, a flat JSON object, or JSON whose signed set sits under `data`.
 */
export type Pair = [string, string];
export type Format = 'form' | 'json' | 'json-data';

export interface Message {
  format: Format;
  /** the signed fields in their original order */
  signed: Pair[];
  /** unsigned top-level fields the message also carries (json-data: code, msg) */
  envelope: Pair[];
}

/** what the attacker would like credited instead: another member's pending order, a bigger amount */
export interface Wish {
  orderField: string;
  amountField: string;
  orderNo: string;
  amount: string;
  /** the gateway order number field, set empty so a stored one is not compared */
  tradeField: string;
}

export function write(m: Message, extra: { top?: Pair[]; data?: Pair[] | null; nested?: Record<string, unknown> } = {}): string {
  const top = [...(m.format === 'json-data' ? m.envelope : m.signed), ...(extra.top ?? [])];
  if (m.format === 'form') return top.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  // JSON by hand, so that a name may come twice as an attacker would send it
  const obj = (pairs: Pair[], more = '') => `{${[...pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`), ...(more ? [more] : [])].join(',')}}`;
  const data = m.format === 'json-data' ? [...m.signed, ...(extra.data ?? [])] : extra.data;
  const nested = extra.nested ? Object.entries(extra.nested).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',') : '';
  const dataPart = data ? `"data":${obj(data)}` : '';
  return obj(top, [dataPart, nested].filter(Boolean).join(','));
}

const shuffle = <T>(list: T[], order: number[]): T[] => list.map((x, i) => [order[i % order.length]! + i / 1000, x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
const recase = (s: string, how: number) => (how === 0 ? s.toUpperCase() : how === 1 ? s[0]!.toUpperCase() + s.slice(1) : s.replace(/_/g, '-'));

/** one mutant's text and what it tried, for the failure report */
export interface Mutant {
  name: string;
  text: string;
  /** extra query string on the notify URL */
  query?: string;
}

/** every kind of mutation of the outside probe and DESIGN 9, as a fast-check arbitrary */
export function mutants(m: Message, wish: Wish): fc.Arbitrary<Mutant> {
  const names = m.signed.map(([k]) => k);
  const wishPairs: Pair[] = [
    [wish.orderField, wish.orderNo],
    [wish.amountField, wish.amount],
    [wish.tradeField, ''],
  ];
  const key = fc.oneof(fc.constantFrom(...names, 'data', 'sign', 'amount', 'out_trade_no', 'paid_amount', 'status'), fc.string({ minLength: 1, maxLength: 12 }));
  const value = fc.oneof(fc.constantFrom(wish.orderNo, wish.amount, '', '0', '99999999'), fc.string({ maxLength: 16 }));
  const pair = fc.tuple(key, value) as fc.Arbitrary<Pair>;
  const json = m.format !== 'form';

  const kinds: fc.Arbitrary<Mutant>[] = [
    // the outside probe's message: a correctly signed top level and an unsigned data naming another order
    fc.constant({ name: 'unsigned data object (the probe)', text: write(m, { data: m.format === 'json-data' ? null : wishPairs }) }),
    fc.constant({ name: 'unsigned data object beside signed data', text: write(m, { top: wishPairs }) }),
    fc.array(pair, { minLength: 1, maxLength: 4 }).map((top) => ({ name: `unsigned top-level ${JSON.stringify(top)}`, text: write(m, { top }) })),
    fc.array(pair, { minLength: 1, maxLength: 4 }).map((data) => ({ name: `unsigned data fields ${JSON.stringify(data)}`, text: write(m, { data: m.format === 'json-data' ? data : [...data, ...wishPairs] }) })),
    // a second value of a signed name, before or after the first
    fc.tuple(fc.constantFrom(...names), value, fc.boolean()).map(([k, v, before]) => {
      const text = write(m);
      if (m.format === 'form') {
        const dup = `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
        return { name: `duplicate ${k} ${before ? 'first' : 'last'}`, text: before ? `${dup}&${text}` : `${text}&${dup}` };
      }
      const dup = `${JSON.stringify(k)}:${JSON.stringify(v)}`;
      // the signed object: the whole text, or the data object at its end
      const open = m.format === 'json' ? 1 : text.indexOf('"data":{') + 8;
      const close = m.format === 'json' ? text.length - 1 : text.length - 2;
      return { name: `duplicate ${k} ${before ? 'first' : 'last'}`, text: before ? `${text.slice(0, open)}${dup},${text.slice(open)}` : `${text.slice(0, close)},${dup}${text.slice(close)}` };
    }),
    // the same names in another case, carrying the wish
    fc.integer({ min: 0, max: 2 }).map((how) => ({ name: `case game ${how}`, text: write(m, { top: wishPairs.map(([k, v]) => [recase(k, how), v] as Pair), data: m.format === 'json-data' ? wishPairs.map(([k, v]) => [recase(k, how), v] as Pair) : undefined }) })),
    // the same fields in another order (still genuine)
    fc.array(fc.integer({ min: 0, max: 50 }), { minLength: names.length, maxLength: names.length }).map((order) => ({ name: 'reordered', text: write({ ...m, signed: shuffle(m.signed, order) }) })),
    // cut anywhere
    fc.integer({ min: 1, max: 400 }).map((n) => {
      const text = write(m);
      return { name: `truncated at ${n % text.length}`, text: text.slice(0, n % text.length) };
    }),
    // a signed value changed to the wish
    fc.constantFrom(...wishPairs.filter(([k]) => names.includes(k))).map(([k, v]) => ({ name: `signed ${k} changed`, text: write({ ...m, signed: m.signed.map(([a, b]) => [a, a === k ? v : b] as Pair) }) })),
    // the wish in the URL's query string
    fc.constant({ name: 'wish in the query string', text: write(m), query: new URLSearchParams(wishPairs).toString() }),
  ];
  if (json) {
    kinds.push(
      fc.constantFrom('nested', 'array', 'deep').map((how) => ({
        name: `nested ${how}`,
        text: write(m, { nested: how === 'nested' ? { order: Object.fromEntries(wishPairs) } : how === 'array' ? { data: [Object.fromEntries(wishPairs)] } : { x: { data: Object.fromEntries(wishPairs) } } }),
      })),
      fc.constant({ name: 'comment', text: write(m).replace(/^\{/, '{/*x*/') }),
      fc.constant({ name: 'two documents', text: `${write(m)}${write(m, { top: wishPairs })}` }),
    );
  }
  return fc.oneof(...kinds);
}
