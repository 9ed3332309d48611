import { createHash, createHmac } from 'node:crypto';
import { sifangSignature } from '@casino/sandbox';
import { describe, expect, it } from 'vitest';
import { fieldSetsOf } from '../../verified-fields.ts';
import { sign, signText, verify } from './sign.ts';

describe('四方 signature', () => {
  const fields = { mch_id: 'M1', out_trade_no: 'D1', amount: '100.00', Zeta: 'z', empty: '', sign: 'IGNORED' };

  it('signs the ASCII-sorted non-empty fields but the signature, then &key=', () => {
    // upper-case letters sort before lower-case ones in ASCII
    expect(signText(fields, 'K3y', 'sign')).toBe('Zeta=z&amount=100.00&mch_id=M1&out_trade_no=D1&key=K3y');
    expect(sign(fields, 'K3y', 'md5', 'sign')).toBe(createHash('md5').update('Zeta=z&amount=100.00&mch_id=M1&out_trade_no=D1&key=K3y').digest('hex').toUpperCase());
    expect(sign(fields, 'K3y', 'sha256', 'sign')).toBe(createHash('sha256').update('Zeta=z&amount=100.00&mch_id=M1&out_trade_no=D1&key=K3y').digest('hex').toUpperCase());
    expect(sign(fields, 'K3y', 'hmac_sha256', 'sign')).toBe(createHmac('sha256', 'K3y').update('Zeta=z&amount=100.00&mch_id=M1&out_trade_no=D1&key=K3y').digest('hex').toUpperCase());
  });

  it('agrees with the sandbox gateway, written separately, for every sign type', () => {
    for (const type of ['md5', 'sha256', 'hmac_sha256'] as const) {
      expect(sign(fields, 'secret-of-merchant', type, 'sign')).toBe(sifangSignature(fields, 'secret-of-merchant', type, 'sign'));
    }
  });

  it('verifies in either case of hex, and refuses another key, a changed field or a missing signature', () => {
    const signed = { ...fields, sign: sign(fields, 'k', 'md5', 'sign') };
    expect(verify(signed, 'k', 'md5', 'sign')).toBe(true);
    expect(verify({ ...signed, sign: signed.sign.toLowerCase() }, 'k', 'md5', 'sign')).toBe(true);
    expect(verify(signed, 'other', 'md5', 'sign')).toBe(false);
    expect(verify({ ...signed, amount: '1000.00' }, 'k', 'md5', 'sign')).toBe(false);
    expect(verify({ ...signed, sign: '' }, 'k', 'md5', 'sign')).toBe(false);
    expect(verify({ ...signed, sign: 'zz' }, 'k', 'md5', 'sign')).toBe(false);
    // an MD5 signature is not taken for a SHA-256 channel
    expect(verify(signed, 'k', 'sha256', 'sign')).toBe(false);
  });

  it('reads form and JSON bodies as separate field sets (never merged), and nothing else', () => {
    expect(fieldSetsOf('a=1&b=%E4%B8%AD')).toEqual([{ a: '1', b: '中' }]);
    expect(fieldSetsOf('{"code":0,"data":{"pay_url":"https://x","n":5}}')).toEqual([{ code: '0' }, { pay_url: 'https://x', n: '5' }]);
    expect(fieldSetsOf('<html>')).toBeNull();
    expect(fieldSetsOf('{"a":')).toBeNull();
    // a name twice is ambiguous: refused whole, in a form, in JSON at any depth, and through encoding
    expect(fieldSetsOf('a=1&a=2')).toBeNull();
    expect(fieldSetsOf('a=1&%61=2')).toBeNull();
    expect(fieldSetsOf('{"a":"1","a":"2"}')).toBeNull();
    expect(fieldSetsOf('{"a":"1","data":{"b":"1","b":"2"}}')).toBeNull();
    expect(fieldSetsOf('{"a":"1","x":{"y":{"z":1,"z":2}}}')).toBeNull();
    // comments, trailing commas and a second document too
    expect(fieldSetsOf('{"a":"1"/*x*/}')).toBeNull();
    expect(fieldSetsOf('{"a":"1",}')).toBeNull();
    expect(fieldSetsOf('{"a":"1"}{"a":"2"}')).toBeNull();
  });
});
