import { z } from 'zod';
import { plainLine, plainText } from '../text-rules.ts';
import { ARTICLE_TYPES, type ArticleType } from './content.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminInt, adminIntFilter, adminPage, adminPerPage } from './admin-shared.ts';

/**
 * Back-office content calls (issue 13): banners and their picture upload, announcements,
 * articles (help centre, terms, privacy), sponsorship partners and the bank types members pick
 * when binding a card. Every call needs the permission `content.manage`.
 *
 *   /admin/api/banners/list|create|update|delete, /admin/api/banners/upload (multipart `file`)
 *   /admin/api/notices/list|create|update|delete
 *   /admin/api/articles/list|get|update
 *   /admin/api/sponsors/list|update
 *   /admin/api/banks/list|create|update
 */
export const CONTENT_ADMIN_MSG = {
  id: '请选择要操作的记录',
  bannerNotFound: '横幅不存在或已删除',
  noticeNotFound: '公告不存在或已删除',
  sponsorNotFound: '合作伙伴不存在',
  bankNotFound: '银行不存在',
  bannerType: '请选择正确的广告位',
  bannerTitle: '请输入横幅标题（1到100字）',
  bannerSrc: '请上传横幅图片',
  bannerLink: '跳转链接须为空或以 / 开头的站内路径（最多500字）',
  sort: '排序须为0到9999的整数',
  state: '状态只能是0或1',
  noticeTitle: '请输入公告标题（1到200字）',
  noticeContent: '请输入公告内容（1到2000字）',
  articleType: '请选择正确的文章类型',
  articleTitle: '请输入文章标题（1到100字）',
  articleContent: '文章内容最多20000字（含排版标记）',
  sponsorName: '请输入合作伙伴名称（1到40字）',
  sponsorSlogan: '标语最多60字',
  sponsorLogo: '请上传合作伙伴标志',
  sponsorSince: '合作时间最多30字',
  sponsorLead: '请输入简介（1到1000字）',
  sponsorFacts: '资料最多10项，每项名称1到20字、内容1到60字',
  sponsorSections: '段落最多8节，每节标题1到30字，含1到10段、每段1到1000字',
  bankName: '请输入银行名称（1到32字）',
  bankCode: '银行代码为2到16位小写字母或数字',
  bankDuplicate: '该银行名称已存在',
  // the picture upload
  uploadMissing: '请选择要上传的图片',
  uploadTooLarge: '图片不能超过2MB',
  uploadType: '仅支持 PNG、JPEG、WebP 格式的图片（不支持 SVG）',
  uploadSize: '图片宽高须在1到4096像素之间',
  uploaded: '图片已上传',
  saved: '已保存',
  created: '已创建',
  deleted: '已删除',
} as const;

/** what the banner upload accepts */
export const CONTENT_UPLOAD_LIMITS = { maxBytes: 2 * 1024 * 1024, maxSide: 4096 } as const;

const flag = (message: string, fallback: 0 | 1) =>
  adminInt(0, 1, fallback, message) as unknown as z.ZodType<0 | 1, unknown>;
const sort = adminInt(0, 9999, 0, CONTENT_ADMIN_MSG.sort);
const id = (message: string = CONTENT_ADMIN_MSG.id) =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,12}$/, message)], { error: message }).transform(Number).pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));
const line = (min: number, max: number, message: string, field: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).refine(...plainLine(field));
const text = (min: number, max: number, message: string, field: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).refine(...plainText(field));

/**
 * A picture on our own server: an uploaded one (/uploads/banners/<name>) or a drawn one of the
 * seed (/media/<folder>/<name>.svg). Nothing from elsewhere: the site's pages load only their own.
 */
export const OWN_PICTURE = /^\/(uploads\/banners\/[0-9a-f]{32}\.(png|jpg|webp)|media\/(banners|activities|sponsors)\/[a-z0-9-]{1,40}\.svg)$/;
const picture = (message: string) => z.string({ error: message }).trim().regex(OWN_PICTURE, message);

