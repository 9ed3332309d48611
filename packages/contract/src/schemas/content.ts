import { z } from 'zod';
import { MSG } from '../messages.ts';
import { plainLine, plainText } from '../text-rules.ts';
import { intParam } from './params.ts';

/**
 * Content calls (banners, announcements, promotions, articles, VIP table, support links).
 * Guests may call all of them. Wire shapes: /tmp/brief/content-wire.md, recorded in docs/decisions.md.
 */

export const CONTENT_MSG = {
  bannerType: '请选择正确的广告位',
  activityType: '请选择正确的活动类型',
  activityNotFound: '活动不存在或已结束',
  articleType: '请选择正确的文章类型',
  articleNotFound: '该文章暂未发布',
  // support ticket (our own customer-service page)
  ticketName: '称呼最多20个字',
  ticketContact: '请填写正确的联系方式（手机、邮箱或账号，4~64个字）',
  ticketContent: '请填写问题描述（5~500个字）',
  ticketOk: '提交成功，客服将尽快与您联系',
  /** GET /api/getVisitUrl when no other entry address is set (code 404) */
  noVisitUrl: '暂无其他访问地址，请继续使用当前网址',
} as const;

/** rows per page of POST /api/noticeList */
export const NOTICES_PER_PAGE = 10;
/** rows per page of POST /api/activitylist */
export const ACTIVITIES_PER_PAGE = 10;

/** Support ticket length limits (characters). */
export const TICKET_LIMITS = { nameMax: 20, contactMin: 4, contactMax: 64, contentMin: 5, contentMax: 500 } as const;

/**
 * Article types of POST /api/article. Help centre (/boutBallBet) shows 7, 1, 2, 3, 4, 5, 8 in that
 * order; /abouts?type=6 reads article 6 and /abouts?type=5 reads article 9 (help type 5 is 代理加盟).
 */
export const ARTICLE_TITLES: Record<number, string> = {
  7: '关于我们',
  1: '常见问题',
  2: '隐私政策',
  3: '免责声明',
  4: '联系我们',
  5: '代理加盟',
  8: '责任博彩',
  6: '隐私政策',
  9: '条款与规则',
};
export const ARTICLE_TYPES = [7, 1, 2, 3, 4, 5, 8, 6, 9] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
/** help centre entries, in the spec's order */
export const HELP_TYPES = [7, 1, 2, 3, 4, 5, 8] as const;
/** /abouts?type=N -> the article type it shows */
export const ABOUTS_ARTICLE: Record<5 | 6, ArticleType> = { 5: 9, 6: 6 };

// intParam: a whole number or digit string; missing, null or '' -> the fallback (params.ts, shared with every member call)

/** POST /api/bannerList {type}: 2 = mobile home carousel (the only one the site shows); 1 = PC */
export const bannerListSchema = z.object({ type: intParam(1, 9, 2, CONTENT_MSG.bannerType) }, { error: MSG.badRequest });

/** POST /api/homenotice {} */
export const homeNoticeSchema = z.object({}, { error: MSG.badRequest });

/** POST /api/noticeList {page} */
export const noticeListSchema = z.object({ page: intParam(1, 100_000, 1) }, { error: MSG.badRequest });
export type NoticeListQuery = z.output<typeof noticeListSchema>;

/** POST /api/activitytype {} */
export const activityTypeSchema = z.object({}, { error: MSG.badRequest });

/** POST /api/activitylist {type?, page?}: type absent or 0 = every type */
export const activityListSchema = z.object(
  {
    type: intParam(0, 999_999, 0, CONTENT_MSG.activityType),
    page: intParam(1, 100_000, 1),
  },
  { error: MSG.badRequest },
);
export type ActivityListQuery = z.output<typeof activityListSchema>;

/** POST /api/activitydeatil {id} (the spec's spelling) */
export const activityDetailSchema = z.object(
  { id: intParam(1, 2_000_000_000, 0, CONTENT_MSG.activityNotFound) },
  { error: CONTENT_MSG.activityNotFound },
);

/** POST /api/article {type} */
export const articleSchema = z.object(
  {
    type: intParam(1, 99, 0, CONTENT_MSG.articleType).refine(
      (t) => (ARTICLE_TYPES as readonly number[]).includes(t),
      CONTENT_MSG.articleType,
    ) as unknown as z.ZodType<ArticleType, unknown>,
  },
  { error: CONTENT_MSG.articleType },
);

/** POST /api/uservip {} */
export const userVipSchema = z.object({}, { error: MSG.badRequest });

/** POST /api/sponsors {} */
export const sponsorsSchema = z.object({}, { error: MSG.badRequest });

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

/** POST /support/api/ticket {name?, contact, content} from our customer-service page */
export const supportTicketSchema = z.object(
  {
    name: z
      .union([z.string({ error: CONTENT_MSG.ticketName }).trim().max(TICKET_LIMITS.nameMax, CONTENT_MSG.ticketName).refine(...plainLine('称呼')), z.null()], {
        error: CONTENT_MSG.ticketName,
      })
      .optional()
      .transform((v) => v ?? ''),
    contact: text(TICKET_LIMITS.contactMin, TICKET_LIMITS.contactMax, CONTENT_MSG.ticketContact).refine(...plainLine('联系方式')),
    content: text(TICKET_LIMITS.contentMin, TICKET_LIMITS.contentMax, CONTENT_MSG.ticketContent).refine(...plainText('问题描述')),
  },
  { error: CONTENT_MSG.ticketContent },
);
export type SupportTicketInput = z.output<typeof supportTicketSchema>;

// ---- replies -----------------------------------------------------------------------------

/** a row of POST /api/bannerList */
export interface BannerItem {
  id: number;
  title: string;
  /** image URL on our own server, e.g. /media/banners/welcome.svg */
  src: string;
  /** the same image URL under the original front-end's name (issue 19) */
  pic: string;
  /** in-site path ('' when none), e.g. /activityInfo?id=1 */
  link: string;
}

/** a row of POST /api/noticeList */
export interface NoticeItem {
  id: number;
  title: string;
  /** plain text */
  content: string;
  /** 'YYYY-MM-DD HH:mm:ss' Beijing */
  created_at: string;
}

/** a row of POST /api/activitytype */
export interface ActivityTypeItem {
  id: number;
  name: string;
}

/** a row of POST /api/activitylist, and the data of POST /api/activitydeatil */
export interface ActivityItem {
  id: number;
  type: number;
  title: string;
  /** image URL on our own server */
  banner: string;
  /** sanitized HTML */
  content: string;
  /** short plain text */
  memo: string;
}

/** data of POST /api/article */
export interface ArticleReply {
  type: number;
  title: string;
  /** sanitized HTML */
  content: string;
}

/** a row of POST /api/uservip: recharge/flow in yuan, rebate fields in percent (0.8 = 0.8%) */
export interface VipLevelRow {
  level: number;
  name: string;
  recharge: number;
  flow: number;
  realperson: number;
  sport: number;
  e_sport: number;
  joker: number;
  electron: number;
  lottery: number;
}

/**
 * data of POST /api/getservicerurl, GET /api/getAgentLoginUrl, GET /api/getVisitUrl: UrlReply {url} of wallet.ts.
 * getVisitUrl answers code 200 only when an operator set an entry address (h5_url) on another
 * origin than the site's own; otherwise code 404, CONTENT_MSG.noVisitUrl, data null.
 */

/** a row of POST /api/sponsors */
export interface SponsorItem {
  type: 1 | 2;
  name: string;
  slogan: string;
  /** image URL on our own server */
  logo: string;
  /** partner page on our own server (absolute, request origin) */
  url: string;
}
