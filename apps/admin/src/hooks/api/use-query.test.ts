import { QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useQuery } from './use-query';

/**
 * A server render draws a component once and commits nothing, so a query's observer never
 * subscribes there: whatever is asked for during it was asked for while drawing.
 */
function drawOnce(client: QueryClient, options: Parameters<typeof useQuery>[0]) {
  function Screen() {
    useQuery(options);
    return null;
  }
  renderToString(createElement(QueryClientProvider, { client }, createElement(Screen)));
}

describe('useQuery asks while the screen draws', () => {
  it('starts the call during the draw, once, and the answer lands in the cache', async () => {
    const client = new QueryClient();
    const queryFn = vi.fn(async () => ['row']);
    drawOnce(client, { queryKey: ['list'], queryFn });
    drawOnce(client, { queryKey: ['list'], queryFn }); // in flight: not asked again
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toEqual(['row']));
  });

  it('leaves to useQuery a query that is off, skipped, or kept for no time', () => {
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 1);
    drawOnce(client, { queryKey: ['off'], queryFn, enabled: false });
    drawOnce(client, { queryKey: ['decided'], queryFn, enabled: () => true });
    drawOnce(client, { queryKey: ['kept'], queryFn, gcTime: 0 });
    drawOnce(client, { queryKey: ['skipped'], queryFn: skipToken });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('does not ask again for what the cache holds, answered or failed', () => {
    const client = new QueryClient();
    client.setQueryData(['held'], 'x');
    const queryFn = vi.fn(async () => 'y');
    drawOnce(client, { queryKey: ['held'], queryFn });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('a failed call is not thrown from the draw', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(async () => {
      throw new Error('down');
    });
    expect(() => drawOnce(client, { queryKey: ['down'], queryFn })).not.toThrow();
    await vi.waitFor(() => expect(client.getQueryState(['down'])?.status).toBe('error'));
  });
});
