import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import {
  type AdminArticleRow,
  type AdminBankRow,
  type AdminBannerRow,
  type AdminNoticeRow,
  type AdminPaged,
  type AdminSponsorRow,
  type AdminUploadReply,
  type Envelope,
} from '@casino/contract';
import { call, callEnvelope, uploadEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';
import { settingsKey } from './settings';

/**
 * Content screens (issue 13): banners, announcements, articles, sponsorship partners, bank
 * types and the customer-service / agent links. Every call needs content.manage, the links
 * settings.view / settings.update. Lists are filtered and paged by the server.
 */

export interface BannerFilters {
  type?: number;
  state?: 0 | 1;
  keyword?: string;
}
export interface NoticeFilters {
  on_home?: 0 | 1;
  state?: 0 | 1;
  keyword?: string;
}
export interface BankFilters {
  enabled?: 0 | 1;
  keyword?: string;
}

export const bannersKey = ['content', 'banners'] as const;
export const noticesKey = ['content', 'notices'] as const;
export const articlesKey = ['content', 'articles'] as const;
export const sponsorsKey = ['content', 'sponsors'] as const;
export const banksKey = ['content', 'banks'] as const;

export const listBanners: TableRequest<AdminBannerRow, BannerFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminBannerRow>>('/admin/api/banners/list', { ...compact(filters), page: current, per_page: pageSize });

export const listNotices: TableRequest<AdminNoticeRow, NoticeFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminNoticeRow>>('/admin/api/notices/list', { ...compact(filters), page: current, per_page: pageSize });

export const listBanks: TableRequest<AdminBankRow, BankFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminBankRow>>('/admin/api/banks/list', { ...compact(filters), page: current, per_page: pageSize });

export function useArticles() {
  return useQuery({ queryKey: articlesKey, queryFn: () => call<AdminArticleRow[]>('/admin/api/articles/list') });
}

export function useArticle(type: number | null) {
  return useQuery({
    queryKey: [...articlesKey, type],
    queryFn: () => call<AdminArticleRow>('/admin/api/articles/get', { type }),
    enabled: type !== null,
    // the editor starts from what is stored now, never from an older copy
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSponsors() {
  return useQuery({ queryKey: sponsorsKey, queryFn: () => call<AdminSponsorRow[]>('/admin/api/sponsors/list') });
}

type ContentAction =
  | 'banners/create'
  | 'banners/update'
  | 'banners/delete'
  | 'notices/create'
  | 'notices/update'
  | 'notices/delete'
  | 'articles/update'
  | 'sponsors/update'
  | 'banks/create'
  | 'banks/update'
  | 'settings/update';

const KEY_OF: Record<string, readonly string[]> = { banners: bannersKey, notices: noticesKey, articles: articlesKey, sponsors: sponsorsKey, banks: banksKey, settings: settingsKey };

/** One content change; the list it touched is read again whatever the outcome. */
export function useContentAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ContentAction; body: object }) => callEnvelope<unknown>(`/admin/api/${action}`, body),
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: KEY_OF[v.action.split('/')[0]] }),
  });
}

/**
 * POST /admin/api/banners/upload (multipart, field `file`): the server judges the picture by its
 * bytes (PNG, JPEG or WebP, at most 2 MB) and answers its URL on our own server.
 */
export async function uploadPicture(file: File): Promise<Envelope<AdminUploadReply>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadEnvelope<AdminUploadReply>('/admin/api/banners/upload', form);
}
