/**
 * A server-sent event stream read over fetch in tests and benches (the live-update stream, the
 * support chat's streams): collects the events' JSON data, waits for one matching a test (events,
 * never time: the limit only turns a hang into a clear failure), and tells when the server ended
 * the stream. A refused stream (not text/event-stream) gives its JSON envelope as `refusal`.
 */
export async function openSse<E>(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal });
  const events: E[] = [];
  const waiters: { test: (e: E) => boolean; resolve: (e: E) => void }[] = [];
  let ended!: () => void;
  const end = new Promise<void>((r) => (ended = r));
  const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
  const pump = (async () => {
    if (!isStream) return ended();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (!data) continue;
          const e = JSON.parse(data) as E;
          events.push(e);
          for (const w of [...waiters]) if (w.test(e)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // aborted or cut
    }
    ended();
  })();
  return {
    res,
    isStream,
    /** the envelope of a refused stream */
    refusal: isStream ? null : ((await res.json()) as { code: number; message: string }),
    events,
    ended: end,
    next(test: (e: E) => boolean, ms = 10_000): Promise<E> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`)), ms);
        waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    async close() {
      ctrl.abort();
      await pump;
    },
  };
}
