import { z } from 'zod';
import { plainLine, plainText } from '../text-rules.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminInt, adminIntFilter, adminPage, adminPerPage } from './admin-shared.ts';
import { OWN_PICTURE } from './admin-content.ts';

/**
 * Back-office activity calls (issue 13), permission `content.manage`:
 *
 *   /admin/api/activity-types/list|create|update|delete
 *   /admin/api/activities/list|get|create|update|delete
 *   /admin/api/activities/preview {content}  -> { html }  the HTML as the server would store it
 *
 * Activity HTML is stored through the content module's sanitizing store (saveActivity), the same
 * one the seed uses; the preview answers exactly what would be stored.
 */
export const ACTIVITY_ADMIN_MSG = {
  typeNotFound: '活动类型不存在',
  typeName: '请输入类型名称（1到32字）',
  typeInUse: '该类型下还有活动，请先删除或移走这些活动',
  activityNotFound: '活动不存在或已删除',
  title: '请输入活动标题（1到100字）',
  type: '请选择活动类型',
  banner: '请上传活动图片',
  content: '请输入活动内容（最多20000字）',
  memo: '备注最多500字',
  sort: '排序须为0到9999的整数',
  state: '状态只能是0或1',
  saved: '已保存',
  created: '已创建',
  deleted: '已删除',
} as const;

export const ACTIVITY_CONTENT_MAX = 20_000;

const flag = (fallback: 0 | 1) => adminInt(0, 1, fallback, ACTIVITY_ADMIN_MSG.state) as unknown as z.ZodType<0 | 1, unknown>;
const sort = adminInt(0, 9999, 0, ACTIVITY_ADMIN_MSG.sort);
const id = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,12}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));
/** HTML typed in the editor: any markup (the server cleans it), bounded */
const html = (message: string, min: number) => z.string({ error: message }).max(ACTIVITY_CONTENT_MAX, message).refine((v) => v.trim().length >= min, { error: message });

// ---- activity types ------------------------------------------------------------------------

export const adminActivityTypeListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
const typeFields = {
  name: z.string({ error: ACTIVITY_ADMIN_MSG.typeName }).trim().min(1, ACTIVITY_ADMIN_MSG.typeName).max(32, ACTIVITY_ADMIN_MSG.typeName).refine(...plainLine('类型名称')),
  sort,
  state: flag(1),
};
export const adminActivityTypeCreateSchema = z.object(typeFields, { error: ACTIVITY_ADMIN_MSG.typeName });
export const adminActivityTypeUpdateSchema = z.object({ id: id(ACTIVITY_ADMIN_MSG.typeNotFound), ...typeFields }, { error: ACTIVITY_ADMIN_MSG.typeNotFound });
export const adminActivityTypeDeleteSchema = z.object({ id: id(ACTIVITY_ADMIN_MSG.typeNotFound) }, { error: ACTIVITY_ADMIN_MSG.typeNotFound });
export type AdminActivityTypeInput = z.output<typeof adminActivityTypeCreateSchema>;

export interface AdminActivityTypeRow {
  id: number;
  name: string;
  sort: number;
  state: 0 | 1;
  /** activities of this type (shown or hidden) */
  activities: number;
}

// ---- activities ----------------------------------------------------------------------------

export const adminActivityListSchema = z.object(
  {
    type: adminIntFilter(1, 1_000_000, ACTIVITY_ADMIN_MSG.type),
    state: adminIntFilter(0, 1, ACTIVITY_ADMIN_MSG.state),
    keyword: adminFilter(100),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminActivityListQuery = z.output<typeof adminActivityListSchema>;

const activityFields = {
  type: adminInt(1, 1_000_000, 0, ACTIVITY_ADMIN_MSG.type),
  title: z.string({ error: ACTIVITY_ADMIN_MSG.title }).trim().min(1, ACTIVITY_ADMIN_MSG.title).max(100, ACTIVITY_ADMIN_MSG.title).refine(...plainLine('活动标题')),
  banner: z.string({ error: ACTIVITY_ADMIN_MSG.banner }).trim().regex(OWN_PICTURE, ACTIVITY_ADMIN_MSG.banner),
  content: html(ACTIVITY_ADMIN_MSG.content, 1),
  memo: z
    .union([z.string({ error: ACTIVITY_ADMIN_MSG.memo }).trim().max(500, ACTIVITY_ADMIN_MSG.memo).refine(...plainText('备注')), z.null()], { error: ACTIVITY_ADMIN_MSG.memo })
    .optional()
    .transform((v) => v ?? ''),
  sort,
  state: flag(1),
};
export const adminActivityCreateSchema = z.object(activityFields, { error: ACTIVITY_ADMIN_MSG.title });
export const adminActivityUpdateSchema = z.object({ id: id(ACTIVITY_ADMIN_MSG.activityNotFound), ...activityFields }, { error: ACTIVITY_ADMIN_MSG.activityNotFound });
export const adminActivityIdSchema = z.object({ id: id(ACTIVITY_ADMIN_MSG.activityNotFound) }, { error: ACTIVITY_ADMIN_MSG.activityNotFound });
export type AdminActivityInput = z.output<typeof adminActivityCreateSchema>;

/** POST /admin/api/activities/preview (also the welcome modal's preview) */
export const adminHtmlPreviewSchema = z.object({ content: html(ACTIVITY_ADMIN_MSG.content, 0) }, { error: ACTIVITY_ADMIN_MSG.content });
export interface AdminHtmlPreview {
  /** the HTML as it would be stored and shown to members */
  html: string;
}

/** a row of activities/list (without the HTML) */
export interface AdminActivityRow {
  id: number;
  type: number;
  type_name: string;
  title: string;
  banner: string;
  memo: string;
  sort: number;
  state: 0 | 1;
  /** 'YYYY-MM-DD HH:mm:ss' Beijing */
  updated_at: string;
}

/** activities/get */
export interface AdminActivityDetail extends AdminActivityRow {
  /** the stored (sanitized) HTML */
  content: string;
  created_at: string;
}
