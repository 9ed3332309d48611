import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  applyAgentSchema,
  editPasswordSchema,
  editPayPasswordSchema,
  MSG,
  PROFILE_LIMITS,
  PROFILE_MSG,
  updateUserInfoSchema,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { AVATAR_NAME, AVATAR_TYPES, avatarDir, type AvatarKind } from './avatar.ts';
import type { ProfileService } from './service.ts';

type Guard = (req: FastifyRequest) => Promise<void>;

/**
 * POST /api/updateuserinfo, /api/editPassword, /api/editPayPassword, /api/applyagentdo,
 * /api/applyagentinfo (ours), /api/uploadimg (multipart, field `file`) and
 * GET /uploads/avatars/<name>.
 */
export async function profileRoutes(app: FastifyInstance, profile: ProfileService, requireMember: Guard, dataDir: string) {
  const guarded = { preHandler: requireMember };

  app.post('/api/updateuserinfo', guarded, async (req) => {
    const input = parse(updateUserInfoSchema, req.body);
    await profile.updateInfo(memberOf(req).memberId, input);
    return ok(null, PROFILE_MSG.profileSaved);
  });

  app.post('/api/editPassword', guarded, async (req) => {
    const input = parse(editPasswordSchema, req.body);
    await profile.changePassword(memberOf(req).memberId, 1, input);
    return ok(null, PROFILE_MSG.passwordChanged);
  });

  app.post('/api/editPayPassword', guarded, async (req) => {
    const input = parse(editPayPasswordSchema, req.body);
    await profile.changePassword(memberOf(req).memberId, 2, input);
    return ok(null, PROFILE_MSG.passwordChanged);
  });

  app.post('/api/applyagentdo', guarded, async (req) => {
    const input = parse(applyAgentSchema, req.body);
    await profile.applyAgent(memberOf(req).memberId, input);
    return ok(null, PROFILE_MSG.applyOk);
  });

  app.post('/api/applyagentinfo', guarded, async (req) => ok(await profile.agentApplication(memberOf(req).memberId)));

  // multipart is understood by this one route only (its own plugin scope)
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PROFILE_LIMITS.avatarMaxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });
    scope.post('/api/uploadimg', guarded, async (req) => {
      const bytes = await readUploadedFile(req);
      const avatar = await profile.setAvatar(memberOf(req).memberId, bytes);
      return ok({ avatar, url: avatar }, PROFILE_MSG.avatarOk);
    });
  });

  // served by us: the type the bytes were judged to be, never sniffed, cached for good (names are never reused)
  app.get<{ Params: { name: string } }>('/uploads/avatars/:name', async (req, reply) => {
    const { name } = req.params;
    const m = AVATAR_NAME.exec(name);
    if (!m) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const file = path.join(avatarDir(dataDir), name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .type(AVATAR_TYPES[m[1] as AvatarKind])
      .header('Content-Length', stat.size)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}

/** The bytes of the multipart field `file`: missing, another field or too large are refused with their message. */
async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) refuse(PROFILE_MSG.avatarMissing);
  let part;
  try {
    part = await req.file();
  } catch (e) {
    refuse(uploadMessage(e));
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    refuse(PROFILE_MSG.avatarMissing);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    refuse(uploadMessage(e));
  }
  if (part.file.truncated) refuse(PROFILE_MSG.avatarTooLarge);
  if (bytes.length === 0) refuse(PROFILE_MSG.avatarMissing);
  return bytes;
}

function uploadMessage(e: unknown): string {
  const code = (e as { code?: string })?.code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return PROFILE_MSG.avatarTooLarge;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return PROFILE_MSG.avatarMissing;
  // too many parts, a malformed or cut-off form
  return MSG.badRequest;
}
