import { badRequest } from './errors.ts';

/** Small field readers for JSON bodies: each throws a 400 naming the field. */
export type Body = Record<string, unknown>;

export function asBody(value: unknown): Body {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('body must be a JSON object');
  return value as Body;
}

const USERNAME = /^[A-Za-z0-9_.@-]{1,64}$/;
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

function text(body: Body, name: string, pattern: RegExp): string {
  const v = body[name];
  if (typeof v !== 'string' || !pattern.test(v)) throw badRequest(`${name} is missing or malformed`);
  return v;
}

export const username = (b: Body) => text(b, 'username', USERNAME);
export const transferId = (b: Body) => text(b, 'transfer_id', ID);
export const code = (b: Body, name: string) => text(b, name, CODE);

/** largest single amount accepted: 1 billion yuan, far from unsafe integers */
export const MAX_AMOUNT_FEN = 100_000_000_000;

export function amountFen(b: Body, name = 'amount_fen'): number {
  const v = b[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0 || v > MAX_AMOUNT_FEN) {
    throw badRequest(`${name} must be a positive integer number of fen`);
  }
  return v;
}

export function optionalInt(b: Body, name: string, min: number, max: number, fallback: number): number {
  const v = b[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw badRequest(`${name} must be an integer from ${min} to ${max}`);
  }
  return v;
}
