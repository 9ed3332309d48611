import fc from 'fast-check';

/**
 * Mutants of a genuine JSON message (DESIGN.md section 9, issue 35 point 2): the attacker holds one
 * message the other side really sent or signed (a provider's transfer answer, a merchant call to
 * the provider, a seamless wallet call) and changes it every way a reader might disagree with the
 * writer: fields merged in at any depth, a key twice at any depth, a value of another type, huge,
 * negative or fractional amounts, digits from other scripts, the text cut short, comments and a
 * second document. The 四方 gateway's form/flat-field messages have their own generator beside
 * their adapter (payments/sifang/mutants.ts); this one is for every JSON surface.
 *
 * A `wish` is what the attacker would like believed instead (another transfer id, a bigger
 * amount, another player): each wished field is pushed into the message by every kind of mutation.
 * Every mutant carries a name for the failure report. Seeded by the caller's fc.assert.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Wish = Record<string, Json>;

export interface JsonMutant {
  name: string;
  /** the text to send */
  text: string;
  /** true when the text is still exactly the genuine message (reordered keys, whitespace) */
  genuine?: boolean;
}

/** JSON by hand so a key may come twice, as an attacker would write it */
function write(v: Json, dup?: { path: string[]; key: string; value: Json; first: boolean }, at: string[] = []): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x, i) => write(x, dup, [...at, String(i)])).join(',')}]`;
  const parts = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${write(x, dup, [...at, k])}`);
  if (dup && dup.path.join('\u0000') === at.join('\u0000')) {
    const extra = `${JSON.stringify(dup.key)}:${JSON.stringify(dup.value)}`;
    if (dup.first) parts.unshift(extra);
    else parts.push(extra);
  }
  return `{${parts.join(',')}}`;
}

export const writeJson = (v: Json) => write(v);

/** every object inside the value (its path), the top level first */
function objectPaths(v: Json, at: string[] = []): string[][] {
  if (v === null || typeof v !== 'object') return [];
  const inner = (Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v)).flatMap(([k, x]) => objectPaths(x, [...at, k]));
  return Array.isArray(v) ? inner : [at, ...inner];
}

/** every scalar leaf inside the value (its path) */
function leafPaths(v: Json, at: string[] = []): string[][] {
  if (v === null || typeof v !== 'object') return [at];
  return (Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v)).flatMap(([k, x]) => leafPaths(x, [...at, k]));
}

function setAt(v: Json, path: string[], value: Json | undefined): Json {
  if (!path.length) return value as Json;
  const [k, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (String(i) === k ? setAt(x, rest, value) : x)).filter((x) => x !== undefined);
  if (v && typeof v === 'object') {
    const out: { [k: string]: Json } = {};
    for (const [a, x] of Object.entries(v)) {
      if (a !== k) out[a] = x;
      else if (!(rest.length === 0 && value === undefined)) out[a] = setAt(x, rest, value);
    }
    return out;
  }
  return v;
}

function getAt(v: Json, path: string[]): Json | undefined {
  let x: Json | undefined = v;
  for (const k of path) x = x && typeof x === 'object' ? (x as Record<string, Json>)[k] : undefined;
  return x;
}

/** values a reader might take for a number it expects, or take wrongly */
export const hostileNumbers: Json[] = [
  -1, -100, 0, -0, 0.5, 100.5, 1e-7, 1e21, 1e308, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.MAX_SAFE_INTEGER, 99999999999,
  '100', '１００', '١٠٠', '100.00', '1e2', '0x64', ' 100', '100 ', '', 'NaN', 'Infinity', true, false, null, [], {}, [100], { value: 100 },
];
/** the hand-written number texts JSON.stringify cannot make */
const rawNumbers = ['1e999', '-1e999', '100.0', '1.00e2', '00100', '-0.0', '123456789012345678901234567890'];

/** values a reader might take for a string it expects */
export const hostileStrings: Json[] = ['', ' ', 'x'.repeat(300), '\u0000', '<script>alert(1)</script>', '../../etc/passwd', 'ＡＢＣ', 'a\u202eb', 0, 1, true, null, [], {}, ['x'], { $ne: null }];

/**
 * Every kind of mutation as a fast-check arbitrary. `genuine` is the message as sent (an object);
 * `wish` is pushed into it. `numberFields` / `stringFields` name the fields whose type a reader
 * might confuse (the amounts, the ids).
 */
