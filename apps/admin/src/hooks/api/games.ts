import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminCatalogueSyncReply, AdminGameRow, AdminPaged, AdminVenueExposureReply, AdminVenueRow, GameCategory } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/** Venues and games (issue 13): lists paged on the server, edits, the catalogue sync, exposure. */
export const venuesKey = ['venues'] as const;
export const gamesKey = ['games'] as const;
export const exposureKey = ['venue-exposure'] as const;

export interface VenueFilters {
  state?: 0 | 1;
  listed?: 0 | 1;
}

export interface GameFilters {
  platform?: string;
  category?: GameCategory;
  name?: string;
  listed?: 0 | 1;
  app_state?: 0 | 1;
  is_hot?: 0 | 1;
  is_new?: 0 | 1;
}

export const listVenues: TableRequest<AdminVenueRow, VenueFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminVenueRow>>('/admin/api/venues/list', { ...compact(filters), page: current, per_page: pageSize });

export const listGames: TableRequest<AdminGameRow, GameFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminGameRow>>('/admin/api/games/list', { ...compact(filters), page: current, per_page: pageSize });

/** every venue (at most 100) for the game screen's venue filter (and 待处理转账's, for operators with games.manage) */
export function useVenueOptions(enabled = true) {
  return useQuery({
    queryKey: [...venuesKey, 'options'],
    queryFn: () => call<AdminPaged<AdminVenueRow>>('/admin/api/venues/list', { per_page: 100 }),
    staleTime: 60_000,
    enabled,
  });
}

export function useVenueExposure() {
  return useQuery({ queryKey: exposureKey, queryFn: () => call<AdminVenueExposureReply>('/admin/api/venues/exposure') });
}

export type VenuePatch = { platform: string; state?: 0 | 1; listed?: 0 | 1; sort?: number; name?: string };
export type GamePatch = { id: number; listed?: 0 | 1; app_state?: 0 | 1; is_hot?: 0 | 1; is_new?: 0 | 1; sort?: number };

export function useVenueUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VenuePatch) => callEnvelope<AdminVenueRow>('/admin/api/venues/update', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: venuesKey });
      void qc.invalidateQueries({ queryKey: gamesKey });
      void qc.invalidateQueries({ queryKey: exposureKey });
    },
  });
}

export function useGameUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GamePatch) => callEnvelope<AdminGameRow>('/admin/api/games/update', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: gamesKey });
      void qc.invalidateQueries({ queryKey: venuesKey });
    },
  });
}

export function useCatalogueSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEnvelope<AdminCatalogueSyncReply>('/admin/api/catalogue/sync'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: venuesKey });
      void qc.invalidateQueries({ queryKey: gamesKey });
    },
  });
}
