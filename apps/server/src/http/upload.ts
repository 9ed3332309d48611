import { MSG } from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import { refuse } from './envelope.ts';

/** the messages one upload answers with */
export interface UploadMessages {
  /** no multipart body, no `file` field, another field first, or an empty file */
  missing: string;
  /** over the multipart plugin's `fileSize` limit */
  tooLarge: string;
}

/**
 * The bytes of the multipart field `file` (the route's scope registers @fastify/multipart with
 * its limits). Missing, empty, another field or too large are refused with the upload's own
 * messages; too many parts or a malformed or cut-off form with the generic bad-request one.
 */
export async function readUploadedFile(req: FastifyRequest, msg: UploadMessages): Promise<Buffer> {
  if (!req.isMultipart()) refuse(msg.missing);
  let part;
  try {
    part = await req.file();
  } catch (e) {
    refuse(uploadMessage(e, msg));
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    refuse(msg.missing);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    refuse(uploadMessage(e, msg));
  }
  if (part.file.truncated) refuse(msg.tooLarge);
  if (bytes.length === 0) refuse(msg.missing);
  return bytes;
}

function uploadMessage(e: unknown, msg: UploadMessages): string {
  const code = (e as { code?: string })?.code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return msg.tooLarge;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return msg.missing;
  return MSG.badRequest;
}
