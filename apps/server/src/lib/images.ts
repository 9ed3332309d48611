import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Uploaded pictures (avatars, banners and partner logos, chat pictures) are judged by their
 * bytes, never by the file's name or declared type. This is the one place that reads the magic
 * bytes and the size in pixels; each upload then keeps only the kinds and sizes it shows. SVG
 * (it can carry script), HTML renamed .png, a truncated header and anything else are null.
 */
export type ImageKind = 'png' | 'jpg' | 'webp' | 'gif';

export interface SniffedImage {
  kind: ImageKind;
  width: number;
  height: number;
}

/** the type each kind is served with (the stored file's extension records the kind) */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const satisfies Record<ImageKind, string>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: signature, then the IHDR chunk (13 bytes) holding width and height, big-endian. */
function png(buf: Buffer): SniffedImage | null {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** JPEG: SOI, then segments up to a start-of-frame marker, which holds height and width. */
function jpeg(buf: Buffer): SniffedImage | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    // fill bytes, and markers without a length
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const len = buf.readUInt16BE(i + 2);
    if (len < 2) return null;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > buf.length) return null;
      return { kind: 'jpg', height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

/** WebP: RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webp(buf: Buffer): SniffedImage | null {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
    return { kind: 'webp', width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const bits = buf.readUInt32LE(21);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { kind: 'webp', width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** GIF: GIF87a / GIF89a, then the logical screen's width and height, little-endian. */
function gif(buf: Buffer): SniffedImage | null {
  const head = buf.toString('latin1', 0, 6);
  if (buf.length < 14 || (head !== 'GIF87a' && head !== 'GIF89a')) return null;
  return { kind: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

/** What the bytes are, with their size in pixels, or null for anything but PNG, JPEG, WebP and GIF. */
export function sniffImage(buf: Buffer): SniffedImage | null {
  return png(buf) ?? jpeg(buf) ?? webp(buf) ?? gif(buf);
}

/** whether both sides are between 1 and `maxSide` pixels */
export const sidesWithin = (s: SniffedImage, maxSide: number) => s.width >= 1 && s.height >= 1 && s.width <= maxSide && s.height <= maxSide;

/** Writes the file into `dir` under a fresh random name (temporary file, then rename); answers the name. */
export async function storeImage(dir: string, bytes: Buffer, kind: ImageKind): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(tmp, bytes, { flag: 'wx', mode: 0o644 });
  await fs.promises.rename(tmp, path.join(dir, name));
  return name;
}

/**
 * Answers a stored picture: 404 unless `name` matches `pattern` (its first group the kind) and
 * the file is there; else the file with the type its bytes were judged to be (never sniffed by
 * the browser: nosniff is on every reply), a policy that lets it run nothing, and cached for
 * good (names are never reused: a changed picture is a new file).
 */
export async function sendImage(reply: FastifyReply, dir: string, name: string, pattern: RegExp, { shared = true }: { shared?: boolean } = {}) {
  const m = pattern.exec(name);
  const kind = m?.[1] as ImageKind | undefined;
  const file = kind && kind in IMAGE_TYPES ? path.join(dir, name) : null;
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!kind || !file || !stat?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  return reply
    .type(IMAGE_TYPES[kind])
    .header('Content-Length', stat.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    // a picture only a conversation's parties may see is never kept by a shared cache
    .header('Cache-Control', `${shared ? 'public' : 'private'}, max-age=31536000, immutable`)
    .send(fs.createReadStream(file));
}
