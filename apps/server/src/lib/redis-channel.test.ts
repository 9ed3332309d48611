import net from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { redisBus as cacheBus } from '../modules/live-cache/bus.ts';
import { redisBus as chatBus, type BusMessage } from '../modules/support-chat/bus.ts';
import { REDIS_URL, redisReachable } from '../../test/redis.ts';

/**
 * The Redis subscriptions of the cache bus and the chat bus through a TCP relay the test cuts:
 * after a cut they subscribe again and say so (the cache forgets, chat streams catch up), and a
 * bus closed while its new SUBSCRIBE waits for an answer leaves no unhandled rejection (ioredis
 * 6.0.0's own re-subscription did, which ends a Node process: lib/redis-channel.ts).
 */
const haveRedis = await redisReachable();
const silent = pino({ level: 'silent' });

/** a relay to the test Redis; `holdSubscribe` swallows the answers on a link once it has sent SUBSCRIBE */
function relay() {
  const upstream = new URL(REDIS_URL);
  const links = new Set<{ client: net.Socket; server: net.Socket }>();
  let holdSubscribe = false;
  let subscribesHeld = 0;
  const server = net.createServer((client) => {
    const up = net.connect(Number(upstream.port || 6379), upstream.hostname);
    const link = { client, server: up };
    links.add(link);
    let held = false;
    client.on('data', (chunk) => {
      if (holdSubscribe && /subscribe/i.test(chunk.toString('latin1'))) {
        held = true;
        subscribesHeld++;
      }
      up.write(chunk);
    });
    up.on('data', (chunk) => {
      if (!held) client.write(chunk);
    });
    for (const s of [client, up]) {
      s.on('error', () => s.destroy());
      s.on('close', () => {
        links.delete(link);
        client.destroy();
        up.destroy();
      });
    }
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    /** every open link drops, as in a network cut; the relay keeps listening */
    cut() {
      for (const l of links) {
        l.client.destroy();
        l.server.destroy();
      }
    },
    hold() {
      holdSubscribe = true;
    },
    held: () => subscribesHeld,
    close() {
      this.cut();
      server.close();
    },
  };
}

async function until(what: string, ok: () => boolean) {
  for (let i = 0; i < 500; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const relays: ReturnType<typeof relay>[] = [];
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  for (const r of relays.splice(0)) r.close();
});

describe.skipIf(!haveRedis)('Redis bus subscriptions through a cut', () => {
  it('the cache bus subscribes again after a cut, reports the gap, and carries messages again', async () => {
    const r = relay();
    relays.push(r);
    const port = await r.listen();
    const channel = `casino:cache:cut_${Date.now()}`;
    const bus = cacheBus(`redis://127.0.0.1:${port}`, channel, silent);
    const sender = new Redis(REDIS_URL);
    try {
      await bus.ready();
      expect(bus.live()).toBe(true);
      const got: unknown[] = [];
      let gaps = 0;
      bus.onMessage((m) => got.push(m));
      bus.onGap(() => gaps++);

      r.cut();
      await until('the loss to show', () => !bus.live());
      await until('the subscription to come back', () => bus.live());
      expect(gaps).toBeGreaterThanOrEqual(1);
      await sender.publish(channel, JSON.stringify({ origin: 'other', topics: [['balance', [7]]] }));
      await until('the message after the cut', () => got.length > 0);
      expect(got).toEqual([{ origin: 'other', topic: 'balance', keys: [7] }]);
    } finally {
      await bus.close();
      sender.disconnect();
    }
  });

  for (const kind of ['cache', 'chat'] as const) {
    it(`a ${kind} bus closed while its new SUBSCRIBE waits for an answer leaves no unhandled rejection`, async () => {
      process.on('unhandledRejection', onUnhandled);
      unhandled.length = 0;
      const r = relay();
      relays.push(r);
      const port = await r.listen();
      const url = `redis://127.0.0.1:${port}`;
      const channel = `casino:${kind}:hold_${Date.now()}`;
      const resyncs: BusMessage[] = [];
      const bus = kind === 'cache' ? cacheBus(url, channel, silent) : chatBus(url, channel, silent);
      if (kind === 'chat') (bus as ReturnType<typeof chatBus>).subscribe((m) => resyncs.push(m));
      await bus.ready();

      // the link drops; the reconnected one sends SUBSCRIBE and its answer never comes
      r.hold();
      r.cut();
      await until('the new SUBSCRIBE', () => r.held() > 0);
      await bus.close();
      // a rejection counts as unhandled once the microtasks after it have run
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled.map(String)).toEqual([]);
      expect(resyncs).toEqual([]);
    });
  }
});
