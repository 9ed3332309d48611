import { LIVE_LIMITS, type LiveEvent } from '@casino/contract';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { TicketHolder } from './tickets.ts';

interface Stream extends TicketHolder {
  reply: FastifyReply;
  opened: number;
}

export interface HubDeps {
  /** the member's central balance in yuan (as /api/balance answers it) */
  balanceOf(memberId: number): Promise<number>;
  /** the member's unread inbox count (as /api/messagenum answers it) */
  unreadOf(memberId: number): Promise<number>;
  /** which of these sessions still exist (and keep them from idling out: an open stream is use) */
  sessionsAlive(tokenHashes: string[]): Promise<Set<string>>;
  /** false while the bus may miss other processes' commits: no stream could be trusted then */
  busLive(): boolean;
  log: Logger;
  heartbeatMs?: number;
  maxStreams?: number;
}

/** a client that reads nothing while this much waits to be sent is dropped (it polls when it wakes) */
const MAX_BUFFERED = 64 * 1024;
const MAX_STREAMS = 50_000;
/** the heartbeat period is cut in this many ticks, each for its share of the streams */
const HEARTBEAT_SLICES = 15;

type Kind = 'balance' | 'inbox';

/**
 * The live-update streams of this process. One subscription per process (the live cache's bus,
 * index.ts) calls in here with the members whose balance, inbox or orders changed; the hub reads
 * the new value once per member (not per stream) and writes it to that member's streams only.
 */
