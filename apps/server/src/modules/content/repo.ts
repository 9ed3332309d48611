import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { ActivitiesTable, ArticlesTable, VipLevelsTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

type Db = Kysely<DB>;
const SHOWN = 1;

export function banners(db: Db, type: number) {
  return db
    .selectFrom('banners')
    .select(['id', 'title', 'src', 'link'])
    .where('type', '=', type)
    .where('state', '=', SHOWN)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .limit(20)
    .execute();
}

export function homeNotices(db: Db) {
  return db
    .selectFrom('notices')
    .select(['title', 'content'])
    .where('on_home', '=', 1)
    .where('state', '=', SHOWN)
    .orderBy('sort', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
}

export async function noticePage(db: Db, page: number, perPage: number) {
  const base = db.selectFrom('notices').where('state', '=', SHOWN);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'title', 'content', 'created_at'])
      .orderBy('sort', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function activityTypes(db: Db) {
  return db
    .selectFrom('activity_types')
    .select(['id', 'name'])
    .where('state', '=', SHOWN)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

const ACTIVITY_FIELDS = ['id', 'type', 'title', 'banner', 'content', 'memo'] as const;

export async function activityPage(db: Db, type: number, page: number, perPage: number) {
  let base = db.selectFrom('activities').where('state', '=', SHOWN);
  if (type > 0) base = base.where('type', '=', type);
  const [rows, count] = await Promise.all([
    base
      .select(ACTIVITY_FIELDS)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function activity(db: Db, id: number) {
  return db.selectFrom('activities').select(ACTIVITY_FIELDS).where('id', '=', id).where('state', '=', SHOWN).executeTakeFirst();
}

export function activityIdBySlug(db: Db, slug: string) {
  return db.selectFrom('activities').select('id').where('slug', '=', slug).executeTakeFirst();
}

export function article(db: Db, type: number) {
  return db.selectFrom('articles').select(['type', 'title', 'content']).where('type', '=', type).executeTakeFirst();
}

export function vipLevels(db: Db) {
  return db.selectFrom('vip_levels').selectAll().orderBy('level', 'asc').execute();
}

// ---- writes (seed and back office) --------------------------------------------------------

export async function insertActivity(db: Db, row: Insertable<ActivitiesTable>, onlyIfMissing: boolean) {
  const q = db.insertInto('activities').values(row);
  const done = onlyIfMissing && row.slug ? await q.onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst() : await q.returning('id').executeTakeFirst();
  return done?.id ?? null;
}

export async function updateActivity(db: Db, id: number, row: Partial<Insertable<ActivitiesTable>>) {
  const r = await db.updateTable('activities').set(row).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function upsertArticle(db: Db, row: Insertable<ArticlesTable>, onlyIfMissing: boolean) {
  await db
    .insertInto('articles')
    .values(row)
    .onConflict((oc) => (onlyIfMissing ? oc.column('type').doNothing() : oc.column('type').doUpdateSet({ title: row.title, content: row.content, updated_at: row.updated_at })))
    .execute();
}

export async function insertVipLevels(db: Db, rows: Insertable<VipLevelsTable>[]) {
  if (rows.length === 0) return;
  await db.insertInto('vip_levels').values(rows).onConflict((oc) => oc.column('level').doNothing()).execute();
}

export async function insertActivityTypes(db: Db, rows: { id: number; name: string; sort: number }[]) {
  if (rows.length === 0) return;
  await db.insertInto('activity_types').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function insertBanners(db: Db, rows: { slug: string; type: number; title: string; src: string; link: string; sort: number; created_at: number }[]) {
  if (rows.length === 0) return;
  await db.insertInto('banners').values(rows).onConflict((oc) => oc.column('slug').doNothing()).execute();
}

export async function insertNotices(db: Db, rows: { slug: string; title: string; content: string; on_home: number; sort: number; created_at: number }[]) {
  if (rows.length === 0) return;
  await db.insertInto('notices').values(rows).onConflict((oc) => oc.column('slug').doNothing()).execute();
}

export async function insertTicket(db: Db, row: { name: string; contact: string; content: string; ip: string; user_agent: string; created_at: number }) {
  const r = await db.insertInto('support_tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}