/** a path inside the member site ('' for none): the carousel opens only these */
const inSiteLink = z
  .union([z.string({ error: CONTENT_ADMIN_MSG.bannerLink }).trim().max(500, CONTENT_ADMIN_MSG.bannerLink).regex(/^(\/(?!\/)[^\s<>"'\\]*)?$/, CONTENT_ADMIN_MSG.bannerLink), z.null()], {
    error: CONTENT_ADMIN_MSG.bannerLink,
  })
  .optional()
  .transform((v) => v ?? '');

const listPage = { page: adminPage, per_page: adminPerPage };

// ---- banners ------------------------------------------------------------------------------

/** 2 the mobile home carousel (the one the site shows), 1 PC */
export const BANNER_TYPES = { 2: '手机首页轮播', 1: 'PC 首页' } as const;

export const adminBannerListSchema = z.object(
  { type: adminIntFilter(1, 2, CONTENT_ADMIN_MSG.bannerType), state: adminIntFilter(0, 1, CONTENT_ADMIN_MSG.state), keyword: adminFilter(100), ...listPage },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminBannerListQuery = z.output<typeof adminBannerListSchema>;

const bannerFields = {
  type: adminInt(1, 2, 2, CONTENT_ADMIN_MSG.bannerType),
  title: line(1, 100, CONTENT_ADMIN_MSG.bannerTitle, '横幅标题'),
  src: picture(CONTENT_ADMIN_MSG.bannerSrc),
  link: inSiteLink,
  sort,
  state: flag(CONTENT_ADMIN_MSG.state, 1),
};
export const adminBannerCreateSchema = z.object(bannerFields, { error: CONTENT_ADMIN_MSG.bannerTitle });
export const adminBannerUpdateSchema = z.object({ id: id(CONTENT_ADMIN_MSG.bannerNotFound), ...bannerFields }, { error: CONTENT_ADMIN_MSG.bannerNotFound });
export const adminBannerDeleteSchema = z.object({ id: id(CONTENT_ADMIN_MSG.bannerNotFound) }, { error: CONTENT_ADMIN_MSG.bannerNotFound });
export type AdminBannerInput = z.output<typeof adminBannerCreateSchema>;

export interface AdminBannerRow {
  id: number;
  type: number;
  title: string;
  src: string;
  link: string;
  sort: number;
  state: 0 | 1;
  /** 'YYYY-MM-DD HH:mm:ss' Beijing */
  created_at: string;
}

/** data of /admin/api/banners/upload */
export interface AdminUploadReply {
  url: string;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: number;
  width: number;
  height: number;
}

// ---- announcements ------------------------------------------------------------------------

export const adminNoticeListSchema = z.object(
  { on_home: adminIntFilter(0, 1, CONTENT_ADMIN_MSG.state), state: adminIntFilter(0, 1, CONTENT_ADMIN_MSG.state), keyword: adminFilter(100), ...listPage },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminNoticeListQuery = z.output<typeof adminNoticeListSchema>;

const noticeFields = {
  title: line(1, 200, CONTENT_ADMIN_MSG.noticeTitle, '公告标题'),
  /** plain text (the marquee and the announcement list show it as text) */
  content: text(1, 2000, CONTENT_ADMIN_MSG.noticeContent, '公告内容'),
  /** 1: also a line of the home announcement bar */
  on_home: flag(CONTENT_ADMIN_MSG.state, 0),
  sort,
  state: flag(CONTENT_ADMIN_MSG.state, 1),
};
export const adminNoticeCreateSchema = z.object(noticeFields, { error: CONTENT_ADMIN_MSG.noticeTitle });
export const adminNoticeUpdateSchema = z.object({ id: id(CONTENT_ADMIN_MSG.noticeNotFound), ...noticeFields }, { error: CONTENT_ADMIN_MSG.noticeNotFound });
export const adminNoticeDeleteSchema = z.object({ id: id(CONTENT_ADMIN_MSG.noticeNotFound) }, { error: CONTENT_ADMIN_MSG.noticeNotFound });
export type AdminNoticeInput = z.output<typeof adminNoticeCreateSchema>;

export interface AdminNoticeRow {
  id: number;
  title: string;
  content: string;
  on_home: 0 | 1;
  sort: number;
  state: 0 | 1;
  created_at: string;
}

// ---- articles -----------------------------------------------------------------------------

const articleType = adminInt(1, 99, 0, CONTENT_ADMIN_MSG.articleType).refine(
  (t) => (ARTICLE_TYPES as readonly number[]).includes(t),
  CONTENT_ADMIN_MSG.articleType,
) as unknown as z.ZodType<ArticleType, unknown>;

export const adminArticleListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
export const adminArticleGetSchema = z.object({ type: articleType }, { error: CONTENT_ADMIN_MSG.articleType });
export const adminArticleUpdateSchema = z.object(
  {
    type: articleType,
    title: line(1, 100, CONTENT_ADMIN_MSG.articleTitle, '文章标题'),
    /**
     * HTML from the editor; the server cleans it with the content allowlist before storing.
     * 20000 characters keep the call inside the 64 KB JSON body limit even in CJK (3 bytes each).
     */
    content: z.string({ error: CONTENT_ADMIN_MSG.articleContent }).max(20_000, CONTENT_ADMIN_MSG.articleContent),
  },
  { error: CONTENT_ADMIN_MSG.articleType },
);

/** where each article shows on the member site */
export const ARTICLE_PLACES: Record<ArticleType, string> = {
  7: '帮助中心 · 关于我们（侧栏“关于我们”）',
  1: '帮助中心 · 常见问题',
  2: '帮助中心 · 隐私政策',
  3: '帮助中心 · 免责声明',
  4: '帮助中心 · 联系我们',
  5: '帮助中心 · 代理加盟',
  8: '帮助中心 · 责任博彩',
  6: '关于页 · 隐私政策（/abouts?type=6）',
  9: '关于页 · 条款与规则（/abouts?type=5）',
};

export interface AdminArticleRow {
  type: ArticleType;
  title: string;
  place: string;
  /** sanitized HTML; only in articles/get and update replies */
  content?: string;
  /** null: not written yet */
  updated_at: string | null;
}

// ---- sponsors -----------------------------------------------------------------------------

export const adminSponsorListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });

const fact = z.tuple([line(1, 20, CONTENT_ADMIN_MSG.sponsorFacts, '资料名称'), line(1, 60, CONTENT_ADMIN_MSG.sponsorFacts, '资料内容')], { error: CONTENT_ADMIN_MSG.sponsorFacts });
const section = z.object(
  {
    title: line(1, 30, CONTENT_ADMIN_MSG.sponsorSections, '段落标题'),
    paragraphs: z.array(text(1, 1000, CONTENT_ADMIN_MSG.sponsorSections, '段落内容'), { error: CONTENT_ADMIN_MSG.sponsorSections }).min(1, CONTENT_ADMIN_MSG.sponsorSections).max(10, CONTENT_ADMIN_MSG.sponsorSections),
  },
  { error: CONTENT_ADMIN_MSG.sponsorSections },
);

export const adminSponsorUpdateSchema = z.object(
  {
    type: adminInt(1, 2, 0, CONTENT_ADMIN_MSG.sponsorNotFound) as unknown as z.ZodType<1 | 2, unknown>,
    name: line(1, 40, CONTENT_ADMIN_MSG.sponsorName, '名称'),
    slogan: line(0, 60, CONTENT_ADMIN_MSG.sponsorSlogan, '标语'),
    logo: picture(CONTENT_ADMIN_MSG.sponsorLogo),
    since: line(0, 30, CONTENT_ADMIN_MSG.sponsorSince, '合作时间'),
    /** `{brand}` is replaced by the site's name on the page */
    lead: text(1, 1000, CONTENT_ADMIN_MSG.sponsorLead, '简介'),
    facts: z.array(fact, { error: CONTENT_ADMIN_MSG.sponsorFacts }).max(10, CONTENT_ADMIN_MSG.sponsorFacts),
    sections: z.array(section, { error: CONTENT_ADMIN_MSG.sponsorSections }).max(8, CONTENT_ADMIN_MSG.sponsorSections),
    sort,
    state: flag(CONTENT_ADMIN_MSG.state, 1),
  },
  { error: CONTENT_ADMIN_MSG.sponsorNotFound },
);
export type AdminSponsorInput = z.output<typeof adminSponsorUpdateSchema>;

export interface AdminSponsorRow {
  type: 1 | 2;
  name: string;
  slogan: string;
  logo: string;
  since: string;
  lead: string;
  facts: [string, string][];
  sections: { title: string; paragraphs: string[] }[];
  sort: number;
  state: 0 | 1;
  updated_at: string;
}

// ---- banks --------------------------------------------------------------------------------

export const adminBankListSchema = z.object(
  { enabled: adminIntFilter(0, 1, CONTENT_ADMIN_MSG.state), keyword: adminFilter(32), ...listPage },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminBankListQuery = z.output<typeof adminBankListSchema>;

const bankFields = {
  name: line(1, 32, CONTENT_ADMIN_MSG.bankName, '银行名称'),
  /** the badge the member site draws (icbc, cmb, ...) */
  code: z.string({ error: CONTENT_ADMIN_MSG.bankCode }).trim().regex(/^[a-z0-9]{2,16}$/, CONTENT_ADMIN_MSG.bankCode),
  sort,
  enabled: flag(CONTENT_ADMIN_MSG.state, 1),
};
export const adminBankCreateSchema = z.object(bankFields, { error: CONTENT_ADMIN_MSG.bankName });
export const adminBankUpdateSchema = z.object({ id: id(CONTENT_ADMIN_MSG.bankNotFound), ...bankFields }, { error: CONTENT_ADMIN_MSG.bankNotFound });
export type AdminBankInput = z.output<typeof adminBankCreateSchema>;

export interface AdminBankRow {
  id: number;
  name: string;
  code: string;
  sort: number;
  enabled: 0 | 1;
}
