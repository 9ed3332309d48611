import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  /** http://127.0.0.1:port when started with listen: true */
  origin: string;
  stop(): Promise<void>;
}

export interface StartOptions extends Partial<Config> {
  /**
   * listen on 127.0.0.1 (a free port), so that the server reaches the in-process sandbox over
   * real HTTP as in production; the sandbox then keeps its files in a temporary folder, has its
   * fault modes on, and the catalogue is synced before startApp answers
   */
  listen?: boolean;
}

export const PG_URL = process.env.TEST_DATABASE_URL;
export const onPostgres = Boolean(PG_URL);

export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const { listen, ...overrides } = options;
  const sandboxDir = listen ? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-')) : undefined;
  const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (PG_URL && schema) await createPgSchema(PG_URL, schema);
  // files the app or the sandbox keep (uploads, the provider's records) go to a temp dir
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-test-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      logLevel: process.env.TEST_LOG_LEVEL || 'silent',
      sqliteFile: ':memory:',
      databaseUrl: PG_URL,
      databaseSchema: schema,
      captcha: false,
      rateLimits: false,
      seedDemo: false,
      jobs: false,
      adminPassword: 'admin-test-password',
      // issue 25: operators made by tests sign in straight away (first-sign-in steps have their own tests)
      operatorSetup: false,
      webDist: '/nonexistent',
      adminDist: '/nonexistent',
      sandboxDataDir: sandboxDir ?? ':memory:',
      sandboxFaults: Boolean(listen),
      ...overrides,
    },
  );
  const app = await buildApp(config);
  let origin = '';
  if (listen) {
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    origin = app.ownAddress();
    await app.venues.catalogue.sync();
  }

  const send = async (method: 'GET' | 'POST', path: string, body: unknown, opts: { token?: string; ip?: string; headers?: Record<string, string> } = {}) => {
    const res = await app.http.inject({
      method,
      url: path,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        // listening: requests name the real address, as a browser on it would
        ...(origin ? { host: new URL(origin).host } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`${path} answered HTTP ${res.statusCode}: ${res.body}`);
    // issue 23: an error envelope also carries the request's id, different every time; suites
    // compare envelopes whole, so it is left out here (ops/access-log.test.ts checks it)
    const reply = res.json();
    if (reply && typeof reply === 'object' && 'request_id' in reply) delete reply.request_id;
    return reply;
  };

  const t: TestApp = {
    ...app,
    origin,
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
      if (sandboxDir) fs.rmSync(sandboxDir, { recursive: true, force: true });
      if (PG_URL && schema) await dropPgSchema(PG_URL, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
