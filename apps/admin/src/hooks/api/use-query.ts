import { skipToken, useQuery as useTanstackQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';

/**
 * TanStack Query's useQuery, whose call starts while the screen draws rather than after.
 *
 * useQuery asks the server once the component's first draw is on screen (its observer subscribes
 * after the commit). A back-office screen's first draw takes 100 ms or more on a 2-core machine
 * (antd's table, form and their measuring), all of it spent before its list was even asked for
 * (issue 25). Here the call starts when the component first draws, so the server answers while
 * the browser is still drawing. The observer then finds it in flight and does not ask again.
 *
 * prefetchQuery never rejects: a failed call is left in the cache for useQuery to show. Left to
 * useQuery alone: a query that is off (`enabled` false or a function, `skipToken`), one
 * already in the cache (pending, answered or failed), and one kept for no time (`gcTime: 0`),
 * whose answer could be dropped before the observer subscribes.
 */
export const useQuery = ((options: UseQueryOptions, queryClient?: QueryClient) => {
  const client = useQueryClient(queryClient);
  if (startsNow(options) && !client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
  return useTanstackQuery(options, queryClient);
}) as typeof useTanstackQuery;

function startsNow(options: UseQueryOptions): boolean {
  return options.enabled !== false && typeof options.enabled !== 'function' && options.queryFn !== skipToken && !!options.queryFn && options.gcTime !== 0;
}
