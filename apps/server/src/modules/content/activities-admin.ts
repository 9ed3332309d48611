import {
  ACTIVITY_ADMIN_MSG,
  adminActivityCreateSchema,
  adminActivityIdSchema,
  adminActivityListSchema,
  adminActivityTypeCreateSchema,
  adminActivityTypeDeleteSchema,
  adminActivityTypeListSchema,
  adminActivityTypeUpdateSchema,
  adminActivityUpdateSchema,
  adminHtmlPreviewSchema,
  CODE,
  type AdminActivityDetail,
  type AdminActivityInput,
  type AdminActivityListQuery,
  type AdminActivityRow,
  type AdminActivityTypeInput,
  type AdminActivityTypeRow,
  type AdminPaged,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { ActivitiesTable, DB } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { SiteService } from '../site/index.ts';
import { sanitizeHtml } from './sanitize.ts';
import { createContentService, type ContentService } from './service.ts';
import { contains } from '../../db/like.ts';

/**
 * Back-office activities and activity types (issue 13), permission content.manage. An activity
 * is written through the content service's saveActivity (the sanitizing store the seed uses),
 * bound to the transaction that also writes the audit row; the member site's cached lists are
 * dropped after the commit (other processes follow within the content cache's 10 seconds).
 */
interface Act {
  adminId: number;
  ip: string;
}

type ActivityRow = Selectable<ActivitiesTable>;

function detail(r: ActivityRow, typeName: string): AdminActivityDetail {
  return {
    id: Number(r.id),
    type: Number(r.type),
    type_name: typeName,
    title: r.title,
    banner: r.banner,
    memo: r.memo,
    sort: Number(r.sort),
    state: (Number(r.state) === 1 ? 1 : 0) as 0 | 1,
    content: r.content,
    updated_at: toWireTime(Number(r.updated_at)),
    created_at: toWireTime(Number(r.created_at)),
  };
}

export function createActivitiesDesk(ctx: AppContext, site: SiteService, content: ContentService) {
  const { db } = ctx;

  async function typeName(q: Kysely<DB>, id: number): Promise<string | null> {
    const t = await q.selectFrom('activity_types').select('name').where('id', '=', id).executeTakeFirst();
    return t ? t.name : null;
  }

  async function activityOf(q: Kysely<DB>, id: number): Promise<AdminActivityDetail> {
    const r = await q.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) refuse(ACTIVITY_ADMIN_MSG.activityNotFound, CODE.notFound);
    return detail(r, (await typeName(q, Number(r.type))) ?? '');
  }

  /** saveActivity of the content service, on the transaction */
  const store = (trx: Kysely<DB>) => createContentService({ ...ctx, db: trx }, site).saveActivity;

  return {
    async types(): Promise<AdminActivityTypeRow[]> {
      const [types, counts] = await Promise.all([
        db.selectFrom('activity_types').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute(),
        db.selectFrom('activities').select(['type', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('type').execute(),
      ]);
      const n = new Map(counts.map((c) => [Number(c.type), Number(c.n)]));
      return types.map((t) => ({ id: Number(t.id), name: t.name, sort: Number(t.sort), state: (Number(t.state) === 1 ? 1 : 0) as 0 | 1, activities: n.get(Number(t.id)) ?? 0 }));
    },

    async createType(input: AdminActivityTypeInput, op: Act) {
      const out = await db.transaction().execute(async (trx) => {
        // ids are chosen numbers (the site's filter names some): the next one after the highest
        const max = await trx.selectFrom('activity_types').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
        const id = Number(max?.m ?? 0) + 1;
        const row = { id, name: input.name, sort: input.sort, state: input.state };
        await trx.insertInto('activity_types').values(row).execute();
        await audit(trx, { adminId: op.adminId, action: 'activity_type.create', target: `activity_type:${id}`, detail: { after: row }, ip: op.ip });
        return row;
      });
      content.clearCache();
      return out;
    },

    async updateType(id: number, input: AdminActivityTypeInput, op: Act) {
      const out = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('activity_types').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) refuse(ACTIVITY_ADMIN_MSG.typeNotFound, CODE.notFound);
        const after = { id, name: input.name, sort: input.sort, state: input.state };
        await trx.updateTable('activity_types').set({ name: input.name, sort: input.sort, state: input.state }).where('id', '=', id).execute();
        await audit(trx, { adminId: op.adminId, action: 'activity_type.update', target: `activity_type:${id}`, detail: { before: { ...before, id: Number(before.id) }, after }, ip: op.ip });
        return after;
      });
      content.clearCache();
      return out;
    },

    async deleteType(id: number, op: Act) {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('activity_types').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) refuse(ACTIVITY_ADMIN_MSG.typeNotFound, CODE.notFound);
        if (await trx.selectFrom('activities').select('id').where('type', '=', id).limit(1).executeTakeFirst()) refuse(ACTIVITY_ADMIN_MSG.typeInUse);
        await trx.deleteFrom('activity_types').where('id', '=', id).execute();
        await audit(trx, { adminId: op.adminId, action: 'activity_type.delete', target: `activity_type:${id}`, detail: { before: { ...before, id: Number(before.id) } }, ip: op.ip });
      });
      content.clearCache();
      return { id };
    },

    /** in the site's order (sort, id); the table holds dozens of rows, filtered by type through its index */
    async list(q: AdminActivityListQuery): Promise<AdminPaged<AdminActivityRow>> {
      let base = db.selectFrom('activities as a');
      if (q.type !== undefined) base = base.where('a.type', '=', q.type);
      if (q.state !== undefined) base = base.where('a.state', '=', q.state);
      if (q.keyword) base = base.where(contains('a.title', q.keyword));
      const [rows, count] = await Promise.all([
        base
          .leftJoin('activity_types as t', 't.id', 'a.type')
          .select(['a.id', 'a.type', 'a.title', 'a.banner', 'a.memo', 'a.sort', 'a.state', 'a.updated_at', 't.name as type_name'])
          .orderBy('a.sort', 'asc')
          .orderBy('a.id', 'asc')
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          type: Number(r.type),
          type_name: r.type_name ?? '',
          title: r.title,
          banner: r.banner,
          memo: r.memo,
          sort: Number(r.sort),
          state: (Number(r.state) === 1 ? 1 : 0) as 0 | 1,
          updated_at: toWireTime(Number(r.updated_at)),
        })),
        Number(count.n),
        q.page,
        q.per_page,
      );
    },

    get: (id: number) => activityOf(db, id),

    async save(id: number | undefined, input: AdminActivityInput, op: Act): Promise<AdminActivityDetail> {
      const out = await db.transaction().execute(async (trx) => {
        if ((await typeName(trx, input.type)) === null) refuse(ACTIVITY_ADMIN_MSG.typeNotFound);
        const before = id === undefined ? null : await activityOf(trx, id);
        const saved = await store(trx)({ id, type: input.type, title: input.title, banner: input.banner, content: input.content, memo: input.memo, sort: input.sort, state: input.state });
        if (saved === null) refuse(ACTIVITY_ADMIN_MSG.activityNotFound, CODE.notFound);
        const after = await activityOf(trx, saved);
        await audit(trx, {
          adminId: op.adminId,
          action: before ? 'activity.update' : 'activity.create',
          target: `activity:${saved}`,
          detail: before ? { before, after } : { after },
          ip: op.ip,
        });
        return after;
      });
      content.clearCache();
      return out;
    },

    async remove(id: number, op: Act) {
      await db.transaction().execute(async (trx) => {
        const before = await activityOf(trx, id);
        await trx.deleteFrom('activities').where('id', '=', id).execute();
        await audit(trx, { adminId: op.adminId, action: 'activity.delete', target: `activity:${id}`, detail: { before }, ip: op.ip });
      });
      content.clearCache();
      return { id };
    },
  };
}

