import fs from 'node:fs';
import path from 'node:path';
import { sidesWithin, sniffImage, storeImage } from '../../lib/images.ts';

/**
 * Avatar files: judged by their bytes (never by name or declared type), kept under
 * DATA_DIR/uploads/avatars/<random>.<png|gif>, served from /uploads/avatars/<name>.
 */
export type AvatarKind = 'png' | 'gif';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** a stored file's name: 32 hex characters of randomness and the kind it was judged to be */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|gif)$/;

/** Widest and tallest picture accepted: an avatar shown at 64 px needs nothing near this. */
const MAX_SIDE = 4096;

/**
 * What the bytes are (lib/images.ts reads them): a PNG or a GIF of sane size, else null. An SVG,
 * a JPEG, HTML renamed .png or a truncated file are all null.
 */
export function sniffAvatar(buf: Buffer): AvatarKind | null {
  const s = sniffImage(buf);
  return s && (s.kind === 'png' || s.kind === 'gif') && sidesWithin(s, MAX_SIDE) ? s.kind : null;
}

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

/** Writes the file under a fresh random name (temporary file, then rename) and answers its URL path. */
export async function storeAvatar(dataDir: string, bytes: Buffer, kind: AvatarKind): Promise<string> {
  return AVATAR_URL_PREFIX + (await storeImage(avatarDir(dataDir), bytes, kind));
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
