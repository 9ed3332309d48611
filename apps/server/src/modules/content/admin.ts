import multipart from '@fastify/multipart';
import {
  adminArticleGetSchema,
  adminArticleListSchema,
  adminArticleUpdateSchema,
  adminBankCreateSchema,
  adminBankListSchema,
  adminBankUpdateSchema,
  adminBannerCreateSchema,
  adminBannerDeleteSchema,
  adminBannerListSchema,
  adminBannerUpdateSchema,
  adminNoticeCreateSchema,
  adminNoticeDeleteSchema,
  adminNoticeListSchema,
  adminNoticeUpdateSchema,
  adminSponsorListSchema,
  adminSponsorUpdateSchema,
  CONTENT_ADMIN_MSG,
  CONTENT_UPLOAD_LIMITS,
  type AdminUploadReply,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { readUploadedFile } from '../../http/upload.ts';
import { createContentAdmin } from './admin-service.ts';
import type { ContentService } from './service.ts';
import { PICTURE_TYPES, sensibleSize, sniffPicture, storePicture } from './upload.ts';

/**
 * Operator calls of content (issue 13): banners with their picture upload, announcements,
 * articles, sponsorship partners and bank types. Every one needs `content.manage`. The
 * activities' calls live beside these in activities-admin.ts.
 */
export async function contentAdminRoutes(app: FastifyInstance, ctx: AppContext, content: ContentService, requireAdmin: RequireAdmin) {
  const desk = createContentAdmin(ctx, content);
  const op = (admin: { adminId: number }, req: FastifyRequest) => ({ adminId: admin.adminId, ip: req.ip });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/banners/list', permission: 'content.manage', schema: adminBannerListSchema, handler: async (q) => ok(await desk.banners(q)) }),
    adminRoute({
      path: '/admin/api/banners/create',
      permission: 'content.manage',
      schema: adminBannerCreateSchema,
      handler: async (input, admin, req) => ok(await desk.createBanner(input, op(admin, req)), CONTENT_ADMIN_MSG.created),
    }),
    adminRoute({
      path: '/admin/api/banners/update',
      permission: 'content.manage',
      schema: adminBannerUpdateSchema,
      handler: async ({ id, ...input }, admin, req) => ok(await desk.updateBanner(id, input, op(admin, req)), CONTENT_ADMIN_MSG.saved),
    }),
    adminRoute({
      path: '/admin/api/banners/delete',
      permission: 'content.manage',
      schema: adminBannerDeleteSchema,
      handler: async ({ id }, admin, req) => ok(await desk.deleteBanner(id, op(admin, req)), CONTENT_ADMIN_MSG.deleted),
    }),

    adminRoute({ path: '/admin/api/notices/list', permission: 'content.manage', schema: adminNoticeListSchema, handler: async (q) => ok(await desk.notices(q)) }),
    adminRoute({
      path: '/admin/api/notices/create',
      permission: 'content.manage',
      schema: adminNoticeCreateSchema,
      handler: async (input, admin, req) => ok(await desk.createNotice(input, op(admin, req)), CONTENT_ADMIN_MSG.created),
    }),
    adminRoute({
      path: '/admin/api/notices/update',
      permission: 'content.manage',
      schema: adminNoticeUpdateSchema,
      handler: async ({ id, ...input }, admin, req) => ok(await desk.updateNotice(id, input, op(admin, req)), CONTENT_ADMIN_MSG.saved),
    }),
    adminRoute({
      path: '/admin/api/notices/delete',
      permission: 'content.manage',
      schema: adminNoticeDeleteSchema,
      handler: async ({ id }, admin, req) => ok(await desk.deleteNotice(id, op(admin, req)), CONTENT_ADMIN_MSG.deleted),
    }),

    adminRoute({ path: '/admin/api/articles/list', permission: 'content.manage', schema: adminArticleListSchema, handler: async () => ok(await desk.articles()) }),
    adminRoute({ path: '/admin/api/articles/get', permission: 'content.manage', schema: adminArticleGetSchema, handler: async ({ type }) => ok(await desk.article(type)) }),
    adminRoute({
      path: '/admin/api/articles/update',
      permission: 'content.manage',
      schema: adminArticleUpdateSchema,
      handler: async (input, admin, req) => ok(await desk.updateArticle(input, op(admin, req)), CONTENT_ADMIN_MSG.saved),
    }),

    adminRoute({ path: '/admin/api/sponsors/list', permission: 'content.manage', schema: adminSponsorListSchema, handler: async () => ok(await desk.sponsors()) }),
    adminRoute({
      path: '/admin/api/sponsors/update',
      permission: 'content.manage',
      schema: adminSponsorUpdateSchema,
      handler: async (input, admin, req) => ok(await desk.updateSponsor(input, op(admin, req)), CONTENT_ADMIN_MSG.saved),
    }),

    adminRoute({ path: '/admin/api/banks/list', permission: 'content.manage', schema: adminBankListSchema, handler: async (q) => ok(await desk.banks(q)) }),
    adminRoute({
      path: '/admin/api/banks/create',
      permission: 'content.manage',
      schema: adminBankCreateSchema,
      handler: async (input, admin, req) => ok(await desk.createBank(input, op(admin, req)), CONTENT_ADMIN_MSG.created),
    }),
    adminRoute({
      path: '/admin/api/banks/update',
      permission: 'content.manage',
      schema: adminBankUpdateSchema,
      handler: async ({ id, ...input }, admin, req) => ok(await desk.updateBank(id, input, op(admin, req)), CONTENT_ADMIN_MSG.saved),
    }),
  ]);

  // the picture upload understands multipart in its own plugin scope only
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTENT_UPLOAD_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
    });
    registerAdminRoutes(scope, requireAdmin, [
      adminRoute({
        path: '/admin/api/banners/upload',
        permission: 'content.manage',
        handler: async (_input, admin, req) => {
          const bytes = await readUploadedFile(req, { missing: CONTENT_ADMIN_MSG.uploadMissing, tooLarge: CONTENT_ADMIN_MSG.uploadTooLarge });
          const sniffed = sniffPicture(bytes);
          if (!sniffed) refuse(CONTENT_ADMIN_MSG.uploadType);
          if (!sensibleSize(sniffed)) refuse(CONTENT_ADMIN_MSG.uploadSize);
          const url = await storePicture(ctx.config.dataDir, bytes, sniffed.kind);
          const reply: AdminUploadReply = { url, type: PICTURE_TYPES[sniffed.kind], bytes: bytes.length, width: sniffed.width, height: sniffed.height };
          await desk.recordUpload(url, { type: reply.type, bytes: reply.bytes, width: reply.width, height: reply.height }, op(admin, req));
          return ok(reply, CONTENT_ADMIN_MSG.uploaded);
        },
      }),
    ]);
  });
}
