import type { ChatEvent } from '@casino/contract';
import type { FastifyReply } from 'fastify';
import type { BusMessage, ChatBus } from './bus.ts';
import { forMember, forOperator, memberView } from './service.ts';

/** a comment line every 20 s keeps proxies from closing an idle stream */
const HEARTBEAT_MS = 20_000;

interface Stream {
  kind: 'member' | 'admin';
  subject: number;
  reply: FastifyReply;
}

/**
 * Server-Sent Events of this process: one bus subscription fanned out to the open streams, each
 * getting only the events that concern its member or operator.
 */
export function createStreamHub(bus: ChatBus) {
  const streams = new Set<Stream>();

  const write = (s: Stream, e: ChatEvent) => {
    s.reply.raw.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  };

  const unsubscribe = bus.subscribe((m: BusMessage) => {
    for (const s of streams) {
      if ('resync' in m) {
        write(s, { type: 'ready' });
        continue;
      }
      if (s.kind === 'member' ? forMember(m, s.subject) : forOperator(m, s.subject)) write(s, s.kind === 'member' ? memberView(m.event) : m.event);
    }
  });

  const heartbeat = setInterval(() => {
    for (const s of streams) s.reply.raw.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** takes over the reply: headers, a first `ready` event, then events until either side closes */
    open(reply: FastifyReply, kind: 'member' | 'admin', subject: number) {
      reply.hijack();
      const raw = reply.raw;
      // the headers every reply carries (security headers, request id), then the stream's own; all
      // in lower case, as Fastify keeps them, so that none is sent twice
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const s: Stream = { kind, subject, reply };
      streams.add(s);
      // the client reconnects after 3 s unless it decides otherwise
      raw.write('retry: 3000\n\n');
      write(s, { type: 'ready' });
      const done = () => streams.delete(s);
      raw.on('close', done);
      raw.on('error', done);
    },
    count: () => streams.size,
    /** ends every stream (the process is stopping) */
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const s of streams) s.reply.raw.end();
      streams.clear();
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
