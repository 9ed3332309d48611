import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // one browser at a time on a 2-core machine
    fileParallelism: false,
  },
});
