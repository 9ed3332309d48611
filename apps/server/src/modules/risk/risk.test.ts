import { ADMIN_COMMON_MSG, ADMIN_MEMBER_MSG, CODE, RISK_MSG, type MemberLinks } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { central, depositRow } from '../payments/testing.ts';
import { settleRebateDay } from '../promotions/rebates.ts';
import { addBet, bj } from '../promotions/testing.ts';
import { grabRedPacket } from '../promotions/red-packets.ts';
import { ledgerDepositsBetween } from '../promotions/index.ts';
import { ApiError } from '../../http/envelope.ts';
import { wallet } from '../wallet/index.ts';
import { bindBank, bindUsdt, operator, PAY, withdraw } from '../withdrawals/testing.ts';

/**
 * Risk control (issue 36): the sign-in log (registrations too, with the device id), links by
 * each kind (never by loopback or the operator's proxies), search by a value, risk levels set by
 * operators (audited, with history) and enforced on every path; SQLite and PostgreSQL.
 */
describe('risk control: sign-in log, links, search, risk levels', () => {
  let t: TestApp;
  let owner: string;
  let risk: string;
  let finance: string;
  let support: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const NAMES = ['赵一', '钱二', '孙三', '李四', '周五', '吴六', '郑七', '王八', '冯九', '陈十', '褚一', '卫二', '蒋三', '沈四', '韩五', '杨六', '朱七', '秦八', '尤九', '许十', '何一', '吕二'];
  let n = 0;
  const DEV_A = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
  const DEV_B = '11111111-2222-4333-8444-555555555555';

  /** registers from an address (and device), each with a real name of its own unless given */
  async function join(name: string, opts: { ip?: string; device?: string; realname?: string } = {}) {
    const headers: Record<string, string> = { 'user-agent': 'RiskTest/1.0' };
    if (opts.device) headers['x-device-id'] = opts.device;
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: opts.realname ?? NAMES[n++], paypassword: PAY }, { ip: opts.ip ?? '127.0.0.1', headers });
    expect(r.code, r.message).toBe(200);
    tokens[name] = r.data.api_token;
    ids[name] = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
  }
  const signIn = (name: string, opts: { ip?: string; device?: string } = {}) =>
    t.post('/api/login', { name, password: 'secret123' }, { ip: opts.ip ?? '127.0.0.1', headers: opts.device ? { 'x-device-id': opts.device } : {} });
  const call = (path: string, body: Record<string, unknown>, token = owner) => t.post(path, body, { token });
  const links = async (username: string, token = owner) => {
    const r = await call('/admin/api/members/links', { username }, token);
    expect(r.code, r.message).toBe(200);
    return r.data as MemberLinks;
  };
  const linked = async (username: string) => Object.fromEntries((await links(username)).members.map((m) => [m.username, m.shared.map((s) => s.kind).sort()]));
  const setLevel = (username: string, level: string, token = risk) => call('/admin/api/members/risk-level', { username, level, reason: '测试' }, token);

  beforeAll(async () => {
    t = await startApp({ trustedProxies: ['10.9.0.0/16'] });
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    risk = await operator(t, 'risk0001', 'risk');
    finance = await operator(t, 'fin00001', 'finance');
    support = await operator(t, 'sup00001', 'support');
    // device: rkdev1 registers on device A, rkdev2 signs in on it later
    await join('rkdev1', { ip: '203.0.113.1', device: DEV_A });
    await join('rkdev2', { ip: '203.0.113.2', device: DEV_B });
    expect((await signIn('rkdev2', { ip: '203.0.113.2', device: DEV_A })).code).toBe(200);
    // address: rkaddr1 registers from 198.51.100.7, rkaddr2 signs in from it
    await join('rkaddr1', { ip: '198.51.100.7' });
    await join('rkaddr2', { ip: '198.51.100.8' });
    expect((await signIn('rkaddr2', { ip: '198.51.100.7' })).code).toBe(200);
    // loopback and proxy addresses: never links
    await join('rkloop1');
    await join('rkloop2');
    await join('rkprox1', { ip: '10.9.1.1' });
    await join('rkprox2', { ip: '10.9.1.1' });
    expect((await signIn('rkprox2', { ip: '10.9.200.3' })).code).toBe(200);
    // card, USDT address, real name, mobile
    await join('rkcard1', { ip: '192.0.2.11' });
    await join('rkcard2', { ip: '192.0.2.12' });
    await bindBank(t, tokens.rkcard1, '6222021099887766');
    await bindBank(t, tokens.rkcard2, '6222 0210 9988 7766');
    await join('rkusdt1', { ip: '192.0.2.21' });
    await join('rkusdt2', { ip: '192.0.2.22' });
    for (const who of ['rkusdt1', 'rkusdt2']) {
      const r = await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcZZZZ', pay_pass: PAY }, { token: tokens[who] });
      expect(r.code, r.message).toBe(200);
    }
    await join('rkname1', { ip: '192.0.2.31', realname: '欧阳明' });
    await join('rkname2', { ip: '192.0.2.32', realname: '欧阳明' });
    await join('rkmob1', { ip: '192.0.2.41' });
    await join('rkmob2', { ip: '192.0.2.42' });
    for (const who of ['rkmob1', 'rkmob2']) expect((await t.post('/api/updateuserinfo', { mobile: '13912345678', email: `${who}@example.com`, birthday: '1990-01-01' }, { token: tokens[who] })).code).toBe(200);
  });
  afterAll(() => t.stop());

  it('keeps registrations and sign-ins with address, device id and user agent, newest first, paged', async () => {
    const page = await call('/admin/api/members/logins', { username: 'RKDEV2', page: 1, per_page: 1 });
    expect(page).toMatchObject({ code: 200, data: { total: 2, last_page: 2, current_page: 1, per_page: 1 } });
    expect(page.data.data[0]).toMatchObject({ kind: 'login', ip: '203.0.113.2', device_id: DEV_A });
    const second = await call('/admin/api/members/logins', { username: 'rkdev2', page: 2, per_page: 1 });
    expect(second.data.data[0]).toMatchObject({ kind: 'register', ip: '203.0.113.2', device_id: DEV_B, user_agent: 'RiskTest/1.0' });
    // member 360's 登录记录 shows the same
    const records = await call('/admin/api/members/records', { username: 'rkdev2', kind: 'logins' });
    expect(records.data.data.map((r: { kind: string; device_id: string; device: string }) => [r.kind, r.device_id, r.device])).toEqual([
      ['login', DEV_A, 'lightMyRequest'],
      ['register', DEV_B, 'RiskTest/1.0'],
    ]);
  });

  it('links members by each kind, with the value masked and since when', async () => {
    expect(await linked('rkdev1')).toEqual({ rkdev2: ['device'] });
    expect(await linked('rkaddr1')).toEqual({ rkaddr2: ['ip'] });
    expect(await linked('rkcard1')).toEqual({ rkcard2: ['card'] });
    expect(await linked('rkusdt2')).toEqual({ rkusdt1: ['usdt'] });
    expect(await linked('rkname1')).toEqual({ rkname2: ['realname'] });
    expect(await linked('rkmob1')).toEqual({ rkmob2: ['mobile'] });
    const card = (await links('rkcard1')).members[0];
    expect(card.shared[0]).toMatchObject({ kind: 'card', value: '尾号 7766', since: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(JSON.stringify(await links('rkcard1'))).not.toContain('6222021099887766');
    expect((await links('rkmob1')).members[0].shared[0].value).toBe('139****5678');
    expect((await links('rkname1')).members[0].shared[0].value).toBe('欧**');
    expect((await links('rkdev1')).members[0].shared[0].value).toBe('6f1c2d3e…4e5f');
  });

  it('never links by loopback or the operator proxies', async () => {
    expect(await linked('rkloop1')).toEqual({});
    expect(await linked('rkloop2')).toEqual({});
    expect(await linked('rkprox1')).toEqual({});
    expect(await linked('rkprox2')).toEqual({});
    expect(await call('/admin/api/risk/search', { kind: 'ip', value: '127.0.0.1' })).toMatchObject({ code: 400, message: RISK_MSG.ignoredIp });
    expect(await call('/admin/api/risk/search', { kind: 'ip', value: '10.9.1.1' })).toMatchObject({ code: 400, message: RISK_MSG.ignoredIp });
  });

  it('finds everyone sharing a value', async () => {
    const names = async (kind: string, value: string) => {
      const r = await call('/admin/api/risk/search', { kind, value }, finance);
      expect(r.code, r.message).toBe(200);
      return r.data.members.map((m: { username: string }) => m.username).sort();
    };
    expect(await names('device', DEV_A.toUpperCase())).toEqual(['rkdev1', 'rkdev2']);
    expect(await names('ip', '198.51.100.7')).toEqual(['rkaddr1', 'rkaddr2']);
    expect(await names('card', '6222-0210-9988-7766')).toEqual(['rkcard1', 'rkcard2']);
    expect(await names('usdt', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcZZZZ')).toEqual(['rkusdt1', 'rkusdt2']);
    expect(await names('realname', '欧阳明')).toEqual(['rkname1', 'rkname2']);
    expect(await names('mobile', '13912345678')).toEqual(['rkmob1', 'rkmob2']);
    expect(await names('device', 'not-a-device')).toEqual([]);
    expect(await names('ip', '192.0.2.250')).toEqual([]);
  });

  it('answers bad input with Chinese messages, never a 500', async () => {
    const cases: [string, unknown, string][] = [
      ['/admin/api/risk/search', { kind: 'email', value: 'x' }, RISK_MSG.kind],
      ['/admin/api/risk/search', { kind: 'ip' }, RISK_MSG.value],
      ['/admin/api/risk/search', { kind: 'ip', value: 'x'.repeat(200) }, RISK_MSG.value],
      ['/admin/api/risk/search', { kind: 'ip', value: 'not-an-ip' }, RISK_MSG.ipValue],
      ['/admin/api/risk/search', { kind: 'card', value: '12ab' }, RISK_MSG.cardValue],
      ['/admin/api/risk/search', { kind: 'usdt', value: 'short' }, RISK_MSG.usdtValue],
      ['/admin/api/risk/search', [], RISK_MSG.kind],
      ['/admin/api/members/links', {}, ADMIN_COMMON_MSG.username],
      ['/admin/api/members/logins', { username: 'rkdev1', page: 0 }, ADMIN_COMMON_MSG.page],
      ['/admin/api/members/risk-level', { username: 'rkdev1', level: 'banned', reason: 'x' }, RISK_MSG.level],
      ['/admin/api/members/risk-level', { username: 'rkdev1', level: 'watch' }, ADMIN_COMMON_MSG.reason],
      ['/admin/api/members/risk-level', { username: 'rkdev1', level: 'watch', reason: ' ' }, ADMIN_COMMON_MSG.reason],
    ];
    for (const [path, body, message] of cases) {
      const r = await t.post(path, body, { token: owner });
      expect({ path, body, code: r.code, message: r.message }).toEqual({ path, body, code: 400, message });
    }
    expect(await call('/admin/api/members/links', { username: 'nobody99' })).toMatchObject({ code: CODE.notFound, message: ADMIN_MEMBER_MSG.notFound });
    expect(await call('/admin/api/members/logins', { username: 'nobody99' })).toMatchObject({ code: CODE.notFound, message: ADMIN_MEMBER_MSG.notFound });
    expect(await call('/admin/api/members/risk-level', { username: 'nobody99', level: 'watch', reason: '测试' })).toMatchObject({ code: CODE.notFound });
  });

  it('refuses operators without the permission, and members', async () => {
    expect(await call('/admin/api/members/links', { username: 'rkdev1' }, support)).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    expect(await call('/admin/api/risk/search', { kind: 'ip', value: '198.51.100.7' }, support)).toMatchObject({ code: CODE.forbidden });
    expect(await setLevel('rkdev1', 'watch', finance)).toMatchObject({ code: CODE.forbidden });
    expect(await setLevel('rkdev1', 'watch', support)).toMatchObject({ code: CODE.forbidden });
    expect((await t.post('/admin/api/members/links', { username: 'rkdev1' }, { token: tokens.rkdev1 })).code).toBe(401);
    // the sign-in log is member 360's: the member-view permission
    expect((await call('/admin/api/members/logins', { username: 'rkdev1' }, support)).code).toBe(200);
    const level = await t.ctx.db.selectFrom('members').select('risk_level').where('id', '=', ids.rkdev1).executeTakeFirstOrThrow();
    expect(level.risk_level).toBe('normal');
  });

  it('sets a level with a reason: audited before/after, kept as history, shown in the list and 360', async () => {
    expect(await setLevel('rkdev1', 'watch')).toMatchObject({ code: 200, message: '风险等级已改为「观察」', data: { before: 'normal', level: 'watch' } });
    expect(await setLevel('rkdev1', 'watch')).toMatchObject({ code: 400, message: RISK_MSG.sameLevel });
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'member.risk_level').where('target', '=', `member:${ids.rkdev1}`).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ reason: '测试', before: { risk_level: 'normal' }, after: { risk_level: 'watch' } });
    const v = (await call('/admin/api/members/get', { username: 'rkdev1' })).data;
    expect(v.profile.risk_level).toBe('watch');
    expect(v.risk_history).toMatchObject([{ before: 'normal', after: 'watch', reason: '测试', operator: 'risk0001' }]);
    expect((await call('/admin/api/members/list', { username: 'rkdev1' })).data.data[0].risk_level).toBe('watch');
    expect((await links('rkdev2')).members[0]).toMatchObject({ username: 'rkdev1', risk_level: 'watch' });
  });

  describe('限制优惠 blocks every promotion, and only for that member', () => {
    const bankOrder = (token: string, extra: Record<string, unknown> = {}) =>
      t.post('/api/recharge', { paytype: 'bank', amount: 500, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行', ...extra }, { token });

    beforeAll(async () => {
      await join('rkpromo1', { ip: '192.0.2.51' });
      await join('rkplain1', { ip: '192.0.2.52' });
      for (const who of ['rkpromo1', 'rkplain1']) await bindBank(t, tokens[who]);
    });

    it('deposit bonus: refused at recharge (amount_proportion), and not granted when the level came after the order', async () => {
      const before = await bankOrder(tokens.rkpromo1, { amount_proportion: 0.1 });
      expect(before.code, before.message).toBe(200);
      expect((await setLevel('rkpromo1', 'no_promo')).code).toBe(200);
      expect(await bankOrder(tokens.rkpromo1, { amount_proportion: 0.1 })).toMatchObject({ code: 400, message: RISK_MSG.noDepositBonus });
      // without a bonus the deposit itself is open
      const plainOrder = await bankOrder(tokens.rkpromo1);
      expect(plainOrder.code, plainOrder.message).toBe(200);
      // the order placed before: credited, without the bonus, and the skip recorded
      expect((await call('/admin/api/deposits/approve', { deposit_no: before.data.deposit_no })).code).toBe(200);
      expect(Number((await depositRow(t, before.data.deposit_no)).bonus_amount)).toBe(0);
      expect(await central(t, ids.rkpromo1)).toBe(50_000);
      const skip = await t.ctx.db.selectFrom('risk_promo_skips').selectAll().where('member_id', '=', ids.rkpromo1).where('what', '=', 'deposit_bonus').execute();
      expect(skip).toHaveLength(1);
      // a normal member gets it
      const normal = await bankOrder(tokens.rkplain1, { amount_proportion: 0.1 });
      expect((await call('/admin/api/deposits/approve', { deposit_no: normal.data.deposit_no })).code).toBe(200);
      expect(Number((await depositRow(t, normal.data.deposit_no)).bonus_amount)).toBe(5_000);
    });

    it('rebate run: the member is skipped (recorded), the others settled; a claim is refused', async () => {
      const D = '2026-03-10';
      for (const who of ['rkpromo1', 'rkplain1']) await addBet(t.ctx.db, { memberId: ids[who], platform: 'pp', category: 'concise', valid: 100_000, settledAt: bj(`${D} 12:00:00`) });
      await settleRebateDay(t.promotions.deps, D, bj('2026-03-11 01:00:00'));
      const rows = async (who: string) => t.ctx.db.selectFrom('rebates').select(['amount']).where('member_id', '=', ids[who]).where('day', '=', D).execute();
      expect(await rows('rkpromo1')).toEqual([]);
      expect((await rows('rkplain1')).length).toBe(1);
      const skip = await t.ctx.db.selectFrom('risk_promo_skips').select(['what', 'reference']).where('member_id', '=', ids.rkpromo1).where('what', '=', 'rebate').execute();
      expect(skip).toEqual([{ what: 'rebate', reference: D }]);
      expect(await t.post('/api/dofanshui', {}, { token: tokens.rkpromo1 })).toMatchObject({ code: 400, message: RISK_MSG.noRebate });
      expect((await t.post('/api/dofanshui', {}, { token: tokens.rkplain1 })).code).toBe(200);
    });

    it('red packet grab: refused with its message; a normal member is not', async () => {
      const now = bj('2026-05-20 10:30:00');
      await call('/admin/api/red-packet-rules/create', { name: '风控红包', start_time: '2026-05-01 00:00:00', end_time: '2026-06-01 00:00:00', deposit_min: 100, deposit_max: 999999, grabs: 2, mode: 'fixed', amount_min: 1.88, amount_max: 8.88, turnover_multiple: 3 });
      const deps = { ...t.promotions.deps, depositsCreditedBetween: ledgerDepositsBetween };
      for (const who of ['rkpromo1', 'rkplain1']) {
        await t.ctx.db.transaction().execute((trx) => wallet.creditFromHouse(trx, { memberId: ids[who], amount: 20_000, reference: `RKD${who}`, idempotencyKey: `deposit:RKD${who}`, house: 'deposits', now: bj('2026-05-19 12:00:00') }));
      }
      const grab = async (who: string) => {
        try {
          return await grabRedPacket(deps, ids[who], now);
        } catch (e) {
          if (e instanceof ApiError) return e.message;
          throw e;
        }
      };
      expect(await grab('rkpromo1')).toBe(RISK_MSG.noRedPacket);
      expect(await grab('rkplain1')).toMatchObject({ sendnums: 1 });
    });

    it('activities: applying is refused; an approval with a bonus is refused to the operator, without one it passes', async () => {
      const activities = (await t.post('/api/activitylist', { page: 1 })).data.data as { id: number }[];
      expect(await t.post('/api/activityApply', { id: activities[0].id }, { token: tokens.rkpromo1 })).toMatchObject({ code: 400, message: RISK_MSG.noActivity });
      // an application made while normal, decided after the level changed
      const plain = await t.post('/api/activityApply', { id: activities[0].id }, { token: tokens.rkplain1 });
      expect(plain.code, plain.message).toBe(200);
      expect((await setLevel('rkplain1', 'no_promo')).code).toBe(200);
      const approve = (bonus: number) => call('/admin/api/activity-applications/approve', { apply_no: plain.data.apply_no, bonus, turnover_multiple: 1 });
      expect(await approve(88)).toMatchObject({ code: 400, message: RISK_MSG.noActivityBonus });
      expect((await approve(0)).code).toBe(200);
      // back to normal: a new application and a bonus pass
      expect((await setLevel('rkplain1', 'normal')).code).toBe(200);
      const again = await t.post('/api/activityApply', { id: activities[1].id }, { token: tokens.rkplain1 });
      expect(again.code, again.message).toBe(200);
      expect((await call('/admin/api/activity-applications/approve', { apply_no: again.data.apply_no, bonus: 88, turnover_multiple: 1 })).code).toBe(200);
      expect(await wallet.verify(t.ctx.db)).toEqual([]);
    });
  });

  it('提款必审: the withdrawal waits for review and the review shows the level and the links beside the amount', async () => {
    expect((await setLevel('rkcard1', 'withdraw_review')).code).toBe(200);
    await call('/admin/api/members/adjust', { username: 'rkcard1', amount: 300, reason: '测试入账', turnover_multiple: 0 });
    const card = (await t.ctx.db.selectFrom('member_cards').select('id').where('member_id', '=', ids.rkcard1).executeTakeFirstOrThrow()).id;
    const w = await withdraw(t, tokens.rkcard1, { bank: card, amount: 100, password: PAY });
    expect(w.code, w.message).toBe(200);
    const row = (await call('/admin/api/withdrawals/list', { username: 'rkcard1' }, finance)).data.data[0];
    expect(row).toMatchObject({ state: 1, amount: 100, risk: { risk_level: 'withdraw_review', links: 1 } });
    expect(row.risk.notes).toContain('会员风险等级为「提款必审」：每笔取款都须人工审核');
    // a member without a level or links shows neither
    await join('rkwdr02', { ip: '192.0.2.61' });
    const id2 = await bindUsdt(t, tokens.rkwdr02, 'TRC20');
    await call('/admin/api/members/adjust', { username: 'rkwdr02', amount: 300, reason: '测试入账', turnover_multiple: 0 });
    expect((await withdraw(t, tokens.rkwdr02, { bank: id2, amount: 100, password: PAY })).code).toBe(200);
    const row2 = (await call('/admin/api/withdrawals/list', { username: 'rkwdr02' }, finance)).data.data[0];
    expect(row2.risk).toMatchObject({ risk_level: 'normal', links: 0 });
  });
});
