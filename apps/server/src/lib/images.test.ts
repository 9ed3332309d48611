import { describe, expect, it } from 'vitest';
import { sidesWithin, sniffImage } from './images.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

/** a PNG header of the given size: signature, then IHDR (13 bytes) and its CRC */
function pngHead(w: number, h: number): Buffer {
  const b = Buffer.alloc(33);
  hex('89504e470d0a1a0a0000000d49484452').copy(b, 0);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

/** a JPEG: SOI, an APP0 segment, then SOF0 with the given size */
function jpegHead(w: number, h: number): Buffer {
  const sof = Buffer.alloc(19);
  hex('ffc00011 08').copy(sof, 0);
  sof.writeUInt16BE(h, 5);
  sof.writeUInt16BE(w, 7);
  return Buffer.concat([hex('ffd8 ffe0 0010 4a46494600 0101 00 0001 0001 0000'), sof]);
}

function webpHead(chunk: 'VP8 ' | 'VP8L' | 'VP8X', w: number, h: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(chunk, 12, 'latin1');
  if (chunk === 'VP8 ') {
    hex('9d012a').copy(b, 23);
    b.writeUInt16LE(w, 26);
    b.writeUInt16LE(h, 28);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14), 21);
  } else {
    b.writeUIntLE(w - 1, 24, 3);
    b.writeUIntLE(h - 1, 27, 3);
  }
  return b;
}

describe('sniffImage: what uploaded bytes are, whatever the file is called', () => {
  it('reads the kind and the size in pixels of PNG, JPEG, WebP and GIF', () => {
    expect(sniffImage(pngHead(640, 200))).toEqual({ kind: 'png', width: 640, height: 200 });
    expect(sniffImage(jpegHead(1080, 400))).toEqual({ kind: 'jpg', width: 1080, height: 400 });
    expect(sniffImage(webpHead('VP8 ', 750, 300))).toEqual({ kind: 'webp', width: 750, height: 300 });
    expect(sniffImage(webpHead('VP8L', 320, 120))).toEqual({ kind: 'webp', width: 320, height: 120 });
    expect(sniffImage(webpHead('VP8X', 5000, 10))).toEqual({ kind: 'webp', width: 5000, height: 10 });
    expect(sniffImage(hex('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b'))).toEqual({ kind: 'gif', width: 1, height: 1 });
  });

  it('refuses SVG, HTML renamed .png, truncated headers and anything else', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('<html><body><script>alert(1)</script></body></html>'))).toBeNull();
    expect(sniffImage(pngHead(1, 1).subarray(0, 20))).toBeNull();
    expect(sniffImage(hex('ffd8ff'))).toBeNull();
    // a JPEG whose scan starts before any frame, or a segment length that cannot be
    expect(sniffImage(hex('ffd8 ffda 0008 0000000000000000'))).toBeNull();
    expect(sniffImage(hex('ffd8 ffe0 0001 00000000'))).toBeNull();
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPXXXX'), Buffer.alloc(20)]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('sidesWithin keeps pictures between 1 and the limit on both sides', () => {
    expect(sidesWithin({ kind: 'png', width: 4096, height: 1 }, 4096)).toBe(true);
    expect(sidesWithin({ kind: 'png', width: 4097, height: 1 }, 4096)).toBe(false);
    expect(sidesWithin({ kind: 'png', width: 0, height: 10 }, 4096)).toBe(false);
  });
});