export function activitiesAdminRoutes(app: FastifyInstance, ctx: AppContext, site: SiteService, content: ContentService, requireAdmin: RequireAdmin) {
  const desk = createActivitiesDesk(ctx, site, content);
  const op = (admin: { adminId: number }, req: { ip: string }) => ({ adminId: admin.adminId, ip: req.ip });
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/activity-types/list', permission: 'content.manage', schema: adminActivityTypeListSchema, handler: async () => ok(await desk.types()) }),
    adminRoute({ path: '/admin/api/activity-types/create', permission: 'content.manage', schema: adminActivityTypeCreateSchema, handler: async (i, a, req) => ok(await desk.createType(i, op(a, req)), ACTIVITY_ADMIN_MSG.created) }),
    adminRoute({ path: '/admin/api/activity-types/update', permission: 'content.manage', schema: adminActivityTypeUpdateSchema, handler: async (i, a, req) => ok(await desk.updateType(i.id, i, op(a, req)), ACTIVITY_ADMIN_MSG.saved) }),
    adminRoute({ path: '/admin/api/activity-types/delete', permission: 'content.manage', schema: adminActivityTypeDeleteSchema, handler: async (i, a, req) => ok(await desk.deleteType(i.id, op(a, req)), ACTIVITY_ADMIN_MSG.deleted) }),
    adminRoute({ path: '/admin/api/activities/list', permission: 'content.manage', schema: adminActivityListSchema, handler: async (i) => ok(await desk.list(i)) }),
    adminRoute({ path: '/admin/api/activities/get', permission: 'content.manage', schema: adminActivityIdSchema, handler: async (i) => ok(await desk.get(i.id)) }),
    adminRoute({ path: '/admin/api/activities/create', permission: 'content.manage', schema: adminActivityCreateSchema, handler: async (i, a, req) => ok(await desk.save(undefined, i, op(a, req)), ACTIVITY_ADMIN_MSG.created) }),
    adminRoute({ path: '/admin/api/activities/update', permission: 'content.manage', schema: adminActivityUpdateSchema, handler: async (i, a, req) => ok(await desk.save(i.id, i, op(a, req)), ACTIVITY_ADMIN_MSG.saved) }),
    adminRoute({ path: '/admin/api/activities/delete', permission: 'content.manage', schema: adminActivityIdSchema, handler: async (i, a, req) => ok(await desk.remove(i.id, op(a, req)), ACTIVITY_ADMIN_MSG.deleted) }),
    // the HTML as it would be stored (activities and the welcome modal share the allowlist)
    adminRoute({ path: '/admin/api/activities/preview', permission: 'content.manage', schema: adminHtmlPreviewSchema, handler: async (i) => ok({ html: sanitizeHtml(i.content) }) }),
  ]);
}
