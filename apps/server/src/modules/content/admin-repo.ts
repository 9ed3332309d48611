import type { Kysely, Updateable } from 'kysely';
import type { DB } from '../../db/index.ts';
import { contains } from '../../db/like.ts';
import type { BannersTable, BanksTable, NoticesTable, SponsorsTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

/** SQL of the back-office's content calls (issue 13). Lists page with limit/offset in their index order. */
type Db = Kysely<DB>;

/** `column LIKE '%kw%'` with the keyword's own % and _ taken literally, on both databases */
const like = contains;

async function page<T>(rows: Promise<T[]>, count: Promise<{ n: number | string | bigint } | undefined>) {
  const [r, c] = await Promise.all([rows, count]);
  return { rows: r, total: Number(c?.n ?? 0) };
}

// ---- banners -------------------------------------------------------------------------------

export function bannerPage(db: Db, q: { type?: number; state?: number; keyword?: string }, pageNo: number, perPage: number) {
  let base = db.selectFrom('banners');
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  if (q.keyword) base = base.where(like('title', q.keyword));
  return page(
    base.select(['id', 'type', 'title', 'src', 'link', 'sort', 'state', 'created_at']).orderBy('type', 'desc').orderBy('sort', 'asc').orderBy('id', 'asc').limit(perPage).offset((pageNo - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  );
}

export function banner(db: Db, id: number) {
  return db.selectFrom('banners').select(['id', 'type', 'title', 'src', 'link', 'sort', 'state', 'created_at']).where('id', '=', id).executeTakeFirst();
}

export function insertBanner(db: Db, row: { type: number; title: string; src: string; link: string; sort: number; state: number; created_at: number }) {
  return db.insertInto('banners').values(row).returning(['id', 'type', 'title', 'src', 'link', 'sort', 'state', 'created_at']).executeTakeFirstOrThrow();
}

export function updateBanner(db: Db, id: number, row: Updateable<BannersTable>) {
  return db.updateTable('banners').set(row).where('id', '=', id).returning(['id', 'type', 'title', 'src', 'link', 'sort', 'state', 'created_at']).executeTakeFirst();
}

export async function deleteBanner(db: Db, id: number) {
  return Number((await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
}

// ---- notices -------------------------------------------------------------------------------

const NOTICE_FIELDS = ['id', 'title', 'content', 'on_home', 'sort', 'state', 'created_at'] as const;

export function noticePage(db: Db, q: { on_home?: number; state?: number; keyword?: string }, pageNo: number, perPage: number) {
  let base = db.selectFrom('notices');
  if (q.on_home !== undefined) base = base.where('on_home', '=', q.on_home);
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  if (q.keyword) base = base.where(like('title', q.keyword));
  return page(
    base.select(NOTICE_FIELDS).orderBy('sort', 'desc').orderBy('id', 'desc').limit(perPage).offset((pageNo - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  );
}

export function notice(db: Db, id: number) {
  return db.selectFrom('notices').select(NOTICE_FIELDS).where('id', '=', id).executeTakeFirst();
}

export function insertNotice(db: Db, row: { title: string; content: string; on_home: number; sort: number; state: number; created_at: number }) {
  return db.insertInto('notices').values(row).returning(NOTICE_FIELDS).executeTakeFirstOrThrow();
}

export function updateNotice(db: Db, id: number, row: Updateable<NoticesTable>) {
  return db.updateTable('notices').set(row).where('id', '=', id).returning(NOTICE_FIELDS).executeTakeFirst();
}

export async function deleteNotice(db: Db, id: number) {
  return Number((await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
}

// ---- articles ------------------------------------------------------------------------------

export function articleHeads(db: Db) {
  return db.selectFrom('articles').select(['type', 'title', 'updated_at']).execute();
}

export function fullArticle(db: Db, type: number) {
  return db.selectFrom('articles').select(['type', 'title', 'content', 'updated_at']).where('type', '=', type).executeTakeFirst();
}

// ---- sponsors ------------------------------------------------------------------------------

export function sponsors(db: Db, shownOnly: boolean) {
  let q = db.selectFrom('sponsors').selectAll();
  if (shownOnly) q = q.where('state', '=', 1);
  return q.orderBy('sort', 'asc').orderBy('type', 'asc').execute();
}

export function sponsor(db: Db, type: number) {
  return db.selectFrom('sponsors').selectAll().where('type', '=', type).executeTakeFirst();
}

export function updateSponsor(db: Db, type: number, row: Updateable<SponsorsTable>) {
  return db.updateTable('sponsors').set(row).where('type', '=', type).returningAll().executeTakeFirst();
}

export async function insertSponsors(db: Db, rows: Insertable<SponsorsTable>[]) {
  if (rows.length === 0) return;
  await db.insertInto('sponsors').values(rows).onConflict((oc) => oc.column('type').doNothing()).execute();
}

// ---- banks ---------------------------------------------------------------------------------

const BANK_FIELDS = ['id', 'name', 'code', 'sort', 'enabled'] as const;

export function bankPage(db: Db, q: { enabled?: number; keyword?: string }, pageNo: number, perPage: number) {
  let base = db.selectFrom('banks');
  if (q.enabled !== undefined) base = base.where('enabled', '=', q.enabled);
  if (q.keyword) base = base.where((eb) => eb.or([like('name', q.keyword!), like('code', q.keyword!)]));
  return page(
    base.select(BANK_FIELDS).orderBy('sort', 'asc').orderBy('id', 'asc').limit(perPage).offset((pageNo - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  );
}

export function bank(db: Db, id: number) {
  return db.selectFrom('banks').select(BANK_FIELDS).where('id', '=', id).executeTakeFirst();
}

export function bankByName(db: Db, name: string) {
  return db.selectFrom('banks').select(['id']).where('name', '=', name).executeTakeFirst();
}

export function insertBank(db: Db, row: { name: string; code: string; sort: number; enabled: number }) {
  return db.insertInto('banks').values(row).returning(BANK_FIELDS).executeTakeFirstOrThrow();
}

export function updateBank(db: Db, id: number, row: Updateable<BanksTable>) {
  return db.updateTable('banks').set(row).where('id', '=', id).returning(BANK_FIELDS).executeTakeFirst();
}
