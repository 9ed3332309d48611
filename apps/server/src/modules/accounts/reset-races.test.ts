import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, RESET_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * An outside attacker guessing a member's payment password through the self-service reset
 * (忘记密码, no captcha) with guesses sent at once rather than one after another: the address's
 * 10 failures an hour must bound the guesses checked however they are sent (SQLite and PostgreSQL).
 */
describe('POST /api/resetPassword: guesses sent at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  const facts = (paypassword: string) => ({ name: 'racereset1', realname: '张三', paypassword, card_last4: '7890', password: 'taken-over1', confirmPass: 'taken-over1' });
  const hashOf = async () => (await t.ctx.db.selectFrom('members').select('password_hash').where('username', '=', 'racereset1').executeTakeFirstOrThrow()).password_hash;

  it('twenty guesses at once from one address: ten are checked, the rest paused, the right one among them changes nothing', async () => {
    const token = await t.register('racereset1');
    const bound = await t.post('/api/bindcard', { bank_owner: '张三', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token });
    expect(bound.code, bound.message).toBe(200);
    const before = await hashOf();
    // nineteen wrong payment passwords, then the member's own, all at once from one address
    const guesses = [...Array.from({ length: 19 }, (_, i) => `guess${String(i).padStart(3, '0')}`), '654321'];
    const replies = await Promise.all(guesses.map((p) => t.post('/api/resetPassword', facts(p), { ip: '10.66.0.1' })));
    const checked = replies.filter((r) => r.code !== CODE.tooMany);
    expect(checked.length, JSON.stringify(replies.map((r) => r.message))).toBeLessThanOrEqual(10);
    expect(checked.every((r) => r.message === RESET_MSG.mismatch)).toBe(true);
    expect(replies[19].code).toBe(CODE.tooMany);
    expect(await hashOf()).toBe(before);
    // the owner's session still works: nothing was reset
    expect((await t.post('/api/user', {}, { token })).code).toBe(200);
  });
});
