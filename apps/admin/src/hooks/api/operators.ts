import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminPaged, OperatorRow, RoleRow } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

export interface OperatorFilters {
  username?: string;
  role?: string;
  status?: 0 | 1;
}

export const operatorsKey = ['operators'] as const;
export const rolesKey = ['roles'] as const;

export const listOperators: TableRequest<OperatorRow, OperatorFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<OperatorRow>>('/admin/api/operators/list', { ...compact(filters), page: current, per_page: pageSize });

export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: () => call<{ roles: RoleRow[]; permissions: { slug: string; name: string }[] }>('/admin/api/roles/list'),
  });
}

export type OperatorAction = 'create' | 'update' | 'disable' | 'enable' | 'reset-password' | 'reset-totp';

export function useOperatorAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: OperatorAction; body: object }) => callEnvelope<unknown>(`/admin/api/operators/${action}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: operatorsKey }),
  });
}

export function useRoleAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update'; body: object }) => callEnvelope<RoleRow>(`/admin/api/roles/${action}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: rolesKey }),
  });
}
