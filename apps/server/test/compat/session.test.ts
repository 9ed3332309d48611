import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness.ts';
import { makePng } from '../../src/modules/profile/testing.ts';
import { expectFields, expectYuan, SPEC_CALLS, specClient, type SpecClient } from './spec-client.ts';

/**
 * Issue 19: a client written to spec section 7 works unchanged - "Session and app".
 * Calls are made as the original front-end makes them (spec-client.ts).
 */
const PUBLIC = 'https://m.compat.test';

/** userInfo of spec section 3, plus joinday and isagent the original reads (issue 19) */
const USER_INFO = {
  username: 'string',
  realname: 'string',
  avatar: 'string',
  mobile: 'string',
  email: 'string',
  birthday: 'string',
  balance: 'number',
  gameblance: 'number',
  paysum: 'number',
  vip: 'number',
  current_vip: 'string',
  usdtrate: 'number',
  transferstatus: '0|1',
  withdrawcashfee: 'number',
  withdrawfeeusdttrc: 'number',
  withdrawusdtrate: 'number',
  joinday: 'number',
  isagent: '0|1',
} as const;

describe('spec section 7, Session and app, as a spec client calls it', () => {
  let t: TestApp;
  let c: SpecClient;
  let token = '';
  beforeAll(async () => {
    t = await startApp({ listen: true, publicUrl: PUBLIC });
    c = specClient(t, SPEC_CALLS.session);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('GET /api/getVisitUrl: no address (non-200) unless an operator set one other than this site; then data.url', async () => {
    // spec: the client opens data.url in the same window when code is 200; with nothing set it must stay
    const none = await c.get('/api/getVisitUrl', {});
    expect(none.code).not.toBe(200);
    for (const self of [PUBLIC, `${PUBLIC}/`]) {
      await t.site.set('h5_url', self);
      expect((await c.get('/api/getVisitUrl', {})).code, self).not.toBe(200);
    }
    await t.site.set('h5_url', 'https://m2.compat.test/');
    const other = await c.get('/api/getVisitUrl', {});
    expect(other.code).toBe(200);
    expectFields(other.data, { url: 'string' }, 'getVisitUrl');
    expect(other.data.url.startsWith('https://m2.compat.test')).toBe(true);
    await t.site.set('h5_url', '');
    expect((await c.get('/api/getVisitUrl', {})).code).not.toBe(200);
  });

  it('POST /api/app: appInfo for a guest (empty bearer token)', async () => {
    const r = await c.post('/api/app', {});
    expect(r.code).toBe(200);
    expectFields(
      r.data,
      {
        title: 'string',
        site_state: '0|1',
        repair_tips: 'string',
        redpacket_switch: '0|1',
        index_modal: '0|1',
        webcontent: 'string',
        h5_url: 'string',
        ios_download_url: 'string',
        ios_download_qrcode: 'string',
      },
      'appInfo',
    );
    expect(r.data.site_state).toBe(1);
  });

  it('POST /api/register {name, password, confirmPass, realname, paypassword}: data.api_token; spec messages on refusal', async () => {
    const form = { name: 'compat01', password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: '666888', code: '2PYL' };
    const short = await c.post('/api/register', { ...form, name: 'abc' });
    expect(short).toMatchObject({ code: expect.any(Number), message: '用户名长度6~16位，以字母或数字组合！' });
    expect(short.code).not.toBe(200);
    expect((await c.post('/api/register', { ...form, confirmPass: 'other123' })).message).toBe('两次密码不一致！');
    const r = await c.post('/api/register', form);
    expect(r.code, r.message).toBe(200);
    expectFields(r.data, { api_token: 'string' }, 'register');
    expect(r.data.api_token.length).toBeGreaterThan(0);
  });

  it('POST /api/login_pc {name, password, code}: data.api_token', async () => {
    expect((await c.post('/api/login_pc', { name: 'compat01', password: '', code: '2PYL' })).message).toBe('请输入您的账号和密码！');
    const wrong = await c.post('/api/login_pc', { name: 'compat01', password: 'wrong-pass', code: '2PYL' });
    expect(wrong.code).not.toBe(200);
    const r = await c.post('/api/login_pc', { name: 'compat01', password: 'secret123', code: '2PYL' });
    expect(r.code, r.message).toBe(200);
    expectFields(r.data, { api_token: 'string' }, 'login');
    token = r.data.api_token;
  });

  it('POST /api/user: userInfo in data; a new member is VIP1 and levels[vip-1] of /api/uservip exists', async () => {
    const r = await c.post('/api/user', {}, token);
    expect(r.code).toBe(200);
    expectFields(r.data, USER_INFO, 'userInfo');
    for (const f of ['balance', 'gameblance', 'paysum'] as const) expectYuan(r.data[f], f);
    expect(r.data.username).toBe('compat01');
    expect(r.data.vip).toBe(1);
    expect(r.data.current_vip).toBe('VIP1');
    // spec section 3: the level is the part after P
    expect(Number(/P(\d+)$/.exec(r.data.current_vip)?.[1])).toBe(r.data.vip);
    expect(r.data.joinday).toBeGreaterThanOrEqual(0);
    expect(r.data.isagent).toBe(0);
    const levels = await c.post('/api/uservip', {}, token);
    expect(levels.data[r.data.vip - 1]).toBeDefined();
  });

  it('a guest (empty bearer) on a member call answers code 401', async () => {
    for (const path of ['/api/user', '/api/balance', '/api/refreshusermoney']) {
      expect((await c.post(path, {})).code, path).toBe(401);
    }
  });

  it('POST /api/refreshusermoney {}: data is the full user info', async () => {
    const r = await c.post('/api/refreshusermoney', {}, token);
    expect(r.code).toBe(200);
    expectFields(r.data, USER_INFO, 'refreshusermoney');
  });

  it('POST /api/balance: data.balance', async () => {
    const r = await c.post('/api/balance', {}, token);
    expect(r.code).toBe(200);
    expectYuan(r.data.balance, 'balance');
  });

  it('POST /api/uptransferstatus {transferstatus 0|1}: code and message; user info follows', async () => {
    const off = await c.post('/api/uptransferstatus', { transferstatus: 0 }, token);
    expect(off.code).toBe(200);
    expect(off.message).toBe('操作成功！');
    expect((await c.post('/api/user', {}, token)).data.transferstatus).toBe(0);
    // a digit string is a number too
    expect((await c.post('/api/uptransferstatus', { transferstatus: '1' }, token)).code).toBe(200);
    expect((await c.post('/api/user', {}, token)).data.transferstatus).toBe(1);
  });

  it('POST /api/updateuserinfo {email, mobile, birthday}', async () => {
    expect((await c.post('/api/updateuserinfo', { email: 'a@b.com', mobile: '123', birthday: '1990-01-01' }, token)).message).toBe('请输入正确手机号');
    const r = await c.post('/api/updateuserinfo', { email: 'compat@example.com', mobile: '13800138000', birthday: '1990-05-06' }, token);
    expect(r.code, r.message).toBe(200);
    expect((await c.post('/api/user', {}, token)).data).toMatchObject({ email: 'compat@example.com', mobile: '13800138000', birthday: '1990-05-06' });
  });

  it('POST /api/uploadimg (multipart, field file); then user info shows the avatar', async () => {
    const r = await c.upload('/api/uploadimg', { name: 'me.png', type: 'image/png', data: makePng() }, token);
    expect(r.code, r.message).toBe(200);
    const user = await c.post('/api/user', {}, token);
    expect(user.data.avatar).not.toBe('');
    const img = await t.http.inject({ method: 'GET', url: new URL(user.data.avatar, PUBLIC).pathname });
    expect(img.statusCode).toBe(200);
  });

  it('POST /api/logoff: afterwards the token answers 401', async () => {
    const r = await c.post('/api/logoff', {}, token);
    expect(r.code).toBe(200);
    expect((await c.post('/api/balance', {}, token)).code).toBe(401);
    expect((await c.post('/api/user', {}, token)).code).toBe(401);
  });

  it('made every call of its group', () => {
    expect(c.missing()).toEqual([]);
  });
});
