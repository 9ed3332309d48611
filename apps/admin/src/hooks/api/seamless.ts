import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaged, AdminSeamlessRoundRow, SeamlessRoundState, VenueMode } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';
import { exposureKey, venuesKey } from './games';

/** Seamless venues (issue 38): a venue's mode, a member's rounds. */
export const seamlessRoundsKey = ['seamless-rounds'] as const;

export interface SeamlessRoundFilters {
  username: string;
  venue?: string;
  state?: SeamlessRoundState;
}

export const listSeamlessRounds: TableRequest<AdminSeamlessRoundRow, SeamlessRoundFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminSeamlessRoundRow>>('/admin/api/seamless/rounds', { ...compact(filters), page: current, per_page: pageSize });

export function useVenueMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { platform: string; mode: VenueMode }) => callEnvelope<{ platform: string; mode: VenueMode }>('/admin/api/venues/mode', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: venuesKey });
      void qc.invalidateQueries({ queryKey: exposureKey });
    },
  });
}
