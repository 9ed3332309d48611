import { useQuery } from '@tanstack/react-query';
import type { SponsorItem } from '@casino/contract';
import { apiPost } from '../../api/client';

export class SponsorsFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

/** POST /api/sponsors: the two sponsorship partners (type 1 and 2). */
export function useSponsors() {
  return useQuery({
    queryKey: ['sponsors'],
    queryFn: async () => {
      const res = await apiPost<SponsorItem[]>('/api/sponsors', {});
      if (res.code !== 200 || !Array.isArray(res.data)) throw new SponsorsFailure(res.message, Boolean(res.network));
      return res.data;
    },
    staleTime: 10 * 60_000,
  });
}
