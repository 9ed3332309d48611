import { visit } from 'jsonc-parser';

/**
 * The one reader of signed inbound messages (DESIGN.md section 4, "Signed fields only"): every
 * adapter that believes a gateway's or a provider's message reads it through here.
 *
 * A message is read strictly before any signature is checked: a form body whose name comes twice,
 * a JSON body with a key twice at any depth, comments, trailing commas or a second document are
 * refused whole, because two readers (the sender's signer and us) could take different values
 * from them. What may be signed is one flat set of fields: the top level, or the `data` object of
 * a JSON body. Exactly one set must carry a good signature, and every field that moves money is
 * then read from that set alone: nothing is merged in from the other set, a nested object, a
 * second value of a name or the URL. (Wave 3's critical hole was that merge: a correctly signed
 * top level with an unsigned `data` naming another order credited the other order.)
 */
export type Fields = Record<string, string>;

export type FieldsProblem = 'malformed' | 'missing' | 'bad_signature';

/** a JSON text as one object, or null when it is not exactly one object with each key once at every depth */
export function strictJsonObject(text: string): Record<string, unknown> | null {
  const t = text.trim();
  if (!t.startsWith('{')) return null;
  let bad = false;
  const keys: Set<string>[] = [];
  visit(
    t,
    {
      onObjectBegin: () => void keys.push(new Set()),
      onObjectEnd: () => void keys.pop(),
      onObjectProperty: (name) => {
        const seen = keys.at(-1);
        if (!seen || seen.has(name)) bad = true;
        else seen.add(name);
      },
      onError: () => void (bad = true),
      onComment: () => void (bad = true),
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (bad) return null;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return null;
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** a form-encoded text as fields, or null when a name comes twice or it is not a form */
function strictForm(text: string): Fields | null {
  if (!/^[^=&\s]+=/.test(text)) return null;
  const out: Fields = Object.create(null);
  for (const [k, v] of new URLSearchParams(text)) {
    if (Object.hasOwn(out, k)) return null;
    out[k] = v;
  }
  return { ...out };
}

/** the scalar members of an object as strings (nested objects and arrays are no fields) */
function scalars(o: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [k, x] of Object.entries(o)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = String(x);
  return out;
}

/**
 * The field sets a signature may cover: a form's fields; a JSON object's top-level scalars and,
 * when `data` is an object, its scalars as a second set. Null when the text is neither, or is
 * ambiguous (a name twice).
 */
export function fieldSetsOf(text: string): Fields[] | null {
  const t = text.trim();
  if (t.startsWith('{')) {
    const v = strictJsonObject(t);
    if (!v) return null;
    const data = v.data;
    return data && typeof data === 'object' && !Array.isArray(data) ? [scalars(v), scalars(data as Record<string, unknown>)] : [scalars(v)];
  }
  const form = strictForm(t);
  return form ? [form] : null;
}

/**
 * The one field set whose signature `isSigned` accepts. `signField` names the signature's field:
 * a message in which no set carries one is 'missing'; one in which none verifies, or two do, is
 * refused.
 */
export function verifiedFields(text: string, signField: string, isSigned: (set: Fields) => boolean): { ok: true; fields: Fields } | { ok: false; problem: FieldsProblem } {
  const sets = fieldSetsOf(text);
  if (!sets) return { ok: false, problem: 'malformed' };
  const withSign = sets.filter((s) => (s[signField] ?? '') !== '');
  if (withSign.length === 0) return { ok: false, problem: 'missing' };
  const good = withSign.filter(isSigned);
  if (good.length !== 1) return { ok: false, problem: 'bad_signature' };
  return { ok: true, fields: good[0]! };
}

/** a field's value, with an empty value taken as absent (empty fields are never signed) */
export function signedValue(fields: Fields, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const v = fields[name];
  return v === undefined || v === '' ? undefined : v;
}