export function jsonMutants(genuine: { [k: string]: Json }, wish: Wish, o: { numberFields?: string[]; stringFields?: string[] } = {}): fc.Arbitrary<JsonMutant> {
  const objects = objectPaths(genuine);
  const leaves = leafPaths(genuine);
  const wishes = Object.entries(wish);
  const text = writeJson(genuine);
  const numberFields = o.numberFields ?? [];
  const stringFields = o.stringFields ?? [];
  const pathOf = (field: string) => leaves.find((p) => p.at(-1) === field) ?? [field];
  const wishPair = fc.constantFrom(...(wishes.length ? wishes : [['x', 1] as [string, Json]]));

  const kinds: fc.Arbitrary<JsonMutant>[] = [
    // the genuine message, keys reordered: must still be read as itself
    fc.array(fc.integer(), { minLength: 1, maxLength: 40 }).map((order) => {
      const entries = Object.entries(genuine).map(([k, v], i) => [order[i % order.length]! + i / 1000, k, v] as const);
      entries.sort((a, b) => a[0] - b[0]);
      return { name: 'reordered', text: writeJson(Object.fromEntries(entries.map(([, k, v]) => [k, v]))), genuine: true };
    }),
    fc.constantFrom(' ', '\n', '\t').map((ws) => ({ name: 'whitespace', text: `${ws}${text.replace(/,/g, `,${ws}`)}${ws}`, genuine: true })),
    // a wished field merged in at any depth: the top level, under data / result, or inside a nested object
    fc.tuple(wishPair, fc.constantFrom(...objects), fc.constantFrom('data', 'result', 'body', '')).map(([[k, v], at, under]) => {
      const merged = under ? setAt(genuine, [...at, under], { ...((getAt(genuine, [...at, under]) as object) ?? {}), [k]: v }) : setAt(genuine, [...at, k], v);
      return { name: `merged ${k}=${JSON.stringify(v)} at /${[...at, under].filter(Boolean).join('/')}`, text: writeJson(merged) };
    }),
    // a key twice at any depth, the wished value first or last
    fc.tuple(wishPair, fc.constantFrom(...objects), fc.boolean()).map(([[k, v], at, first]) => ({
      name: `duplicate ${k}=${JSON.stringify(v)} ${first ? 'first' : 'last'} at /${at.join('/')}`,
      text: write(genuine, { path: at, key: k, value: v, first }),
    })),
    // any leaf twice, with the genuine value changed
    fc.tuple(fc.constantFrom(...leaves.filter((p) => p.length)), fc.boolean(), fc.oneof(fc.constantFrom(...hostileNumbers), fc.string({ maxLength: 8 }))).map(([p, first, v]) => ({
      name: `duplicate leaf /${p.join('/')}=${JSON.stringify(v)} ${first ? 'first' : 'last'}`,
      text: write(genuine, { path: p.slice(0, -1), key: p.at(-1)!, value: v, first }),
    })),
    // a wished value in place of the genuine one (unsigned change)
    wishPair.map(([k, v]) => ({ name: `changed ${k}=${JSON.stringify(v)}`, text: writeJson(setAt(genuine, pathOf(k), v)) })),
    // every wish at once
    fc.constant({ name: `all wishes ${JSON.stringify(wish)}`, text: writeJson(wishes.reduce<Json>((m, [k, v]) => setAt(m, pathOf(k), v), genuine)) }),
    // a field removed
    fc.constantFrom(...leaves.filter((p) => p.length)).map((p) => ({ name: `without /${p.join('/')}`, text: writeJson(setAt(genuine, p, undefined)) })),
    // truncated anywhere
    fc.integer({ min: 0, max: 10_000 }).map((n) => ({ name: `truncated at ${n % text.length}`, text: text.slice(0, n % text.length) })),
    // not one plain document
    fc.constantFrom(
      { name: 'comment', text: text.replace(/^\{/, '{/*x*/') },
      { name: 'trailing comma', text: text.replace(/\}$/, ',}') },
      { name: 'two documents', text: `${text}${text}` },
      { name: 'byte-order mark', text: `\ufeff${text}` },
      { name: 'array of it', text: `[${text}]` },
      { name: 'null', text: 'null' },
      { name: 'string', text: JSON.stringify(text) },
      { name: 'empty', text: '' },
      { name: 'deep nesting', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      { name: '__proto__', text: text.replace(/^\{/, '{"__proto__":{"status":"success","amount_fen":99999},') },
    ),
  ];
  if (numberFields.length) {
    kinds.push(
      fc.tuple(fc.constantFrom(...numberFields), fc.constantFrom(...hostileNumbers)).map(([k, v]) => ({ name: `${k} as ${JSON.stringify(v)}`, text: writeJson(setAt(genuine, pathOf(k), v)) })),
      // numbers JSON.stringify cannot write, spliced in by hand
      fc.tuple(fc.constantFrom(...numberFields), fc.constantFrom(...rawNumbers)).map(([k, raw]) => {
        return { name: `${k} as raw ${raw}`, text: writeJson(setAt(genuine, pathOf(k), '@@raw-number@@')).replace('"@@raw-number@@"', raw) };
      }),
    );
  }
  if (stringFields.length) {
    kinds.push(fc.tuple(fc.constantFrom(...stringFields), fc.constantFrom(...hostileStrings)).map(([k, v]) => ({ name: `${k} as ${JSON.stringify(v)}`, text: writeJson(setAt(genuine, pathOf(k), v)) })));
  }
  return fc.oneof(...kinds);
}
