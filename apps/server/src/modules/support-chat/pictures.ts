import path from 'node:path';
import { sidesWithin, sniffImage, storeImage, type ImageKind } from '../../lib/images.ts';

/**
 * Chat pictures: judged by their bytes (lib/images.ts: never by name or declared type), kept
 * under DATA_DIR/uploads/chat/<32 hex>.<kind>, served from /uploads/chat/<name> with the type
 * they were judged to be, nosniff and a sandboxing CSP. The name is 128 bits of randomness and
 * is only ever shown to the conversation's member and operators.
 */
export type PictureKind = ImageKind;

export const PICTURE_URL_PREFIX = '/uploads/chat/';
export const PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
/** a side longer than this is no phone photo */
const MAX_SIDE = 10_000;

/** What the bytes are, or null (SVG, HTML renamed .png, a truncated header, a 0-pixel or huge picture). */
export function sniffPicture(buf: Buffer): PictureKind | null {
  const image = sniffImage(buf);
  return image && sidesWithin(image, MAX_SIDE) ? image.kind : null;
}

export const pictureDir = (dataDir: string) => path.join(dataDir, 'uploads', 'chat');

/** Writes the file under a fresh random name; answers the name. */
export const storePicture = (dataDir: string, bytes: Buffer, kind: PictureKind) => storeImage(pictureDir(dataDir), bytes, kind);
