import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * One Redis connection subscribed to one channel, subscribing again itself after every reconnect
 * (the cache bus and the chat bus each keep one).
 *
 * Why not ioredis's own re-subscription (autoResubscribe): ioredis 6.0.0 sends that SUBSCRIBE
 * without a rejection handler, so when the connection closes before its reply (our own close
 * while it reconnects, or its queue flushed after the retries) the rejection is unhandled, and an
 * unhandled rejection ends a Node process. Seen in a CI rehearsal (2026-12-02): health.test.ts
 * stopped and restarted Redis, then closed the app, and the run failed on "Connection is closed."
 * Fixed upstream by redis/ioredis#2187 (merged 2026-09), not in a release yet.
 */
export interface ChannelSubscription {
  /** resolves once the channel is first subscribed (messages published before are missed) */
  ready(): Promise<void>;
  /** subscribed on a connection that is up now; false from a loss until subscribed again */
  live(): boolean;
  close(): void;
}

export function subscribeChannel(
  url: string,
  channel: string,
  log: Logger,
  what: string,
  on: {
    message(raw: string): void;
    /** subscribed again after a loss: whatever was published in between is gone */
    again(): void;
  },
): ChannelSubscription {
  const sub = new Redis(url, { autoResubscribe: false });
  let subscribed = false;
  let once = false;
  let closing = false;
  let markReady!: () => void;
  const first = new Promise<void>((resolve) => (markReady = resolve));

  const subscribe = () => {
    sub.subscribe(channel).then(
      () => {
        subscribed = true;
        if (once) on.again();
        else {
          once = true;
          markReady();
        }
      },
      (err) => {
        // the next 'ready' (after a reconnect) tries again
        if (!closing) log.warn({ err }, `${what}: redis subscribe failed`);
      },
    );
  };
  sub.on('ready', subscribe);
  sub.on('close', () => {
    subscribed = false;
  });
  sub.on('message', (ch: string, raw: string) => {
    if (ch === channel) on.message(raw);
  });
  sub.on('error', (err) => log.warn({ err }, `${what}: redis error`));
  return {
    ready: () => first,
    live: () => subscribed && sub.status === 'ready',
    close() {
      closing = true;
      sub.disconnect();
    },
  };
}