export function createHub(deps: HubDeps) {
  const byMember = new Map<number, Set<Stream>>();
  let count = 0;
  let closed = false;

  const frame = (e: LiveEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
  const send = (s: Stream, text: string) => {
    const raw = s.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    if (raw.writableLength > MAX_BUFFERED) {
      raw.destroy();
      return;
    }
    raw.write(text);
  };
  const toMember = (memberId: number, e: LiveEvent) => {
    const set = byMember.get(memberId);
    if (!set) return;
    const text = frame(e);
    for (const s of set) send(s, text);
  };
  const drop = (s: Stream) => {
    const set = byMember.get(s.memberId);
    if (!set?.delete(s)) return;
    count--;
    if (set.size === 0) byMember.delete(s.memberId);
  };
  const end = (s: Stream, reason: Extract<LiveEvent, { type: 'bye' }>['reason']) => {
    drop(s);
    const raw = s.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    raw.end(frame({ type: 'bye', reason }));
  };

  // one read per member and kind at a time; a change during the read reads again after it, so
  // the last value written is never older than the last change announced
  const reading = new Map<string, { again: boolean; done: Promise<void> }>();
  const read = (kind: Kind, memberId: number) => (kind === 'balance' ? deps.balanceOf(memberId) : deps.unreadOf(memberId));
  /** settles once a value read after this call has been written (or its read failed) */
  const refresh = (kind: Kind, memberId: number): Promise<void> => {
    if (!byMember.has(memberId)) return Promise.resolve();
    const key = `${kind}:${memberId}`;
    const running = reading.get(key);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: false, done: Promise.resolve() };
    reading.set(key, state);
    state.done = (async () => {
      for (;;) {
        try {
          const value = await read(kind, memberId);
          toMember(memberId, kind === 'balance' ? { type: 'balance', balance: value } : { type: 'inbox', count: value });
        } catch (err) {
          deps.log.warn({ err, kind, memberId }, 'live stream: read failed');
        }
        if (state.again) {
          state.again = false;
          continue;
        }
        reading.delete(key);
        return;
      }
    })();
    return state.done;
  };

  // heartbeats, and the sessions' rows: a session ended where no announcement reached us still ends its streams
  const checkNow = async (streams: Stream[]) => {
    try {
      const hashes = new Set(streams.map((s) => s.tokenHash));
      if (hashes.size === 0) return;
      const alive = await deps.sessionsAlive([...hashes]);
      for (const s of streams) if (!alive.has(s.tokenHash)) end(s, 'revoked');
    } catch (err) {
      deps.log.warn({ err }, 'live stream: session check failed');
    }
  };
  // one check at a time, none skipped
  let checks = Promise.resolve();
  const checkStreams = (streams: Stream[]) => (checks = checks.then(() => checkNow(streams)));
  const everyStream = () => [...byMember.values()].flatMap((set) => [...set]);
  const check = () => checkStreams(everyStream());
  // Spread over the period: each of HEARTBEAT_SLICES ticks pings and checks the next slice of the
  // streams open at the round's start, so 10,000 streams are never written to and looked up in one
  // tick (that stalled delivery: p99 436 ms at 100 balance changes a second). A stream opened
  // mid-round joins the next round; each stream is pinged and checked once a period.
  const period = deps.heartbeatMs ?? LIVE_LIMITS.heartbeatSeconds * 1000;
  let round: Stream[] = [];
  let tick = 0;
  const heartbeat = setInterval(() => {
    const at = tick++ % HEARTBEAT_SLICES;
    if (at === 0) round = everyStream();
    const per = Math.ceil(round.length / HEARTBEAT_SLICES);
    const slice = round.slice(at * per, (at + 1) * per).filter((s) => byMember.get(s.memberId)?.has(s));
    if (slice.length === 0) return;
    for (const s of slice) send(s, ': ping\n\n');
    void checkStreams(slice);
  }, period / HEARTBEAT_SLICES);
  heartbeat.unref();
  // the bus lost: every stream ends (its client polls) rather than go quietly stale
  const watch = setInterval(() => {
    if (count > 0 && !deps.busLive()) endAll('unavailable');
  }, 1000);
  watch.unref();

  const endAll = (reason: Extract<LiveEvent, { type: 'bye' }>['reason']) => {
    for (const set of [...byMember.values()]) for (const s of [...set]) end(s, reason);
  };

  return {
    /** whether a stream may open now (not stopping, bus live, room left) */
    accepting: () => !closed && deps.busLive() && count < (deps.maxStreams ?? MAX_STREAMS),

    /** takes over the reply: headers, `ready`, the current balance and inbox, then events until either side closes */
    open(reply: FastifyReply, holder: TicketHolder) {
      reply.hijack();
      const raw = reply.raw;
      // the headers, `ready` and the first balance and inbox leave in one write (issue 37's bench:
      // a socket write per event was a third of an opening's CPU); events announced meanwhile
      // queue behind them in order
      raw.cork();
      // the headers every reply carries (security headers, request id), then the stream's own, in
      // lower case as Fastify keeps them; x-accel-buffering: nginx and its kind pass events at once
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.socket?.setNoDelay(true);
      const s: Stream = { ...holder, reply, opened: Date.now() };
      let set = byMember.get(s.memberId);
      if (!set) byMember.set(s.memberId, (set = new Set()));
      // bounded per member: the oldest goes (most likely a tab long gone whose socket has not failed yet)
      while (set.size >= LIVE_LIMITS.streamsPerMember) end(set.values().next().value as Stream, 'limit');
      set.add(s);
      byMember.set(s.memberId, set);
      count++;
      raw.write(`retry: 3000\n\n${frame({ type: 'ready' })}`);
      raw.on('close', () => drop(s));
      raw.on('error', () => drop(s));
      void Promise.all([refresh('balance', s.memberId), refresh('inbox', s.memberId)]).finally(() => raw.uncork());
    },

    balanceChanged: (memberIds: readonly number[]) => memberIds.forEach((id) => void refresh('balance', id)),
    inboxChanged: (memberIds: readonly number[]) => memberIds.forEach((id) => void refresh('inbox', id)),
    order: (memberId: number, e: Extract<LiveEvent, { type: 'order' }>) => toMember(memberId, e),
    /** the sessions ended (sign-out, revocation): their streams end */
    sessionsEnded(tokenHashes: readonly string[]) {
      const gone = new Set(tokenHashes);
      for (const set of [...byMember.values()]) for (const s of [...set]) if (gone.has(s.tokenHash)) end(s, 'revoked');
    },
    /** every session of these members ended (password change, freeze) */
    membersEnded(memberIds: readonly number[]) {
      for (const id of memberIds) for (const s of [...(byMember.get(id) ?? [])]) end(s, 'revoked');
    },
    /** after a gap in the bus: everything may have changed */
    resync() {
      for (const id of byMember.keys()) {
        void refresh('balance', id);
        void refresh('inbox', id);
      }
    },
    /** the sessions' rows now (tests; otherwise every heartbeat) */
    checkSessions: check,
    count: () => count,
    countOf: (memberId: number) => byMember.get(memberId)?.size ?? 0,
    members: () => byMember.size,
    /** ends every stream (the process is stopping) */
    close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(watch);
      endAll('closing');
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
