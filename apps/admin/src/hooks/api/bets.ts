import type { BetDetail, BetSearchPage, BetStateCode } from '@casino/contract';
import { call } from '../../api/client';
import { useQuery } from './use-query';
import { compact, type TableRequest } from '../use-table';

/** 注单查询's filters as the server takes them (money in yuan, Beijing times) */
export interface BetFilters {
  username?: string;
  agent?: string;
  platform?: string;
  game?: string;
  /** the provider's round id, exact */
  round_id?: string;
  bet_from?: string;
  bet_to?: string;
  settle_from?: string;
  settle_to?: string;
  state?: BetStateCode;
  stake_min?: string;
  stake_max?: string;
  result_min?: string;
  result_max?: string;
}

export const betsKey = ['bets'] as const;

/**
 * One page of the search. The totals are asked for with the first page of a filter only: they do
 * not change from page to page, and the screen keeps the ones it has.
 */
export const listBets: TableRequest<BetSearchPage['data'][number], BetFilters> = ({ current, pageSize, ...filters }) =>
  call<BetSearchPage>('/admin/api/bets/list', { ...compact(filters), totals: current === 1, page: current, per_page: pageSize });

/** one bet with its round, settlement and raw record (the detail drawer) */
export function useBet(key: { platform: string; bet_id: string } | null) {
  return useQuery({
    queryKey: [...betsKey, 'get', key],
    queryFn: () => call<BetDetail>('/admin/api/bets/get', key!),
    enabled: key !== null,
  });
}

/** asks for a single-use link to the filter's CSV and lets the browser download it */
export async function exportBets(filters: BetFilters) {
  const { url } = await call<{ url: string; expires_in: number }>('/admin/api/bets/export', compact(filters));
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
