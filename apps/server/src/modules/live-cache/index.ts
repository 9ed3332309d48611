import type { AppContext } from '../../context.ts';
import { hooksOf } from '../../db/hooks.ts';
import { memoryBus, postgresBus, redisBus, type Invalidation, type InvalidationBus } from './bus.ts';
import { Region, type Key } from './region.ts';

export { Region, type Key } from './region.ts';
export { decode, encode, memoryBus, postgresBus, redisBus, type Invalidation, type InvalidationBatch, type InvalidationBus } from './bus.ts';

/**
 * issue 24: answers kept in each server process (sessions, central balances) and dropped the
 * moment the data behind them changes in any process. A change is announced by the module that
 * makes it (`announce` in db/hooks.ts) once its transaction commits; this process's regions are
 * invalidated at once and the other processes' through the bus: Redis pub/sub when REDIS_URL is
 * set, else PostgreSQL LISTEN/NOTIFY on PostgreSQL, else (one SQLite process) nothing to carry.
 * While the bus may be missing messages every region answers nothing; after a gap each is cleared.
 */
export interface LiveCache {
  readonly bus: InvalidationBus;
  /** a region whose entries live at most `ttlMs` (the safety net should an invalidation be lost) */
  region<V>(max: number, ttlMs: number): Region<V>;
  /** what to do with a topic's keys, from this process's commits and from the other processes */
  on(topic: string, fn: (keys: readonly Key[]) => void): void;
  /** resolves once invalidations from other processes arrive */
  ready(): Promise<void>;
  /** invalidations received from other processes (tests wait on them) */
  onRemote(fn: (m: Invalidation) => void): () => void;
  close(): Promise<void>;
}

export function busFor(ctx: AppContext): InvalidationBus {
  const { config } = ctx;
  const scope = (config.databaseSchema ?? 'public').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);
  if (config.redisUrl) return redisBus(config.redisUrl, `casino:cache:${scope}`, ctx.log);
  if (ctx.dialect === 'postgres' && config.databaseUrl) return postgresBus(ctx.db, config.databaseUrl, config.databaseSchema, `cache_${scope}`, ctx.log);
  return memoryBus();
}

export async function createLiveCache(ctx: AppContext, bus: InvalidationBus = busFor(ctx)): Promise<LiveCache> {
  const handlers = new Map<string, ((keys: readonly Key[]) => void)[]>();
  const regions: Region<unknown>[] = [];
  const remote = new Set<(m: Invalidation) => void>();
  const dispatch = (topic: string, keys: readonly Key[]) => {
    for (const fn of handlers.get(topic) ?? []) fn(keys);
  };

  // this process's commits: invalidate here now, and tell the others, every topic of a turn in
  // one message (one NOTIFY per commit on PostgreSQL, issue 37 point 3)
  const outbox = new Map<string, Set<Key>>();
  let flushing = false;
  let sent: Promise<unknown> = Promise.resolve();
  const flush = () => {
    flushing = false;
    const batch = [...outbox].map(([topic, keys]) => [topic, [...keys]] as const);
    outbox.clear();
    sent = bus.publish(batch).catch((err) => ctx.log.warn({ err, topics: batch.map(([topic]) => topic) }, 'cache bus: publish failed'));
  };
  const hooks = await hooksOf(ctx.db);
  const unhook = hooks?.onCommit((topic, keys) => {
    if (!handlers.has(topic)) return;
    dispatch(topic, keys);
    if (bus.kind === 'memory') return;
    let set = outbox.get(topic);
    if (!set) outbox.set(topic, (set = new Set()));
    for (const k of keys) set.add(k);
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  });
  bus.onMessage((m) => {
    dispatch(m.topic, m.keys);
    for (const fn of remote) fn(m);
  });
  bus.onGap(() => {
    for (const r of regions) r.clear();
  });

  return {
    bus,
    region<V>(max: number, ttlMs: number) {
      const r = new Region<V>(max, ttlMs, () => bus.live());
      regions.push(r as Region<unknown>);
      return r;
    },
    on(topic, fn) {
      const list = handlers.get(topic) ?? [];
      list.push(fn);
      handlers.set(topic, list);
    },
    ready: () => bus.ready(),
    onRemote(fn) {
      remote.add(fn);
      return () => void remote.delete(fn);
    },
    async close() {
      unhook?.();
      if (outbox.size) flush();
      await sent;
      await bus.close();
    },
  };
}
