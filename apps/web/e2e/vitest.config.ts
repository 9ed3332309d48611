import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits 1 s by default: too short for a page whose call goes through the
    // sandbox while the PostgreSQL suites load the same two cores (a CI run missed the
    // 自动免转 toast that way). A poll still ends as soon as it passes.
    expect: { poll: { timeout: 10_000 } },
    // one browser at a time on a 2-core machine
    fileParallelism: false,
  },
});
