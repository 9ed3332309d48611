import { randomBytes } from 'node:crypto';
import type { Envelope } from '@casino/contract';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPgSchema, dropPgSchema } from '../src/db/index.ts';

/**
 * Starts the real app in-process on a fresh database: an in-memory SQLite by default,
 * or a schema of its own in TEST_DATABASE_URL (PostgreSQL) when that is set.
 */
export interface TestApp extends App {
  post<T = any>(path: string, body?: unknown, opts?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<Envelope<T>>;
  get<T = any>(path: string, opts?: { token?: string; ip?: string }): Promise<Envelope<T>>;
  /** the answer of a captcha image, read where the server keeps it */
  captchaAnswer(key: string): Promise<string>;
  /** a fresh captcha with its answer */
  captcha(ip?: string): Promise<{ captcha_key: string; code: string }>;
  register(name: string, extra?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export const PG_URL = process.env.TEST_DATABASE_URL;
export const onPostgres = Boolean(PG_URL);

export async function startApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (PG_URL && schema) await createPgSchema(PG_URL, schema);
  const config = loadConfig(
    {},
    {
      logLevel: process.env.TEST_LOG_LEVEL || 'silent',
      sqliteFile: ':memory:',
      databaseUrl: PG_URL,
      databaseSchema: schema,
      captcha: false,
      rateLimits: false,
      seedDemo: false,
      jobs: false,
      adminPassword: 'admin-test-password',
      webDist: '/nonexistent',
      ...overrides,
    },
  );
  const app = await buildApp(config);

  const send = async (method: 'GET' | 'POST', path: string, body: unknown, opts: { token?: string; ip?: string; headers?: Record<string, string> } = {}) => {
    const res = await app.http.inject({
      method,
      url: path,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`${path} answered HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  const t: TestApp = {
    ...app,
    post: (path, body = {}, opts) => send('POST', path, body, opts),
    get: (path, opts) => send('GET', path, undefined, opts),
    async captchaAnswer(key) {
      const row = await app.ctx.db.selectFrom('captchas').select('answer').where('key', '=', key).executeTakeFirstOrThrow();
      return row.answer;
    },
    async captcha(ip) {
      const reply = await t.get('/api/captcha', { ip });
      return { captcha_key: reply.data.key, code: await t.captchaAnswer(reply.data.key) };
    },
    async register(name, extra = {}) {
      const captcha = app.ctx.config.captcha ? await t.captcha() : {};
      const reply = await t.post('/api/register', {
        name,
        password: 'secret123',
        confirmPass: 'secret123',
        realname: '张三',
        paypassword: '654321',
        ...captcha,
        ...extra,
      });
      if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
      return reply.data.api_token;
    },
    async stop() {
      await app.close();
      if (PG_URL && schema) await dropPgSchema(PG_URL, schema);
    },
  };
  return t;
}
