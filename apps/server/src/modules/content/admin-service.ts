import {
  ARTICLE_PLACES,
  ARTICLE_TITLES,
  ARTICLE_TYPES,
  CODE,
  CONTENT_ADMIN_MSG,
  type AdminArticleRow,
  type AdminBankInput,
  type AdminBankListQuery,
  type AdminBankRow,
  type AdminBannerInput,
  type AdminBannerListQuery,
  type AdminBannerRow,
  type AdminNoticeInput,
  type AdminNoticeListQuery,
  type AdminNoticeRow,
  type AdminPaged,
  type AdminSponsorInput,
  type AdminSponsorRow,
  type ArticleType,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import * as repo from './admin-repo.ts';
import { upsertArticle } from './repo.ts';
import { plainText } from './sanitize.ts';
import { articleRow, sponsorOf } from './rows.ts';
import type { ContentService } from './service.ts';

/** who acts, from where: every change writes an audit row with them */
export interface Operator {
  adminId: number;
  ip: string;
}

type Db = Kysely<DB>;

const bannerView = (r: { id: number; type: number; title: string; src: string; link: string; sort: number; state: number; created_at: number }): AdminBannerRow => ({
  id: Number(r.id),
  type: Number(r.type),
  title: r.title,
  src: r.src,
  link: r.link,
  sort: Number(r.sort),
  state: Number(r.state) ? 1 : 0,
  created_at: toWireTime(Number(r.created_at)),
});

const noticeView = (r: { id: number; title: string; content: string; on_home: number; sort: number; state: number; created_at: number }): AdminNoticeRow => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  on_home: Number(r.on_home) ? 1 : 0,
  sort: Number(r.sort),
  state: Number(r.state) ? 1 : 0,
  created_at: toWireTime(Number(r.created_at)),
});

const bankView = (r: { id: number; name: string; code: string; sort: number; enabled: number }): AdminBankRow => ({
  id: Number(r.id),
  name: r.name,
  code: r.code,
  sort: Number(r.sort),
  enabled: Number(r.enabled) ? 1 : 0,
});

/**
 * The back-office's content desk (issue 13). Each change and its audit row (before/after) commit
 * in one transaction; afterwards this process forgets its cached content at once and every other
 * process within the content cache's few seconds.
 */
