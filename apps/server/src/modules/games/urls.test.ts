import { describe, expect, it } from 'vitest';
import { artUrl } from '../catalogue/index.ts';
import { gameUrl } from './urls.ts';

const inProcess = (origin: string) => ({ requestOrigin: origin, relativeBase: origin });
const plain = { http_only: 0 };

describe('launch URL rule', () => {
  it('makes a root-relative URL absolute on the member\'s own origin and keeps its scheme', () => {
    expect(gameUrl('/sandbox/provider/play?token=a.b', inProcess('http://127.0.0.1:3000'), plain)).toBe('http://127.0.0.1:3000/sandbox/provider/play?token=a.b');
    expect(gameUrl('/sandbox/provider/play?token=a', inProcess('https://www.site.example'), plain)).toBe('https://www.site.example/sandbox/provider/play?token=a');
    expect(gameUrl('/sandbox/provider/play?token=a', inProcess('http://192.168.1.20:3000'), plain)).toBe('http://192.168.1.20:3000/sandbox/provider/play?token=a');
  });

  it('forces https on other hosts, http for an http-only venue', () => {
    const ctx = inProcess('http://192.168.1.20:3000');
    expect(gameUrl('http://games.example/play?x=1', ctx, plain)).toBe('https://games.example/play?x=1');
    expect(gameUrl('https://games.example/play', ctx, { http_only: 1 })).toBe('http://games.example/play');
    expect(gameUrl('//cdn.games.example/p', ctx, plain)).toBe('https://cdn.games.example/p');
  });

  it('keeps plain http for a provider on a loopback address', () => {
    const ctx = { requestOrigin: 'https://www.site.example', relativeBase: 'http://127.0.0.1:4000/sandbox' };
    expect(gameUrl('http://localhost:4000/sandbox/provider/play?t=1', ctx, plain)).toBe('http://localhost:4000/sandbox/provider/play?t=1');
    expect(gameUrl('/sandbox/provider/play?t=1', ctx, plain)).toBe('http://127.0.0.1:4000/sandbox/provider/play?t=1');
  });

  it('refuses a URL that is not a web page', () => {
    expect(() => gameUrl('javascript:alert(1)', inProcess('http://127.0.0.1:3000'), plain)).toThrow();
  });
});

describe('tile art', () => {
  it('stays root-relative for the in-process sandbox, absolute and https otherwise', () => {
    expect(artUrl('/sandbox/provider/art/pp/pp_gates.svg', null)).toBe('/sandbox/provider/art/pp/pp_gates.svg');
    expect(artUrl('/sandbox/provider/art/pp/x.svg', 'http://games.example/sandbox')).toBe('https://games.example/sandbox/provider/art/pp/x.svg');
    expect(artUrl('/sandbox/provider/art/pp/x.svg', 'http://127.0.0.1:4000/sandbox')).toBe('http://127.0.0.1:4000/sandbox/provider/art/pp/x.svg');
    expect(artUrl('', null)).toBe('');
  });
});
