import { describe, expect, it } from 'vitest';
import { check } from './validate.ts';
import { registerSchema } from './schemas/account.ts';
import { controlCharsMessage, hasControlChars, hasControlCharsInText } from './text-rules.ts';

describe('control and format characters (issue 14)', () => {
  it('finds Cc and Cf characters, bidi overrides and isolates included', () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u00ad', '\u200b', '\u200d', '\u200e', '\u202a', '\u202e', '\u2066', '\u2069', '\ufeff', '\u{e0041}']) {
      expect(hasControlChars(`a${c}b`), JSON.stringify(c)).toBe(true);
      expect(hasControlCharsInText(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });

  it('leaves ordinary names and text alone; multi-line text keeps line breaks and tabs', () => {
    for (const s of ['张三', 'Zhang San', "O'Brien-Li", '李·四', '深圳市福田区 1 号', '😀']) expect(hasControlChars(s), s).toBe(false);
    expect(hasControlChars('第一行\n第二行')).toBe(true);
    expect(hasControlCharsInText('第一行\r\n第二行\t完')).toBe(false);
  });

  it('the register schema answers the clear message for a hidden character in the real name', () => {
    const base = { name: 'player01', password: 'secret123', confirmPass: 'secret123', paypassword: '654321' };
    expect(check(registerSchema, { ...base, realname: '张\u202e三' })).toEqual({ ok: false, message: controlCharsMessage('真实姓名') });
    expect(check(registerSchema, { ...base, realname: '张三' }).ok).toBe(true);
  });
});
