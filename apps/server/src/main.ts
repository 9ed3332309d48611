import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { installShutdown } from './ops/index.ts';

const config = loadConfig();
const app = await buildApp(config);
const { log } = app.ctx;

await app.http.listen({ port: config.port, host: config.host });
log.info(
  `site ready at http://localhost:${config.port} (${app.database.dialect}${config.sandbox ? ', sandbox on' : ''}${config.captcha ? '' : ', captcha OFF'}${config.rateLimits ? '' : ', rate limits OFF'})`,
);

// issue 23: SIGTERM / SIGINT stop accepting, let open requests and the current job step finish, close pools
installShutdown(app, log, config);
