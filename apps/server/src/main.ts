import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const app = await buildApp(config);
const { log } = app.ctx;

await app.http.listen({ port: config.port, host: config.host });
log.info(
  `site ready at http://localhost:${config.port} (${app.database.dialect}${config.sandbox ? ', sandbox on' : ''}${config.captcha ? '' : ', captcha OFF'}${config.rateLimits ? '' : ', rate limits OFF'})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: finishing open requests and closing`);
  const force = setTimeout(() => {
    log.error('shutdown took over 10 s, exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
