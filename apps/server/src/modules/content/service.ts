import {
  ACTIVITIES_PER_PAGE,
  CONTENT_MSG,
  CODE,
  fenToYuan,
  NOTICES_PER_PAGE,
  type ActivityItem,
  type ActivityTypeItem,
  type ArticleReply,
  type BannerItem,
  type NoticeItem,
  type Paged,
  type SponsorItem,
  type SupportTicketInput,
  type VipLevelRow,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import type { SiteService } from '../site/index.ts';
import * as repo from './repo.ts';
import { plainText, sanitizeHtml } from './sanitize.ts';
import { SPONSORS, type Sponsor } from './sponsors.ts';
import { articleRow, sponsorOf, sponsorSeedRows, type ArticleInput } from './rows.ts';
import { insertSponsors, sponsor as sponsorRow, sponsors as sponsorRows } from './admin-repo.ts';

/**
 * Content changes rarely and is read by every visitor: each process keeps answers a few seconds.
 * An operator's edit clears this process's copy at once; other processes follow within CACHE_MS.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 500;

export interface ActivityInput {
  /** update this activity; absent: a new one */
  id?: number;
  /** stable name of a seeded activity (a seed inserts it once) */
  slug?: string;
  type: number;
  title: string;
  banner: string;
  /** HTML; cleaned before it is stored */
  content: string;
  memo?: string;
  sort?: number;
  state?: 0 | 1;
}

