import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** The back-office's one query cache: main.tsx provides it; router.tsx starts /admin/api/me in it before the first draw. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a refused call (403, a rule) will answer the same again; a network failure may not
      retry: (count, err) => err instanceof ApiError && err.network && count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
