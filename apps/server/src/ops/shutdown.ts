import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/**
 * Graceful stop on SIGTERM / SIGINT (DESIGN.md section 14, issue 23):
 * 1. /readyz answers 503 at once, so a balancer that probes it stops sending new requests;
 *    SHUTDOWN_DRAIN_MS (0) gives it that long before the port closes;
 * 2. app.close(): the job scheduler stops starting runs and the run under way finishes its
 *    step (each step is one transaction, and a job is idempotent for its period, so a run cut
 *    short by the time limit is finished by the next process); the HTTP server stops accepting
 *    connections, requests in flight complete (Fastify answers 503 to new requests on kept-
 *    alive connections meanwhile), then idle connections close; then Redis and the database
 *    pools close;
 * 3. past SHUTDOWN_TIMEOUT_MS the process exits 1 anyway: a process manager must not wait
 *    forever. No acknowledged operation is lost by that: every money movement is committed
 *    before its reply is sent.
 */
export interface Closable {
  close(): Promise<void>;
  ops: { health: { draining(): void } };
}

export function installShutdown(app: Closable, log: Logger, config: Pick<Config, 'shutdownDrainMs' | 'shutdownTimeoutMs'>, exit: (code: number) => void = (code) => process.exit(code)) {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, `${signal}: shutting down (no new requests; open requests and the current job step finish)`);
    const force = setTimeout(() => {
      log.error({ ms: config.shutdownTimeoutMs }, `shutdown took over ${config.shutdownTimeoutMs} ms, exiting`);
      exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      app.ops.health.draining();
      if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
      await app.close();
      log.info({ ms: Date.now() - started }, 'shut down cleanly');
      clearTimeout(force);
      exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return shutdown;
}
