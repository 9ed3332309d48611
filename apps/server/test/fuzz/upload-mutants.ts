import fc from 'fast-check';

/**
 * Hostile uploads (issue 35 point 2): multipart bodies whose file is not what it claims (SVG,
 * HTML, script, polyglots that start like a picture, image bombs with huge declared sides,
 * truncated, zero bytes, over the limit) and whose envelope is hostile (path traversal and null
 * bytes in the name, a declared type of text/html, another field name, two files, many parts, a
 * form cut short, no multipart at all). Each mutant says whether its bytes are a picture a route
 * could keep, so a test can hold an accepted upload to that. Seeded by the caller's fc.assert.
 */
export interface UploadMutant {
  name: string;
  payload: Buffer;
  contentType: string;
  /** the bytes of the `file` part as sent (null when there is none) */
  file: Buffer | null;
  /** the envelope is an ordinary one-file form: only the bytes decide */
  plainForm: boolean;
}

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** a 1x1 PNG, a 1x1 GIF, a 1x1 JPEG and a 1x1 lossless WebP */
export const PICTURES = {
  png: hex('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082'),
  gif: hex('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b'),
  jpg: hex('ffd8ffe000104a46494600010100000100010000ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00d2cf20ffd9'),
  webp: hex('524946461a000000574542505650384c0d0000002f0000000007d0ff9ffe0100'),
};

/** a PNG whose header declares width x height (the pixels are never there) */
export function pngDeclaring(width: number, height: number): Buffer {
  const b = Buffer.from(PICTURES.png);
  b.writeUInt32BE(width >>> 0, 16);
  b.writeUInt32BE(height >>> 0, 20);
  return b;
}

const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/balance").then(r=>r.text()).then(alert)</script></body></html>');

/** file contents: the genuine pictures, and everything that is not one */
export function fileBytes(maxBytes: number): fc.Arbitrary<{ name: string; bytes: Buffer }> {
  return fc.oneof(
    fc.constantFrom(...Object.entries(PICTURES).map(([k, bytes]) => ({ name: `genuine ${k}`, bytes }))),
    fc.constantFrom(
      { name: 'svg with script', bytes: SVG },
      { name: 'html', bytes: HTML },
      { name: 'javascript', bytes: Buffer.from('alert(document.domain)//') },
      { name: 'png then html (polyglot)', bytes: Buffer.concat([PICTURES.png, HTML]) },
      { name: 'gif/js polyglot', bytes: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1)//;') },
      { name: 'html then png', bytes: Buffer.concat([HTML, PICTURES.png]) },
      { name: 'zero bytes', bytes: Buffer.alloc(0) },
      { name: 'png signature only', bytes: PICTURES.png.subarray(0, 8) },
      { name: 'png with a 0x0 header', bytes: pngDeclaring(0, 0) },
      { name: 'utf-16 svg', bytes: Buffer.from(`\ufeff${SVG.toString()}`, 'utf16le') },
      { name: 'pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</JS(alert(1))>>endobj') },
    ),
    // image bombs: a few bytes declaring an enormous picture
    fc.tuple(fc.integer({ min: 4097, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean()).map(([w, h, swap]) => ({ name: `png declaring ${swap ? h : w}x${swap ? w : h}`, bytes: pngDeclaring(swap ? h : w, swap ? w : h) })),
    // cut anywhere
    fc.tuple(fc.constantFrom(...Object.entries(PICTURES)), fc.integer({ min: 1, max: 200 })).map(([[k, b], n]) => ({ name: `${k} truncated at ${n % b.length}`, bytes: b.subarray(0, n % b.length) })),
    // over the limit: a genuine picture padded past it
    fc.constant({ name: 'oversized png', bytes: Buffer.concat([PICTURES.png, Buffer.alloc(maxBytes + 1 - PICTURES.png.length, 0x41)]) }),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((a) => ({ name: 'random bytes', bytes: Buffer.from(a) })),
  );
}

const FILENAMES = ['a.png', '../../../etc/passwd', '..\\..\\win.ini.png', '%2e%2e%2fx.png', 'a.png\u0000.html', 'a.html', 'a.svg', `${'x'.repeat(300)}.png`, '', 'a".png', 'a.png\r\nX-Injected: 1', '头像.png'];
const TYPES = ['image/png', 'image/gif', 'text/html', 'image/svg+xml', 'application/octet-stream', 'application/x-msdownload', ''];

function part(boundary: string, name: string, body: Buffer, filename?: string, type?: string): Buffer {
  const disp = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename.replace(/[\r\n]/g, ' ')}"`}`;
  return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), body, Buffer.from('\r\n')]);
}

/**
 * Whole requests: the bytes in an ordinary form with a hostile name or declared type, or in a
 * hostile form. `fields` are sent before the file (an operator's conversation_id).
 */
export function uploadMutants(maxBytes: number, fields: Record<string, string> = {}): fc.Arbitrary<UploadMutant> {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const ct = `multipart/form-data; boundary=${boundary}`;
  const head = Object.entries(fields).map(([k, v]) => part(boundary, k, Buffer.from(v)));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const form = (parts: Buffer[]) => Buffer.concat([...head, ...parts, end]);
  return fc.tuple(fileBytes(maxBytes), fc.constantFrom(...FILENAMES), fc.constantFrom(...TYPES), fc.integer({ min: 0, max: 11 })).map(([f, filename, type, how]): UploadMutant => {
    const file = part(boundary, 'file', f.bytes, filename, type);
    const name = `${f.name} as ${JSON.stringify(filename.slice(0, 30))} (${type || 'no type'})`;
    switch (how) {
      case 1:
        return { name: `${name}, field named avatar`, payload: form([part(boundary, 'avatar', f.bytes, filename, type)]), contentType: ct, file: null, plainForm: false };
      case 2:
        return { name: `${name}, then an html file`, payload: form([file, part(boundary, 'file', HTML, 'b.html', 'text/html')]), contentType: ct, file: f.bytes, plainForm: false };
      case 3:
        return { name: `${name}, after an html file`, payload: form([part(boundary, 'file', HTML, 'b.html', 'text/html'), file]), contentType: ct, file: HTML, plainForm: false };
      case 4:
        return { name: `${name}, 40 parts`, payload: form([...Array.from({ length: 40 }, (_, i) => part(boundary, `f${i}`, Buffer.from('x'))), file]), contentType: ct, file: f.bytes, plainForm: false };
      case 5:
        return { name: `${name}, form cut short`, payload: form([file]).subarray(0, Math.max(10, form([file]).length - 40)), contentType: ct, file: f.bytes, plainForm: false };
      case 6:
        return { name: `${name}, no end boundary`, payload: Buffer.concat([...head, file]), contentType: ct, file: f.bytes, plainForm: false };
      case 7:
        return { name: `${name} sent as application/json`, payload: f.bytes, contentType: 'application/json', file: null, plainForm: false };
      case 8:
        return { name: `${name} sent as image/png`, payload: f.bytes, contentType: 'image/png', file: null, plainForm: false };
      case 9:
        return { name: `${name}, boundary not declared`, payload: form([file]), contentType: 'multipart/form-data', file: null, plainForm: false };
      case 10:
        return { name: `${name}, a huge field first`, payload: form([part(boundary, 'note', Buffer.alloc(70_000, 0x41)), file]), contentType: ct, file: f.bytes, plainForm: false };
      default:
        return { name, payload: form([file]), contentType: ct, file: f.bytes, plainForm: true };
    }
  });
}
