import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Avatar files: judged by their bytes (never by name or declared type), kept under
 * DATA_DIR/uploads/avatars/<random>.<png|gif>, served from /uploads/avatars/<name>.
 */
export type AvatarKind = 'png' | 'gif';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** a stored file's name: 32 hex characters of randomness and the kind it was judged to be */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|gif)$/;
export const AVATAR_TYPES: Record<AvatarKind, string> = { png: 'image/png', gif: 'image/gif' };

/** Widest and tallest picture accepted: an avatar shown at 64 px needs nothing near this. */
const MAX_SIDE = 4096;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What the bytes are: a PNG (signature, then an IHDR chunk of sane size) or a GIF (GIF87a /
 * GIF89a header with a sane logical screen), else null. An SVG, a JPEG, HTML renamed .png or
 * a truncated file are all null.
 */
export function sniffAvatar(buf: Buffer): AvatarKind | null {
  if (buf.length >= 33 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // the first chunk is IHDR, 13 bytes long: width and height are big-endian at 16 and 20
    if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    const w = buf.readUInt32BE(16);
    const h = buf.readUInt32BE(20);
    return w > 0 && h > 0 && w <= MAX_SIDE && h <= MAX_SIDE ? 'png' : null;
  }
  const head = buf.toString('latin1', 0, 6);
  if (buf.length >= 14 && (head === 'GIF87a' || head === 'GIF89a')) {
    // logical screen width and height, little-endian at 6 and 8
    const w = buf.readUInt16LE(6);
    const h = buf.readUInt16LE(8);
    return w > 0 && h > 0 && w <= MAX_SIDE && h <= MAX_SIDE ? 'gif' : null;
  }
  return null;
}

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

/** Writes the file under a fresh random name (temporary file, then rename) and answers its URL path. */
export async function storeAvatar(dataDir: string, bytes: Buffer, kind: AvatarKind): Promise<string> {
  const dir = avatarDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(tmp, bytes, { flag: 'wx', mode: 0o644 });
  await fs.promises.rename(tmp, path.join(dir, name));
  return AVATAR_URL_PREFIX + name;
}

/** The file behind one of our avatar URLs, or null for anything else (an empty or foreign value). */
export function avatarFileOf(dataDir: string, url: string): string | null {
  if (!url.startsWith(AVATAR_URL_PREFIX)) return null;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  return AVATAR_NAME.test(name) ? path.join(avatarDir(dataDir), name) : null;
}

/** Removes a replaced avatar's file; a file already gone is fine. */
export async function removeAvatar(dataDir: string, url: string): Promise<void> {
  const file = avatarFileOf(dataDir, url);
  if (file) await fs.promises.rm(file, { force: true });
}