export function createContentAdmin(ctx: AppContext, content: ContentService) {
  const { db } = ctx;
  const pageOf = <T>(rows: T[], total: number, page: number, perPage: number): AdminPaged<T> => paged(rows, total, page, perPage);
  const tx = <T>(fn: (trx: Db) => Promise<T>) => db.transaction().execute(fn);
  const done = <T>(value: T) => {
    content.clearCache();
    return value;
  };

  return {
    // ---- banners ---------------------------------------------------------------------------
    async banners(q: AdminBannerListQuery) {
      const { rows, total } = await repo.bannerPage(db, q, q.page, q.per_page);
      return pageOf(rows.map(bannerView), total, q.page, q.per_page);
    },

    async createBanner(input: AdminBannerInput, op: Operator) {
      const row = await tx(async (trx) => {
        const made = bannerView(await repo.insertBanner(trx, { ...input, title: plainText(input.title), created_at: Date.now() }));
        await audit(trx, { adminId: op.adminId, action: 'banner.create', target: `banner:${made.id}`, detail: { after: made }, ip: op.ip });
        return made;
      });
      return done(row);
    },

    async updateBanner(id: number, input: AdminBannerInput, op: Operator) {
      const row = await tx(async (trx) => {
        const before = await repo.banner(trx, id);
        if (!before) refuse(CONTENT_ADMIN_MSG.bannerNotFound, CODE.notFound);
        const after = await repo.updateBanner(trx, id, { ...input, title: plainText(input.title) });
        if (!after) refuse(CONTENT_ADMIN_MSG.bannerNotFound, CODE.notFound);
        const view = bannerView(after);
        await audit(trx, { adminId: op.adminId, action: 'banner.update', target: `banner:${id}`, detail: { before: bannerView(before), after: view }, ip: op.ip });
        return view;
      });
      return done(row);
    },

    async deleteBanner(id: number, op: Operator) {
      await tx(async (trx) => {
        const before = await repo.banner(trx, id);
        if (!before || !(await repo.deleteBanner(trx, id))) refuse(CONTENT_ADMIN_MSG.bannerNotFound, CODE.notFound);
        await audit(trx, { adminId: op.adminId, action: 'banner.delete', target: `banner:${id}`, detail: { before: bannerView(before), after: null }, ip: op.ip });
      });
      return done({ id });
    },

    /** an uploaded picture is recorded too: who put which file on the server */
    async recordUpload(url: string, meta: { type: string; bytes: number; width: number; height: number }, op: Operator) {
      await audit(db, { adminId: op.adminId, action: 'content.upload', target: `upload:${url}`, detail: { before: null, after: { url, ...meta } }, ip: op.ip });
    },

    // ---- notices ---------------------------------------------------------------------------
    async notices(q: AdminNoticeListQuery) {
      const { rows, total } = await repo.noticePage(db, q, q.page, q.per_page);
      return pageOf(rows.map(noticeView), total, q.page, q.per_page);
    },

    async createNotice(input: AdminNoticeInput, op: Operator) {
      const row = await tx(async (trx) => {
        const made = noticeView(await repo.insertNotice(trx, { ...input, title: plainText(input.title), content: plainText(input.content), created_at: Date.now() }));
        await audit(trx, { adminId: op.adminId, action: 'notice.create', target: `notice:${made.id}`, detail: { after: made }, ip: op.ip });
        return made;
      });
      return done(row);
    },

    async updateNotice(id: number, input: AdminNoticeInput, op: Operator) {
      const row = await tx(async (trx) => {
        const before = await repo.notice(trx, id);
        if (!before) refuse(CONTENT_ADMIN_MSG.noticeNotFound, CODE.notFound);
        const after = await repo.updateNotice(trx, id, { ...input, title: plainText(input.title), content: plainText(input.content) });
        if (!after) refuse(CONTENT_ADMIN_MSG.noticeNotFound, CODE.notFound);
        const view = noticeView(after);
        await audit(trx, { adminId: op.adminId, action: 'notice.update', target: `notice:${id}`, detail: { before: noticeView(before), after: view }, ip: op.ip });
        return view;
      });
      return done(row);
    },

    async deleteNotice(id: number, op: Operator) {
      await tx(async (trx) => {
        const before = await repo.notice(trx, id);
        if (!before || !(await repo.deleteNotice(trx, id))) refuse(CONTENT_ADMIN_MSG.noticeNotFound, CODE.notFound);
        await audit(trx, { adminId: op.adminId, action: 'notice.delete', target: `notice:${id}`, detail: { before: noticeView(before), after: null }, ip: op.ip });
      });
      return done({ id });
    },

    // ---- articles --------------------------------------------------------------------------
    /** the nine article types in the help centre's order, written or not */
    async articles(): Promise<AdminArticleRow[]> {
      const heads = new Map((await repo.articleHeads(db)).map((a) => [Number(a.type), a]));
      return ARTICLE_TYPES.map((type) => {
        const a = heads.get(type);
        return { type, title: a?.title ?? ARTICLE_TITLES[type], place: ARTICLE_PLACES[type], updated_at: a ? toWireTime(Number(a.updated_at)) : null };
      });
    },

    async article(type: ArticleType): Promise<AdminArticleRow> {
      const a = await repo.fullArticle(db, type);
      return { type, title: a?.title ?? ARTICLE_TITLES[type], place: ARTICLE_PLACES[type], content: a?.content ?? '', updated_at: a ? toWireTime(Number(a.updated_at)) : null };
    },

    /** through the same store as the seed (articleRow: title as text, HTML cleaned with the allowlist) */
    async updateArticle(input: { type: ArticleType; title: string; content: string }, op: Operator): Promise<AdminArticleRow> {
      const row = articleRow(input, Date.now());
      await tx(async (trx) => {
        const before = await repo.fullArticle(trx, input.type);
        await upsertArticle(trx, row, false);
        await audit(trx, {
          adminId: op.adminId,
          action: 'article.update',
          target: `article:${input.type}`,
          detail: { before: before ? { title: before.title, content: before.content } : null, after: { title: row.title, content: row.content } },
          ip: op.ip,
        });
      });
      content.clearCache();
      return { type: input.type, title: row.title, place: ARTICLE_PLACES[input.type], content: row.content, updated_at: toWireTime(row.updated_at) };
    },

    // ---- sponsors --------------------------------------------------------------------------
    async sponsors(): Promise<AdminSponsorRow[]> {
      return (await repo.sponsors(db, false)).map(sponsorOf);
    },

    async updateSponsor(input: AdminSponsorInput, op: Operator): Promise<AdminSponsorRow> {
      const row = await tx(async (trx) => {
        const before = await repo.sponsor(trx, input.type);
        if (!before) refuse(CONTENT_ADMIN_MSG.sponsorNotFound, CODE.notFound);
        const after = await repo.updateSponsor(trx, input.type, {
          name: input.name,
          slogan: input.slogan,
          logo: input.logo,
          since: input.since,
          lead: plainText(input.lead),
          facts: JSON.stringify(input.facts),
          sections: JSON.stringify(input.sections.map((s) => ({ title: s.title, paragraphs: s.paragraphs.map(plainText) }))),
          sort: input.sort,
          state: input.state,
          updated_at: Date.now(),
        });
        if (!after) refuse(CONTENT_ADMIN_MSG.sponsorNotFound, CODE.notFound);
        const view = sponsorOf(after);
        const { updated_at: _b, ...was } = sponsorOf(before);
        const { updated_at: _a, ...now } = view;
        await audit(trx, { adminId: op.adminId, action: 'sponsor.update', target: `sponsor:${input.type}`, detail: { before: was, after: now }, ip: op.ip });
        return view;
      });
      return done(row);
    },

    // ---- banks -----------------------------------------------------------------------------
    async banks(q: AdminBankListQuery) {
      const { rows, total } = await repo.bankPage(db, q, q.page, q.per_page);
      return pageOf(rows.map(bankView), total, q.page, q.per_page);
    },

    async createBank(input: AdminBankInput, op: Operator): Promise<AdminBankRow> {
      return uniqueName(() =>
        tx(async (trx) => {
          if (await repo.bankByName(trx, input.name)) refuse(CONTENT_ADMIN_MSG.bankDuplicate);
          const made = bankView(await repo.insertBank(trx, input));
          await audit(trx, { adminId: op.adminId, action: 'bank.create', target: `bank:${made.id}`, detail: { after: made }, ip: op.ip });
          return made;
        }),
      );
    },

    async updateBank(id: number, input: AdminBankInput, op: Operator): Promise<AdminBankRow> {
      return uniqueName(() =>
        tx(async (trx) => {
          const before = await repo.bank(trx, id);
          if (!before) refuse(CONTENT_ADMIN_MSG.bankNotFound, CODE.notFound);
          const other = await repo.bankByName(trx, input.name);
          if (other && Number(other.id) !== id) refuse(CONTENT_ADMIN_MSG.bankDuplicate);
          const after = await repo.updateBank(trx, id, input);
          if (!after) refuse(CONTENT_ADMIN_MSG.bankNotFound, CODE.notFound);
          const view = bankView(after);
          await audit(trx, { adminId: op.adminId, action: 'bank.update', target: `bank:${id}`, detail: { before: bankView(before), after: view }, ip: op.ip });
          return view;
        }),
      );
    },
  };
}
export type ContentAdmin = ReturnType<typeof createContentAdmin>;

/** two operators adding the same bank at once: the loser is told, not answered a 500 */
async function uniqueName<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) refuse(CONTENT_ADMIN_MSG.bankDuplicate);
    throw e;
  }
}
