import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A PostgreSQL connection of its own LISTENing on one channel (the cache bus and the chat bus each
 * keep one when the site runs on PostgreSQL without Redis). After a loss it connects again every
 * second and, once it listens again, says so: whatever was notified in between is gone.
 */
export interface ChannelListener {
  /** resolves once the first LISTEN is answered; rejects if that first attempt fails (it keeps trying) */
  ready(): Promise<void>;
  /** listening on a connection that is up now */
  live(): boolean;
  close(): Promise<void>;
}

export function listenChannel(
  url: string,
  /** application_name, so an operator can tell the connection apart in pg_stat_activity */
  appName: string,
  channel: string,
  log: Logger,
  what: string,
  on: {
    message(payload: string): void;
    /** listening again after a loss */
    again(): void;
  },
): ChannelListener {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let first = true;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: appName });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) on.message(n.payload);
    });
    const lost = (err?: Error) => {
      if (closed || client !== c) return;
      if (err) log.warn({ err }, `${what}: LISTEN connection lost`);
      listening = false;
      client = null;
      c.end().catch(() => {});
      retry = setTimeout(() => void connect().catch(() => {}), 1000);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      lost(err as Error);
      throw err;
    }
    listening = true;
    if (!first) on.again();
    first = false;
  };
  const ready = connect();
  ready.catch((err) => log.warn({ err }, `${what}: LISTEN failed`));

  return {
    ready: () => ready,
    live: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
