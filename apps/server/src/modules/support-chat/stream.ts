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
  /** the session it belongs to */
  tokenHash: string;
}

export interface StreamHubDeps {
  /**
   * Of these operator sessions, those still allowed a stream (session row there, operator active,
   * role holding support.chat). Checked before anything is written to an operator's stream and at
   * every heartbeat: a stream whose session is gone gets nothing more and ends.
   */
  operatorSessionsAllowed(tokenHashes: string[]): Promise<Set<string>>;
  /** of these member sessions, those still there: the same rule for a member's stream */
  memberSessionsAllowed(tokenHashes: string[]): Promise<Set<string>>;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Server-Sent Events of this process: one bus subscription fanned out to the open streams, each
 * getting only the events that concern its member or operator. Messages are handled one after
 * another (an operator check may wait on the database), so each stream sees them in bus order.
 */
export function createStreamHub(bus: ChatBus, deps: StreamHubDeps) {
  const streams = new Set<Stream>();

  const write = (s: Stream, e: ChatEvent) => {
    s.reply.raw.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const end = (s: Stream) => {
    streams.delete(s);
    s.reply.raw.end();
  };

  /** the streams among these whose session may still receive; the others are ended */
  async function allowed(targets: Stream[]): Promise<Stream[]> {
    if (targets.length === 0) return targets;
    const hashesOf = (kind: Stream['kind']) => [...new Set(targets.filter((s) => s.kind === kind).map((s) => s.tokenHash))];
    const check = async (kind: Stream['kind'], ask: (hashes: string[]) => Promise<Set<string>>): Promise<Set<string> | null> => {
      const hashes = hashesOf(kind);
      if (hashes.length === 0) return new Set();
      try {
        return await ask(hashes);
      } catch (err) {
        // unknown: nothing goes to these streams (their clients catch up from history on reconnect)
        deps.log?.warn({ err }, `chat stream: ${kind} session check failed`);
        return null;
      }
    };
    const [admins, members] = await Promise.all([check('admin', deps.operatorSessionsAllowed), check('member', deps.memberSessionsAllowed)]);
    const out: Stream[] = [];
    for (const s of targets) {
      const ok = s.kind === 'admin' ? admins : members;
      if (ok === null) continue;
      if (ok.has(s.tokenHash)) out.push(s);
      else end(s);
    }
    return out;
  }

  async function deliver(m: BusMessage) {
    if ('resync' in m) {
      for (const s of await allowed([...streams])) write(s, { type: 'ready' });
      return;
    }
    const targets = [...streams].filter((s) => (s.kind === 'member' ? forMember(m, s.subject) : forOperator(m, s.subject)));
    for (const s of await allowed(targets)) if (streams.has(s)) write(s, s.kind === 'member' ? memberView(m.event) : m.event);
  }

  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = bus.subscribe((m: BusMessage) => {
    queue = queue.then(() => deliver(m)).catch((err) => deps.log?.warn({ err }, 'chat stream: delivery failed'));
  });

  const heartbeat = setInterval(() => {
    queue = queue
      .then(async () => {
        for (const s of await allowed([...streams])) s.reply.raw.write(': ping\n\n');
      })
      .catch((err) => deps.log?.warn({ err }, 'chat stream: heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** takes over the reply: headers, a first `ready` event, then events until either side closes */
    open(reply: FastifyReply, kind: 'member' | 'admin', subject: number, tokenHash: string) {
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
      const s: Stream = { kind, subject, reply, tokenHash };
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
