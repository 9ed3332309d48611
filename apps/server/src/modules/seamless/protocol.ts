import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_CODE_NAMES } from '@casino/contract';
import { strictJsonObject } from '../../adapters/verified-fields.ts';

/**
 * The wire side of the seamless wallet protocol (adapters/venues/SEAMLESS.md): codes, the
 * signature over the raw body, the strict reading of a call's fields and of its amount.
 */
export const SEAMLESS_OPS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type SeamlessOp = (typeof SEAMLESS_OPS)[number];

export const CODE = {
  ok: 0,
  insufficient: 1001,
  blocked: 1002,
  badSignature: 2001,
  unknownPlayer: 2002,
  badRequest: 2003,
  unknownDebit: 3001,
  settled: 3002,
  retry: 5000,
} as const;
export type SeamlessCode = (typeof CODE)[keyof typeof CODE];

export interface Answer {
  code: number;
  message: string;
  /** yuan with two decimals; absent when the player is unknown or the signature bad */
  balance?: string;
}

export const answer = (code: number, balanceFen?: number): Answer =>
  balanceFen === undefined ? { code, message: code === 0 ? 'OK' : SEAMLESS_CODE_NAMES[code] ?? '错误' } : { code, message: code === 0 ? 'OK' : SEAMLESS_CODE_NAMES[code] ?? '错误', balance: yuanOf(balanceFen) };

/** fen as the protocol's yuan text, two decimals */
export function yuanOf(fen: number): string {
  const neg = fen < 0;
  const a = Math.abs(fen);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

const MAX_FEN = 10_000_000_00;
const AMOUNT = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;

/** a protocol amount (a decimal string of yuan, at most two decimals, 0 to 10,000,000.00) in fen, or null */
export function fenOf(v: unknown): number | null {
  if (typeof v !== 'string' || !AMOUNT.test(v)) return null;
  const [whole, frac = ''] = v.split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(fen) && fen <= MAX_FEN ? fen : null;
}

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const PLAYER = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface Call {
  player: string;
  txId: string;
  roundId: string;
  debitTxId: string;
  gameCode: string;
  /** fen */
  amount: number;
}

const FIELDS: Record<SeamlessOp, readonly string[]> = {
  balance: ['player'],
  debit: ['player', 'txId', 'roundId', 'gameCode', 'amount'],
  credit: ['player', 'txId', 'roundId', 'debitTxId', 'gameCode', 'amount'],
  rollback: ['player', 'txId', 'roundId', 'debitTxId'],
};

/**
 * The call's fields from the signed body, or null when the body is not exactly one strict JSON
 * object with the op's fields, each well formed (unknown extra fields are ignored, never read).
 */
export function readCall(op: SeamlessOp, raw: string): Call | null {
  const o = strictJsonObject(raw);
  if (!o) return null;
  const call: Call = { player: '', txId: '', roundId: '', debitTxId: '', gameCode: '', amount: 0 };
  for (const f of FIELDS[op]) {
    const v = o[f];
    if (f === 'amount') {
      const fen = fenOf(v);
      if (fen === null || (op === 'debit' && fen === 0)) return null;
      call.amount = fen;
    } else {
      if (typeof v !== 'string' || !(f === 'player' ? PLAYER : ID).test(v)) return null;
      (call as unknown as Record<string, string>)[f] = v;
    }
  }
  return call;
}

/** what a repeat must match: the op and the fields acted on */
export function bodyHash(op: SeamlessOp, c: Call): string {
  return createHash('sha256').update(JSON.stringify([op, c.player, c.txId, c.roundId, c.debitTxId, c.gameCode, c.amount])).digest('hex');
}

/** a sandbox venue's wallet key: derived from the provider's secret, so no key travels */
export function derivedVenueKey(providerSecret: string, venue: string): string {
  return createHmac('sha256', providerSecret).update(`wallet:${venue}`).digest('hex');
}

const SKEW_MS = 5 * 60_000;

/** true when `sign` is HMAC-SHA256(key, ts\nPOST\npath\nraw) and ts is within 5 minutes of now */
export function signedBy(key: string, ts: string | undefined, sign: string | undefined, path: string, raw: string, now: number): boolean {
  if (!ts || !sign || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(sign)) return false;
  if (Math.abs(now - Number(ts)) > SKEW_MS) return false;
  const want = createHmac('sha256', key).update(`${ts}\nPOST\n${path}\n${raw}`).digest();
  return timingSafeEqual(want, Buffer.from(sign, 'hex'));
}

/** a test's or a provider's signed headers for a body (the sandbox signs the same way) */
export function signWalletCall(key: string, path: string, raw: string, ts = Date.now()): Record<string, string> {
  return { 'content-type': 'application/json', 'x-wallet-ts': String(ts), 'x-wallet-sign': createHmac('sha256', key).update(`${ts}\nPOST\n${path}\n${raw}`).digest('hex') };
}
