import { expect } from 'vitest';
import type { TestApp } from '../harness.ts';

/**
 * A client written to the spec (issue 19), as the original Vue front-end talks to us
 * (src/http/http.js there): every call carries `Authorization: 'Bearer ' + token`, with an EMPTY
 * token for guests; POST bodies are JSON sent as `application/json;charset=UTF-8`; GET params go
 * in the query string the way axios writes them ('' kept: `?category_id=`); paths are spelled as
 * the original spells them. Every answer must be HTTP 200 with the {code, message, data} envelope.
 *
 * The calls of spec section 7, by group; each suite file checks it made every call of its group.
 */
export const SPEC_CALLS = {
  session: [
    'GET /api/getVisitUrl',
    'POST /api/app',
    'POST /api/user',
    'POST /api/refreshusermoney',
    'POST /api/balance',
    'POST /api/logoff',
    'POST /api/login_pc',
    'POST /api/register',
    'POST /api/uploadimg',
    'POST /api/updateuserinfo',
    'POST /api/uptransferstatus',
  ],
  content: [
    'GET /api/game/list',
    'POST /api/getGameUrl',
    'POST /api/gamelistBycode',
    'POST /api/bannerList',
    'POST /api/homenotice',
    'POST /api/noticeList',
    'POST /api/getservicerurl',
    'GET /api/getAgentLoginUrl',
    'POST /api/article',
    'POST /api/activitytype',
    'POST /api/activitylist',
    'POST /api/activitydeatil',
    'POST /api/uservip',
    'GET /api/userredpacket',
    'POST /api/redpacket',
    'POST /api/douserredpacket',
    'POST /api/applyagentdo',
  ],
  money: [
    'POST /api/balancelist',
    'POST /api/transall',
    'POST /api/transfer',
    'POST /api/withdraw',
    'POST /api/getcard',
    'POST /api/delcard',
    'POST /api/banklist',
    'POST /api/bindcard',
    'POST /api/editPassword',
    'POST /api/editPayPassword',
    'POST /api/getfanshui',
    'POST /api/dofanshui',
    'POST /api/betrecord',
    'POST /api/activityApplyLog',
    'POST /api/gettransrecord',
    'GET /api/get_pay_way',
    'POST /api/getPayRange',
    'POST /api/getpaybank',
    'POST /api/recharge',
    'POST /pay/api/recharge',
    'GET /pay/api/queryOrderNo',
    'POST /api/payinfo',
    'POST /api/getBetAmount',
  ],
} as const;

export interface Reply<T = any> {
  code: number;
  message: string;
  data: T;
  [extra: string]: unknown;
}

export interface SpecClient {
  post<T = any>(path: string, body?: unknown, token?: string): Promise<Reply<T>>;
  get<T = any>(path: string, params?: Record<string, string | number>, token?: string): Promise<Reply<T>>;
  /** multipart/form-data with one file part, as `new FormData(); append('file', f)` sends it */
  upload<T = any>(path: string, file: { name: string; type: string; data: Buffer }, token?: string): Promise<Reply<T>>;
  /** the calls of `group` this client has not made yet (compared case-insensitively) */
  missing(): string[];
}

export function specClient(t: TestApp, group: readonly string[]): SpecClient {
  const made = new Set<string>();
  const send = async (method: 'GET' | 'POST', url: string, token: string, payload?: string | Buffer, contentType?: string) => {
    made.add(`${method} ${url.split('?')[0]}`.toLowerCase());
    const res = await t.http.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: {
        ...(t.origin ? { host: new URL(t.origin).host } : {}),
        // the original's request interceptor: 'Bearer ' + (token || '')
        authorization: `Bearer ${token}`,
        'content-type': contentType ?? 'application/json;charset=UTF-8',
      },
      payload,
    });
    expect(res.statusCode, `${method} ${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(200);
    const body = res.json() as Reply;
    expect(typeof body.code, `${method} ${url}: code`).toBe('number');
    expect(typeof body.message, `${method} ${url}: message`).toBe('string');
    expect(body, `${method} ${url}: data`).toHaveProperty('data');
    return body;
  };
  return {
    post: (path, body = {}, token = '') => send('POST', path, token, JSON.stringify(body)),
    get: (path, params = {}, token = '') => {
      const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return send('GET', q ? `${path}?${q}` : path, token);
    },
    upload: (path, file, token = '') => {
      const boundary = `----WebKitFormBoundary${Math.random().toString(16).slice(2)}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
      const body = Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return send('POST', path, token, body, `multipart/form-data; boundary=${boundary}`);
    },
    missing: () => group.filter((c) => !made.has(c.toLowerCase())),
  };
}

/** Field types as a spec client reads them. */
type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string|number' | 'number|null' | 'string|null' | '0|1';

/** Asserts every field of `shape` is on `value` with its type (extra fields are allowed). */
export function expectFields(value: unknown, shape: Record<string, FieldType>, where = ''): void {
  expect(value, `${where}: an object`).toBeTypeOf('object');
  expect(value, `${where}: an object`).not.toBeNull();
  const o = value as Record<string, unknown>;
  for (const [field, type] of Object.entries(shape)) {
    const v = o[field];
    const label = `${where}.${field} (${type}) = ${JSON.stringify(v)}`;
    expect(field in o, `${where}: has ${field}`).toBe(true);
    switch (type) {
      case 'array':
        expect(Array.isArray(v), label).toBe(true);
        break;
      case 'object':
        expect(v !== null && typeof v === 'object' && !Array.isArray(v), label).toBe(true);
        break;
      case 'string|number':
        expect(['string', 'number'], label).toContain(typeof v);
        break;
      case 'number|null':
        expect(v === null || typeof v === 'number', label).toBe(true);
        break;
      case 'string|null':
        expect(v === null || typeof v === 'string', label).toBe(true);
        break;
      case '0|1':
        expect([0, 1], label).toContain(v);
        break;
      default:
        expect(typeof v, label).toBe(type);
    }
  }
}

/** A paged list (DESIGN.md section 3): {data: [...], total, last_page}, each row with `row`'s fields. */
export function expectPaged(value: unknown, row: Record<string, FieldType>, where = ''): any[] {
  expectFields(value, { data: 'array', total: 'number', last_page: 'number' }, where);
  const rows = (value as { data: unknown[] }).data;
  rows.forEach((r, i) => expectFields(r, row, `${where}.data[${i}]`));
  return rows;
}

/** Money on the wire: a number of yuan with at most 2 decimals. */
export function expectYuan(v: unknown, where = ''): void {
  expect(typeof v, `${where} = ${JSON.stringify(v)}`).toBe('number');
  expect(Math.abs(Math.round((v as number) * 100) - (v as number) * 100) < 1e-6, `${where} = ${v}: 2 decimals at most`).toBe(true);
}
