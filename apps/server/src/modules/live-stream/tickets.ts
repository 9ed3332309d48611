import { LIVE_LIMITS } from '@casino/contract';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Whom a redeemed ticket opens a stream for: the member and the session it was issued to. */
export interface TicketHolder {
  memberId: number;
  tokenHash: string;
}

/**
 * Single-use, short-lived tickets (LIVE_LIMITS.ticketSeconds) for GET /api/stream, kept where
 * every process can redeem them exactly once: in Redis when it is configured (GETDEL: read and
 * deleted in one step), else in the database (DELETE ... RETURNING: of two concurrent
 * redemptions one gets the row). Only the ticket's hash is stored.
 */
export interface TicketStore {
  issue(holder: TicketHolder, now?: number): Promise<{ ticket: string; expires_in: number }>;
  /** the holder, once; null for an unknown, used, expired or malformed ticket */
  redeem(ticket: string, now?: number): Promise<TicketHolder | null>;
  close(): Promise<void>;
}

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const ttlMs = () => LIVE_LIMITS.ticketSeconds * 1000;

export function databaseTickets(db: Kysely<DB>): TicketStore {
  let lastPrune = 0;
  return {
    async issue(holder, now = Date.now()) {
      const ticket = newToken();
      // expired tickets go at most once a second (not a statement per issue under load)
      if (now - lastPrune > 1000) {
        lastPrune = now;
        await db.deleteFrom('stream_tickets').where('expires_at', '<', now).execute();
      }
      await db.insertInto('stream_tickets').values({ hash: hashToken(ticket), member_id: holder.memberId, token_hash: holder.tokenHash, expires_at: now + ttlMs() }).execute();
      return { ticket, expires_in: LIVE_LIMITS.ticketSeconds };
    },
    async redeem(ticket, now = Date.now()) {
      if (!TICKET_SHAPE.test(ticket)) return null;
      const row = await db.deleteFrom('stream_tickets').where('hash', '=', hashToken(ticket)).returning(['member_id', 'token_hash', 'expires_at']).executeTakeFirst();
      if (!row || Number(row.expires_at) <= now) return null;
      return { memberId: Number(row.member_id), tokenHash: row.token_hash };
    },
    close: async () => {},
  };
}

export function redisTickets(url: string, prefix: string): TicketStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => {}); // a refused ticket call answers; the log would repeat every retry
  return {
    async issue(holder, now = Date.now()) {
      const ticket = newToken();
      const value = JSON.stringify({ m: holder.memberId, t: holder.tokenHash, e: now + ttlMs() });
      await redis.set(`${prefix}${hashToken(ticket)}`, value, 'PX', ttlMs());
      return { ticket, expires_in: LIVE_LIMITS.ticketSeconds };
    },
    async redeem(ticket, now = Date.now()) {
      if (!TICKET_SHAPE.test(ticket)) return null;
      const raw = await redis.getdel(`${prefix}${hashToken(ticket)}`);
      if (!raw) return null;
      try {
        const v = JSON.parse(raw) as { m: unknown; t: unknown; e: unknown };
        if (typeof v.m !== 'number' || typeof v.t !== 'string' || typeof v.e !== 'number' || v.e <= now) return null;
        return { memberId: v.m, tokenHash: v.t };
      } catch {
        return null;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
