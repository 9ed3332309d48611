import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from './hub.ts';

/**
 * The hub's heartbeat alone (no HTTP): every stream is pinged and its session checked once a
 * period, a slice of the streams at a time (issue 37: one tick pinging and checking 10,000 streams
 * stalled delivery), and a session whose row is gone ends its stream with no announcement.
 */

/** a reply whose raw side is a stream we read: what the hub writes, as text */
function fakeReply() {
  const raw = Object.assign(new PassThrough(), { writeHead: () => raw, socket: null });
  let text = '';
  raw.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const reply = { hijack() {}, raw, getHeaders: () => ({}) } as unknown as FastifyReply;
  return { reply, raw, text: () => text };
}

let hub: Hub | undefined;
afterEach(() => hub?.close());

describe('live-stream hub heartbeat', () => {
  it('pings and checks each stream once a period, a slice at a time; a vanished session ends its stream', async () => {
    const calls: string[][] = [];
    const gone = new Set(['t7']);
    hub = createHub({
      balanceOf: async () => 1,
      unreadOf: async () => 0,
      sessionsAlive: async (hashes) => {
        calls.push(hashes);
        return new Set(hashes.filter((h) => !gone.has(h)));
      },
      busLive: () => true,
      log: pino({ level: 'silent' }),
      heartbeatMs: 600,
    });
    const streams = Array.from({ length: 30 }, (_, i) => {
      const r = fakeReply();
      hub!.open(r.reply, { memberId: i + 1, tokenHash: `t${i}` } as never);
      return r;
    });
    // every stream pinged, and the vanished session's stream told why it ends (events, not time)
    await Promise.all(
      streams.map(
        (s, i) =>
          new Promise<void>((resolve) => {
            const done = () => (i === 7 ? s.text().includes('"revoked"') : s.text().includes(': ping')) && resolve();
            s.raw.on('data', done);
            done();
          }),
      ),
    );
    expect(streams[7].raw.writableEnded).toBe(true);
    expect(hub.count()).toBe(29);
    // spread: no tick looked up more than its share (30 streams / 15 slices), and every session was looked up
    expect(Math.max(...calls.map((c) => c.length))).toBeLessThanOrEqual(2);
    expect(new Set(calls.flat()).size).toBe(30);
  });
});
