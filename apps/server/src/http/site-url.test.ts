import { describe, expect, it } from 'vitest';
import { siteUrl } from './site-url.ts';

describe('the address the server reaches itself at', () => {
  it('takes the loopback address for a wildcard host and brackets an IPv6 address', () => {
    expect(siteUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(siteUrl('::', 3000)).toBe('http://127.0.0.1:3000');
    expect(siteUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(siteUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(siteUrl('site.internal', 3000)).toBe('http://site.internal:3000');
  });
});
