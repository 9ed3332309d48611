import type { AdminPaged, AuditRow } from '@casino/contract';
import { call } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

export interface AuditFilters {
  operator?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

export const auditKey = ['audit'] as const;

export const listAudit: TableRequest<AuditRow, AuditFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AuditRow>>('/admin/api/audit/list', { ...compact(filters), page: current, per_page: pageSize });
