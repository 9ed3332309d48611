import { describe, expect, it } from 'vitest';
import { decode, encode } from './bus.ts';
import { Region } from './region.ts';

describe('live cache region', () => {
  it('answers a kept value until its time to live ends or it is invalidated', () => {
    const r = new Region<number>(10, 1000);
    expect(r.set('a', 1, r.ticket(), [], 0)).toBe(true);
    expect(r.get('a', 999)).toBe(1);
    expect(r.get('a', 1000)).toBeUndefined();
    r.set('b', 2, r.ticket(), [], 0);
    r.invalidate('b');
    expect(r.get('b', 1)).toBeUndefined();
  });

  it('refuses a value read before an invalidation of its key or of a guard key', () => {
    const r = new Region<number>(10, 1000);
    const before = r.ticket();
    r.invalidate('a');
    expect(r.set('a', 1, before, [], 0)).toBe(false);
    expect(r.get('a', 0)).toBeUndefined();
    // read after the invalidation: kept
    expect(r.set('a', 2, r.ticket(), [], 0)).toBe(true);
    // another key's invalidation does not matter, a guard's does
    const t = r.ticket();
    r.invalidate('other');
    expect(r.set('b', 3, t, [], 0)).toBe(true);
    r.invalidate('member:7');
    expect(r.set('c', 4, t, ['member:7'], 0)).toBe(false);
    expect(r.fresh('b', t, ['member:7'])).toBe(false);
  });

  it('read(): a load raced by an invalidation answers its value but keeps nothing', async () => {
    const r = new Region<number>(10, 60_000);
    let release!: () => void;
    const loading = r.read('m1', () => new Promise<number>((resolve) => (release = () => resolve(100))));
    r.invalidate('m1');
    release();
    expect(await loading).toBe(100);
    expect(r.get('m1')).toBeUndefined();
    expect(await r.read('m1', async () => 200)).toBe(200);
    expect(await r.read('m1', async () => 300)).toBe(200);
  });

  it('clear() forgets everything and every load under way; nothing is kept while unusable', async () => {
    let usable = true;
    const r = new Region<number>(10, 60_000, () => usable);
    const t = r.ticket();
    r.set('a', 1, t);
    r.clear();
    expect(r.get('a')).toBeUndefined();
    expect(r.set('a', 1, t)).toBe(false);
    usable = false;
    expect(r.set('a', 1, r.ticket())).toBe(false);
    usable = true;
    r.set('a', 1, r.ticket());
    usable = false;
    expect(r.get('a')).toBeUndefined();
  });

  it('stays within its size, oldest first; forgetting old invalidations refuses the loads they could concern', () => {
    const r = new Region<number>(3, 60_000);
    for (const k of ['a', 'b', 'c', 'd']) r.set(k, 1, r.ticket());
    expect(r.size).toBe(3);
    expect(r.get('a')).toBeUndefined();
    const t = r.ticket();
    for (const k of ['w', 'x', 'y', 'z']) r.invalidate(k);
    // 'w' is no longer remembered: a load older than its invalidation cannot be told apart
    expect(r.set('w', 1, t)).toBe(false);
    expect(r.set('w', 1, r.ticket())).toBe(true);
  });

  it('splits a large batch of keys into messages PostgreSQL accepts', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `token-hash-${i}-${'x'.repeat(30)}`);
    const messages = encode('me', [['sessions:member:token', keys]]);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(Buffer.byteLength(m)).toBeLessThan(8000);
    expect(messages.flatMap((m) => decode(m)!.flatMap((i) => i.keys))).toEqual(keys);
  });

  it('carries every topic of a commit in one message, split into topics again on arrival (issue 37 point 3)', () => {
    const batch = [['wallet:central', [7]], ['live:orders', ['D1', 'W2']], ['empty', []]] as const;
    const messages = encode('me', batch);
    expect(messages).toHaveLength(1);
    expect(decode(messages[0])).toEqual([
      { origin: 'me', topic: 'wallet:central', keys: [7] },
      { origin: 'me', topic: 'live:orders', keys: ['D1', 'W2'] },
    ]);
    expect(encode('me', [['empty', []]])).toEqual([]);
    // the one-topic form of earlier releases still reads; foreign messages do not
    expect(decode('{"origin":"x","topic":"t","keys":[1,"a"]}')).toEqual([{ origin: 'x', topic: 't', keys: [1, 'a'] }]);
    expect(decode('{"origin":"x","topics":[["t",[{}]]]}')).toBeNull();
    expect(decode('not json')).toBeNull();
  });

  it('splits a batch of many topics, long and multi-byte keys included, keeping each topic\'s keys in order', () => {
    const batch = Array.from({ length: 40 }, (_, t) => [`topic-${t}-${'t'.repeat(t * 5)}`, Array.from({ length: 60 + t * 7 }, (_, i) => (i % 3 ? `键-${t}-${i}-${'值'.repeat(i % 40)}` : i))] as const);
    const messages = encode('me', batch);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(Buffer.byteLength(m)).toBeLessThanOrEqual(7000);
    // full: each message but the last leaves no room for much more
    for (const m of messages.slice(0, -1)) expect(Buffer.byteLength(m)).toBeGreaterThan(6500);
    const got = new Map<string, (string | number)[]>();
    for (const m of messages) for (const i of decode(m)!) got.set(i.topic, [...(got.get(i.topic) ?? []), ...i.keys]);
    expect([...got]).toEqual(batch.map(([t, k]) => [t, k]));
  });
});
