import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { loginSchema, registerFormSchema } from './schemas/account.ts';
import { check } from './validate.ts';

const form = { agreement: true, name: 'player01', password: 'secret1', confirmPass: 'secret1', realname: '张三', paypassword: '123456' };

describe('register form rules in the spec order', () => {
  it('starts with the agreement box, then each field', () => {
    expect(check(registerFormSchema, { ...form, agreement: false, name: '' })).toEqual({ ok: false, message: MSG.agreement });
    expect(check(registerFormSchema, { ...form, name: 'ab', password: '1' })).toEqual({ ok: false, message: MSG.username });
    expect(check(registerFormSchema, { ...form, password: '1' })).toEqual({ ok: false, message: MSG.passwordLength });
    expect(check(registerFormSchema, { ...form, confirmPass: 'x', realname: '' })).toEqual({ ok: false, message: MSG.passwordMismatch });
    expect(check(registerFormSchema, { ...form, realname: '张', paypassword: '' })).toEqual({ ok: false, message: MSG.realname });
    expect(check(registerFormSchema, { ...form, paypassword: '12345' })).toEqual({ ok: false, message: MSG.payPasswordLength });
    const ok = check(registerFormSchema, { ...form, name: ' Player01 ' });
    expect(ok.ok && ok.data.name).toBe('Player01');
  });

  it('login needs both fields', () => {
    expect(check(loginSchema, { name: 'a' })).toEqual({ ok: false, message: MSG.loginRequired });
    expect(check(loginSchema, null)).toEqual({ ok: false, message: MSG.badRequest });
    expect(check(loginSchema, { name: 'a', password: 'b' }).ok).toBe(true);
  });
});