export function createContentService(ctx: AppContext, site: SiteService) {
  const { db } = ctx;
  const cache = new Map<string, { at: number; value: unknown }>();
  const clock = ctx.config.cacheNow ?? Date.now;

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && clock() - hit.at < CACHE_MS) return hit.value as T;
    const value = await load();
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, { at: clock(), value });
    return value;
  }

  const clearCache = () => cache.clear();

  return {
    clearCache,

    banners(type: number): Promise<BannerItem[]> {
      return cached(`banners:${type}`, async () => (await repo.banners(db, type)).map((b) => ({ id: Number(b.id), title: b.title, src: b.src, pic: b.src, link: b.link })));
    },

    homeNotice(): Promise<string[]> {
      return cached('homenotice', async () => (await repo.homeNotices(db)).map((n) => `${n.title}：${n.content.replace(/\s+/g, ' ')}`));
    },

    notices(page: number): Promise<Paged<NoticeItem>> {
      return cached(`notices:${page}`, async () => {
        const { rows, total } = await repo.noticePage(db, page, NOTICES_PER_PAGE);
        const items = rows.map((n) => ({ id: Number(n.id), title: n.title, content: n.content, created_at: toWireTime(Number(n.created_at)) }));
        return paged(items, total, page, NOTICES_PER_PAGE);
      });
    },

    activityTypes(): Promise<ActivityTypeItem[]> {
      return cached('activitytypes', async () => (await repo.activityTypes(db)).map((t) => ({ id: Number(t.id), name: t.name })));
    },

    activities(type: number, page: number): Promise<Paged<ActivityItem>> {
      return cached(`activities:${type}:${page}`, async () => {
        const { rows, total } = await repo.activityPage(db, type, page, ACTIVITIES_PER_PAGE);
        return paged(rows.map(activityRow), total, page, ACTIVITIES_PER_PAGE);
      });
    },

    async activity(id: number): Promise<ActivityItem> {
      const row = await cached(`activity:${id}`, async () => {
        const r = await repo.activity(db, id);
        return r ? activityRow(r) : null;
      });
      if (!row) refuse(CONTENT_MSG.activityNotFound, CODE.notFound);
      return row;
    },

    async article(type: number): Promise<ArticleReply> {
      const row = await cached(`article:${type}`, () => repo.article(db, type).then((r) => r ?? null));
      if (!row) refuse(CONTENT_MSG.articleNotFound, CODE.notFound);
      return { type: Number(row.type), title: row.title, content: row.content };
    },

    vipLevels(): Promise<VipLevelRow[]> {
      return cached('vip', async () =>
        (await repo.vipLevels(db)).map((v) => ({
          level: Number(v.level),
          name: v.name,
          recharge: fenToYuan(Number(v.recharge_fen)),
          flow: fenToYuan(Number(v.flow_fen)),
          realperson: v.realperson_bp / 100,
          sport: v.sport_bp / 100,
          e_sport: v.e_sport_bp / 100,
          joker: v.joker_bp / 100,
          electron: v.electron_bp / 100,
          lottery: v.lottery_bp / 100,
        })),
      );
    },

    /** customer service: an operator's service_url setting, else our own page on the caller's origin */
    async serviceUrl(origin: string): Promise<string> {
      const set: unknown = (await site.settings()).service_url;
      return typeof set === 'string' && /^https?:\/\//.test(set) ? set : `${origin}/support/`;
    },

    async agentLoginUrl(origin: string): Promise<string> {
      const set: unknown = (await site.settings()).agent_login_url;
      return typeof set === 'string' && /^https?:\/\//.test(set) ? set : `${origin}/support/agent`;
    },

    /**
     * GET /api/getVisitUrl: the entry address an operator set (h5_url), or null when there is
     * none or it is this site itself: the original client opens data.url in the same window
     * whenever the code is 200, so an answer pointing at ourselves would reload the site forever.
     * `origins`: PUBLIC_URL and the origin the request reached (issue 33: without PUBLIC_URL an
     * h5_url equal to the address the member browses is this site too).
     */
    async visitUrl(...origins: string[]): Promise<string | null> {
      return entryUrl((await site.settings()).h5_url, origins);
    },

    /** the partners an operator shows (table sponsors, issue 13) */
    async sponsors(origin: string): Promise<SponsorItem[]> {
      const rows = await cached('sponsors', async () => (await sponsorRows(db, true)).map(sponsorOf));
      return rows.map((s) => ({ type: s.type, name: s.name, slogan: s.slogan, logo: s.logo, url: `${origin}/partners/${s.type}` }));
    },

    /** one shown partner's page content, or null */
    sponsor(type: number): Promise<Sponsor | null> {
      return cached(`sponsor:${type}`, async () => {
        const r = await sponsorRow(db, type);
        if (!r || Number(r.state) !== 1) return null;
        const s = sponsorOf(r);
        return { type: s.type, name: s.name, slogan: s.slogan, logo: s.logo, since: s.since, lead: s.lead, facts: s.facts, sections: s.sections };
      });
    },

    /** The first partners (sponsors.ts), each inserted only when missing: operators' edits are kept. */
    async seedSponsors(): Promise<void> {
      await insertSponsors(db, sponsorSeedRows(SPONSORS, Date.now()));
    },

    async saveTicket(input: SupportTicketInput, meta: { ip: string; userAgent: string }): Promise<number> {
      return repo.insertTicket(db, {
        name: plainText(input.name),
        contact: plainText(input.contact),
        content: plainText(input.content),
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent.slice(0, 300),
        created_at: Date.now(),
      });
    },

    // ---- the store the seed and a back office write through ---------------------------------

    /** Store an article; its HTML is sanitized here. With onlyIfMissing an existing one is kept. */
    async saveArticle(input: ArticleInput, opts: { onlyIfMissing?: boolean } = {}): Promise<void> {
      await repo.upsertArticle(db, articleRow(input, Date.now()), Boolean(opts.onlyIfMissing));
      clearCache();
    },

    /** Store an activity; its HTML is sanitized here. Returns its id (null: a seeded slug already there). */
    async saveActivity(input: ActivityInput, opts: { onlyIfMissing?: boolean } = {}): Promise<number | null> {
      const now = Date.now();
      const row = {
        type: input.type,
        title: plainText(input.title).slice(0, 100),
        banner: input.banner.slice(0, 500),
        content: sanitizeHtml(input.content),
        memo: plainText(input.memo ?? '').slice(0, 500),
        sort: input.sort ?? 0,
        state: input.state ?? 1,
        updated_at: now,
      };
      let id: number | null;
      if (input.id) id = (await repo.updateActivity(db, input.id, row)) ? input.id : null;
      else id = await repo.insertActivity(db, { ...row, slug: input.slug ?? null, created_at: now }, Boolean(opts.onlyIfMissing));
      clearCache();
      return id === null ? null : Number(id);
    },
  };
}

function activityRow(r: { id: number; type: number; title: string; banner: string; content: string; memo: string }): ActivityItem {
  return { id: Number(r.id), type: Number(r.type), title: r.title, banner: r.banner, content: r.content, memo: r.memo };
}

export type ContentService = ReturnType<typeof createContentService>;

/**
 * The entry address to hand out: h5_url when it is an absolute http(s) URL on another origin
 * than the site's own (PUBLIC_URL; unknown when that is unset), normalised by URL (a bare origin
 * gains its '/', since the original client appends 'register?pid=' to it); otherwise null.
 */
export function entryUrl(h5: unknown, ownOrigin: string | readonly string[]): string | null {
  if (typeof h5 !== 'string' || !/^https?:\/\//i.test(h5.trim())) return null;
  let url: URL;
  try {
    url = new URL(h5.trim());
  } catch {
    return null;
  }
  for (const own of typeof ownOrigin === 'string' ? [ownOrigin] : ownOrigin) {
    if (!own) continue;
    try {
      if (new URL(own).origin === url.origin) return null;
    } catch {
      // a relative own address (no PUBLIC_URL) matches no absolute one
    }
  }
  return url.href;
}
