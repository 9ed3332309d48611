import path from 'node:path';
import { CONTENT_UPLOAD_LIMITS } from '@casino/contract';
import { IMAGE_TYPES, sidesWithin, sniffImage, storeImage, type SniffedImage } from '../../lib/images.ts';

/**
 * Pictures operators upload for banners and partner logos (issue 13). Judged by their bytes
 * (lib/images.ts), never by the file's name or declared type: PNG, JPEG or WebP with a readable
 * size; SVG (it can carry script), HTML renamed .png, GIF and anything else are refused. Kept
 * under DATA_DIR/uploads/banners/<random>.<png|jpg|webp>, served from /uploads/banners/<name>
 * with the type the bytes were judged to be (the extension records it), nosniff and a sandbox policy.
 */
export type PictureKind = 'png' | 'jpg' | 'webp';

export const PICTURE_URL_PREFIX = '/uploads/banners/';
export const PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
export const PICTURE_TYPES: Record<PictureKind, 'image/png' | 'image/jpeg' | 'image/webp'> = { png: IMAGE_TYPES.png, jpg: IMAGE_TYPES.jpg, webp: IMAGE_TYPES.webp };

export interface Sniffed extends SniffedImage {
  kind: PictureKind;
}

/** What the bytes are (with their size in pixels), or null for anything but PNG, JPEG and WebP. */
export function sniffPicture(buf: Buffer): Sniffed | null {
  const s = sniffImage(buf);
  return s && s.kind !== 'gif' ? (s as Sniffed) : null;
}

/** whether the picture's sides are ones we show */
export const sensibleSize = (s: Sniffed) => sidesWithin(s, CONTENT_UPLOAD_LIMITS.maxSide);

export function pictureDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'banners');
}

/** Writes the file under a fresh random name (temporary file, then rename) and answers its URL path. */
export async function storePicture(dataDir: string, bytes: Buffer, kind: PictureKind): Promise<string> {
  return PICTURE_URL_PREFIX + (await storeImage(pictureDir(dataDir), bytes, kind));
}
