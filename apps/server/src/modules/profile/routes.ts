import multipart from '@fastify/multipart';
import {
  applyAgentSchema,
  editPasswordSchema,
  editPayPasswordSchema,
  PROFILE_LIMITS,
  PROFILE_MSG,
  updateUserInfoSchema,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { readUploadedFile } from '../../http/upload.ts';
import { parse } from '../../http/validate.ts';
import { sendImage } from '../../lib/images.ts';
import { AVATAR_NAME, avatarDir } from './avatar.ts';
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
      const bytes = await readUploadedFile(req, { missing: PROFILE_MSG.avatarMissing, tooLarge: PROFILE_MSG.avatarTooLarge });
      const avatar = await profile.setAvatar(memberOf(req).memberId, bytes);
      return ok({ avatar, url: avatar }, PROFILE_MSG.avatarOk);
    });
  });

  // served by us: the type the bytes were judged to be, never sniffed, cached for good (names are never reused)
  app.get<{ Params: { name: string } }>('/uploads/avatars/:name', async (req, reply) => sendImage(reply, avatarDir(dataDir), req.params.name, AVATAR_NAME));
}
