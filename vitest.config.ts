import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the workspace root holds React 18 for the member site's antd-mobile and the back-office its own
  // React 19; TanStack Query resolves to the root's. An admin test that draws (use-query.test.ts)
  // needs one React for its hooks: here that is the root's React 18 (the admin build dedupes to 19)
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/{src,test}/**/*.test.ts', 'apps/sandbox/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 hashes are CPU-bound and the machine has 2 cores
    maxWorkers: 2,
    // one module graph per worker, not per file (issue 24: the suite's time was 143 s of
    // importing the server's modules again for each of 128 files, against 9 s now). Safe because
    // no test replaces a module (no vi.mock) and every test builds its own app, database and
    // clock; spies are set on an app's own objects. A test that leaves state in a module breaks
    // this: give that state to the app instead.
    isolate: false,
  },
});
