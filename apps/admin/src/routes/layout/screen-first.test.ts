import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterScreen, markScreenDrawn, screenSettled } from './screen-first';

// node has no frames: one is a 16 ms timer here, under vitest's fake clock
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16) as unknown as number);
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** a query whose answer comes when `answer` is called */
function pending(client: QueryClient, key: string) {
  let answer!: (v: unknown) => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise((r) => (answer = r)) });
  return (v: unknown) => answer(v);
}

describe('the frame waits for the screen', () => {
  it('is settled only once a call other than /me has answered and none is in flight', async () => {
    const client = new QueryClient();
    expect(screenSettled(client)).toBe(false);
    client.setQueryData(['me'], { username: 'admin' });
    expect(screenSettled(client)).toBe(false);
    const list = pending(client, 'operators');
    const roles = pending(client, 'roles');
    list([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(screenSettled(client)).toBe(false); // roles still in flight
    roles([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(screenSettled(client)).toBe(true);
  });

  it('draws the frame in the frame after the screen settles, once', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    afterScreen(client, then, 1000);
    const list = pending(client, 'operators');
    await vi.advanceTimersByTimeAsync(100);
    expect(then).not.toHaveBeenCalled();
    list([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(then).not.toHaveBeenCalled(); // the screen's data paints first
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
    client.setQueryData(['other'], 1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not wait past the cap for a screen that never answers', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    afterScreen(client, then, 1000);
    pending(client, 'slow');
    await vi.advanceTimersByTimeAsync(990);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('follows at once a screen whose answers were already there', async () => {
    const client = new QueryClient();
    client.setQueryData(['operators'], []);
    const then = vi.fn();
    afterScreen(client, then, 1000);
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('follows a screen without calls once it is drawn, not at the cap', async () => {
    const client = new QueryClient();
    const me = pending(client, 'me');
    const then = vi.fn();
    afterScreen(client, then, 1000);
    markScreenDrawn(client); // 账户安全: drawn, no call of its own
    await vi.advanceTimersByTimeAsync(100);
    expect(then).not.toHaveBeenCalled(); // the operator's answer is still in flight
    me({ username: 'admin' });
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('still waits for the calls of a screen that is drawn', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    afterScreen(client, then, 1000);
    const list = pending(client, 'operators');
    markScreenDrawn(client);
    await vi.advanceTimersByTimeAsync(500);
    expect(then).not.toHaveBeenCalled();
    list([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits again for a screen that asks for its data once the operator is known', async () => {
    const client = new QueryClient();
    const me = pending(client, 'me');
    const then = vi.fn();
    afterScreen(client, then, 1000);
    markScreenDrawn(client); // drawn while /me is in flight: its call waits for the operator's permissions
    me({ username: 'admin' });
    await vi.advanceTimersByTimeAsync(0);
    const list = pending(client, 'operators'); // asked in the drawing that the answer caused
    await vi.advanceTimersByTimeAsync(300);
    expect(then).not.toHaveBeenCalled();
    list([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not call after a cancel that comes between the frame and the call', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    const cancel = afterScreen(client, then, 1000);
    client.setQueryData(['operators'], []);
    await vi.advanceTimersByTimeAsync(16); // the frame has come, the call is queued behind it
    cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(then).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled (the frame left the page)', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    const cancel = afterScreen(client, then, 1000);
    cancel();
    client.setQueryData(['operators'], []);
    await vi.advanceTimersByTimeAsync(2000);
    expect(then).not.toHaveBeenCalled();
  });
});
