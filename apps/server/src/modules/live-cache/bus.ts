import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { listenChannel } from '../../lib/pg-channel.ts';
import { subscribeChannel } from '../../lib/redis-channel.ts';

/** A batch of keys whose cached answers are stale, from the process `origin`. */
export interface Invalidation {
  origin: string;
  topic: string;
  keys: (string | number)[];
}

/**
 * Carries invalidations between server processes. `live()` is false while messages from the
 * others may be missed (not yet subscribed, connection lost): the caches then answer nothing.
 * After a gap `onGap` fires (every process-local answer may be stale) once messages flow again.
 */
export interface InvalidationBus {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** this process's id in every message it sends (its own come back and are skipped) */
  readonly origin: string;
  live(): boolean;
  ready(): Promise<void>;
  /** one commit turn's invalidations, every topic together: one message unless too large for one */
  publish(batch: InvalidationBatch): Promise<void>;
  onMessage(fn: (m: Invalidation) => void): void;
  onGap(fn: () => void): void;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; Redis has no such limit, one size keeps it simple */
const MAX_PAYLOAD = 7000;

/** one commit turn's invalidations: each topic with its keys, in order */
export type InvalidationBatch = readonly (readonly [topic: string, keys: readonly (string | number)[]])[];

/**
 * Every topic's keys of one batch as messages of at most MAX_PAYLOAD bytes of JSON, as few as fit
 * (one for a commit's usual handful of keys, issue 37 point 3):
 * {"origin":…,"topics":[["topic",[key,…]],…]}. A topic whose keys do not fit goes on in the next
 * message; a topic without keys is not sent.
 */
export function encode(origin: string, batch: InvalidationBatch): string[] {
  const out: string[] = [];
  const head = `{"origin":${JSON.stringify(origin)},"topics":[`; // a message is head, topics, `]}`
  // sizes are counted from above: a key's comma, and each topic's `["topic",[`, `]]` and comma
  let body = ''; // the finished topics of the message under way
  let topicHead = ''; // the open topic: `["topic",[`
  let part: string[] = [];
  let size = head.length + 2;
  const finishTopic = () => {
    if (part.length) body += `${body ? ',' : ''}${topicHead}${part.join(',')}]]`;
    part = [];
  };
  const finishMessage = () => {
    finishTopic();
    if (body) out.push(`${head}${body}]}`);
    body = '';
    size = head.length + 2;
  };
  for (const [topic, keys] of batch) {
    topicHead = `[${JSON.stringify(topic)},[`;
    let opened = false;
    for (const key of keys) {
      const k = JSON.stringify(key);
      const add = Buffer.byteLength(k) + 1 + (opened ? 0 : Buffer.byteLength(topicHead) + 3);
      if ((body || part.length) && size + add > MAX_PAYLOAD) {
        finishMessage();
        opened = false;
      }
      if (!opened) {
        size += Buffer.byteLength(topicHead) + 3;
        opened = true;
      }
      part.push(k);
      size += Buffer.byteLength(k) + 1;
    }
    finishTopic();
  }
  finishMessage();
  return out;
}

const isKey = (k: unknown) => typeof k === 'string' || typeof k === 'number';

/** a message's invalidations, one per topic in the order sent (null: not one of ours) */
export function decode(raw: string): Invalidation[] | null {
  try {
    const m = JSON.parse(raw) as { origin?: unknown; topics?: unknown; topic?: unknown; keys?: unknown };
    if (!m || typeof m.origin !== 'string') return null;
    const origin = m.origin;
    // the one-topic form of earlier releases, still understood while processes of both run
    if (typeof m.topic === 'string' && Array.isArray(m.keys)) return m.keys.every(isKey) ? [{ origin, topic: m.topic, keys: m.keys }] : null;
    if (!Array.isArray(m.topics)) return null;
    const out: Invalidation[] = [];
    for (const t of m.topics as unknown[]) {
      if (!Array.isArray(t) || typeof t[0] !== 'string' || !Array.isArray(t[1]) || !t[1].every(isKey)) return null;
      out.push({ origin, topic: t[0], keys: t[1] });
    }
    return out;
  } catch {
    return null;
  }
}

function base(kind: InvalidationBus['kind']) {
  const origin = randomBytes(8).toString('hex');
  const messageFns: ((m: Invalidation) => void)[] = [];
  const gapFns: (() => void)[] = [];
  return {
    kind,
    origin,
    onMessage: (fn: (m: Invalidation) => void) => void messageFns.push(fn),
    onGap: (fn: () => void) => void gapFns.push(fn),
    deliver(raw: string) {
      const all = decode(raw);
      if (!all || !all.length || all[0].origin === origin) return;
      for (const m of all) for (const fn of messageFns) fn(m);
    },
    gap: () => gapFns.forEach((fn) => fn()),
  };
}

/** One process (SQLite): nothing to carry; this process's own commits invalidate directly. */
export function memoryBus(): InvalidationBus {
  const b = base('memory');
  return { kind: b.kind, origin: b.origin, live: () => true, ready: async () => {}, publish: async () => {}, onMessage: b.onMessage, onGap: b.onGap, close: async () => {} };
}

/** Redis pub/sub (REDIS_URL): one connection publishes, another subscribes. */
export function redisBus(url: string, channel: string, log: Logger): InvalidationBus {
  const b = base('redis');
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  // messages sent while the connection was down are gone: forget everything once subscribed again
  const sub = subscribeChannel(url, channel, log, 'cache bus', { message: (raw) => b.deliver(raw), again: () => b.gap() });
  pub.on('error', (err) => log.warn({ err }, 'cache bus: redis error'));
  return {
    kind: b.kind,
    origin: b.origin,
    live: () => sub.live(),
    ready: () => sub.ready(),
    async publish(batch) {
      for (const message of encode(b.origin, batch)) await pub.publish(channel, message);
    },
    onMessage: b.onMessage,
    onGap: b.onGap,
    async close() {
      pub.disconnect();
      sub.close();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY (PostgreSQL without Redis): a connection of its own listens and comes
 * back after a loss (then a gap); NOTIFY goes through the app's pool.
 */
export function postgresBus(db: Kysely<any>, url: string, schema: string | undefined, channel: string, log: Logger): InvalidationBus {
  const b = base('postgres');
  const listener = listenChannel(url, schema ? `casino-cache:${schema}` : 'casino-cache', channel, log, 'cache bus', {
    message: (payload) => b.deliver(payload),
    again: () => b.gap(),
  });
  return {
    kind: b.kind,
    origin: b.origin,
    live: () => listener.live(),
    ready: () => listener.ready(),
    async publish(batch) {
      for (const message of encode(b.origin, batch)) await sql`SELECT pg_notify(${channel}, ${message})`.execute(db);
    },
    onMessage: b.onMessage,
    onGap: b.onGap,
    close: () => listener.close(),
  };
}
