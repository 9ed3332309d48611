import { EventEmitter } from 'node:events';
import type { ChatEvent } from '@casino/contract';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { listenChannel } from '../../lib/pg-channel.ts';
import { subscribeChannel } from '../../lib/redis-channel.ts';

/**
 * What travels between server processes: the event the clients get, and who it is for (the
 * conversation's member and operator; an operator losing it in a hand-over; every operator for
 * queue changes). `resync` is local only: the bus lost its connection for a while and every
 * stream should tell its client to catch up.
 */
export interface BusEvent {
  member_id: number;
  admin_id: number | null;
  /** the operator who held the conversation before (a hand-over or a close) */
  prev_admin_id?: number | null;
  /** for every operator (the queue changed) */
  operators?: boolean;
  event: ChatEvent;
}

export type BusMessage = BusEvent | { resync: true };

/**
 * Delivers chat events to every server process. Every implementation delivers a published
 * event to this process's own subscribers too, through the same path as to the others.
 */
export interface ChatBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** resolves once subscribed (events published before may be missed) */
  ready(): Promise<void>;
  publish(e: BusEvent): Promise<void>;
  subscribe(fn: (m: BusMessage) => void): () => void;
  close(): Promise<void>;
}

function local() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (m: BusMessage) => emitter.emit('m', m),
    subscribe(fn: (m: BusMessage) => void) {
      emitter.on('m', fn);
      return () => void emitter.off('m', fn);
    },
  };
}

const parse = (raw: string): BusEvent | null => {
  try {
    const v = JSON.parse(raw) as BusEvent;
    return v && typeof v === 'object' && v.event && typeof v.member_id === 'number' ? v : null;
  } catch {
    return null;
  }
};

/** One process (SQLite): an EventEmitter, delivered on the next turn like the others. */
export function memoryBus(): ChatBus {
  const l = local();
  return {
    kind: 'memory',
    ready: async () => {},
    async publish(e) {
      const copy = JSON.parse(JSON.stringify(e)) as BusEvent;
      setImmediate(() => l.emit(copy));
    },
    subscribe: l.subscribe,
    close: async () => {},
  };
}

/** Redis pub/sub (REDIS_URL set): one connection publishes, a second one subscribes. */
export function redisBus(url: string, channel: string, log: Logger): ChatBus {
  const l = local();
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  // events published while the connection was down are lost: once subscribed again, clients catch up
  const sub = subscribeChannel(url, channel, log, 'chat bus', {
    message(raw) {
      const e = parse(raw);
      if (e) l.emit(e);
    },
    again: () => l.emit({ resync: true }),
  });
  pub.on('error', (err) => log.warn({ err }, 'chat bus: redis error'));
  return {
    kind: 'redis',
    ready: () => sub.ready(),
    async publish(e) {
      await pub.publish(channel, JSON.stringify(e));
    },
    subscribe: l.subscribe,
    async close() {
      pub.disconnect();
      sub.close();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: a connection of its own listens (reconnecting after a loss, then
 * asking streams to resync); NOTIFY goes through the app's pool. A payload stays far below
 * PostgreSQL's 8000-byte limit: a message is at most 1000 characters.
 */
export function postgresBus(db: Kysely<any>, url: string, schema: string | undefined, channel: string, log: Logger): ChatBus {
  const l = local();
  const listener = listenChannel(url, schema ? `casino-chat:${schema}` : 'casino-chat', channel, log, 'chat bus', {
    message(payload) {
      const e = parse(payload);
      if (e) l.emit(e);
    },
    again: () => l.emit({ resync: true }),
  });
  return {
    kind: 'postgres',
    ready: () => listener.ready(),
    async publish(e) {
      await sql`SELECT pg_notify(${channel}, ${JSON.stringify(e)})`.execute(db);
    },
    subscribe: l.subscribe,
    close: () => listener.close(),
  };
}
