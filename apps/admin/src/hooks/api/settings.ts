import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { SettingsReply } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';

/** Site, cashier and withdrawal settings (/admin/api/settings/get|update) and receiving accounts. */
export const settingsKey = ['settings'] as const;
export const receivingKey = ['deposit-accounts'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => call<SettingsReply>('/admin/api/settings/get') });
}

/** saves only the keys given; the reply names those that changed */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) => callEnvelope<SettingsReply & { changed: string[] }>('/admin/api/settings/update', changes),
    onSuccess: (env) => qc.setQueryData(settingsKey, { settings: env.data.settings, groups: env.data.groups }),
    onSettled: () => void qc.invalidateQueries({ queryKey: settingsKey }),
  });
}

export interface ReceivingAccount {
  id: number;
  type: 'bank' | 'usdt';
  bank_name: string;
  bank_owner: string;
  bank_no: string;
  bank_address: string;
  enabled: number;
  uses: number;
  last_used_at: string | null;
  created_at: string;
  /** handed to members only once a second operator approved the details as they are */
  approved: boolean;
  /** the operator id who made the details as they are (not their approver) */
  changed_by: number | null;
}

export function useReceivingAccounts() {
  return useQuery({ queryKey: receivingKey, queryFn: () => call<ReceivingAccount[]>('/admin/api/deposit-accounts/list') });
}

export function useReceivingAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update' | 'approve'; body: object }) => callEnvelope<ReceivingAccount>(`/admin/api/deposit-accounts/${action}`, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: receivingKey }),
  });
}
