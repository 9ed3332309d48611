import { describe, expect, it } from 'vitest';
import { requestOrigin, siteUrl } from './site-url.ts';

describe('the address the server reaches itself at', () => {
  it('takes the loopback address for a wildcard host and brackets an IPv6 address', () => {
    expect(siteUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(siteUrl('::', 3000)).toBe('http://127.0.0.1:3000');
    expect(siteUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(siteUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(siteUrl('site.internal', 3000)).toBe('http://site.internal:3000');
  });
});

describe('the origin a request reached (issue 33: absolute URLs without PUBLIC_URL)', () => {
  it('is the scheme and the checked host[:port], the default port left out', () => {
    expect(requestOrigin({ protocol: 'http', host: 'localhost:3000' })).toBe('http://localhost:3000');
    expect(requestOrigin({ protocol: 'http', host: 'LocalHost:3000' })).toBe('http://localhost:3000');
    expect(requestOrigin({ protocol: 'https', host: 'm.site.test' })).toBe('https://m.site.test');
    expect(requestOrigin({ protocol: 'https', host: 'm.site.test:443' })).toBe('https://m.site.test');
    expect(requestOrigin({ protocol: 'http', host: 'm.site.test:80' })).toBe('http://m.site.test');
    expect(requestOrigin({ protocol: 'http', host: '192.168.1.20:8080' })).toBe('http://192.168.1.20:8080');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(requestOrigin({ protocol: 'http', host: 'site.test.' })).toBe('http://site.test');
  });

  it('answers null for anything that is not a host: no injection reaches a URL handed out', () => {
    for (const host of ['', ' ', 'evil.test"><script>', 'a b', 'user@evil.test', 'evil.test/path', 'evil.test?x=1', 'evil.test#x', 'evil.test\\x', 'h:1:2', 'h:0', 'h:65536', 'h:abc', '-bad.test', 'bad-.test', 'a..b', '[zz]:80', '[::1', 'x'.repeat(300), 'evil.test\r\nSet-Cookie: a=1', '%65vil.test']) {
      expect(requestOrigin({ protocol: 'http', host }), JSON.stringify(host)).toBeNull();
    }
    expect(requestOrigin({ protocol: 'ftp', host: 'site.test' })).toBeNull();
    expect(requestOrigin({ protocol: undefined, host: 'site.test' })).toBeNull();
  });
});
