import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/{src,test}/**/*.test.ts', 'apps/sandbox/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 hashes are CPU-bound and the machine has 2 cores
    maxWorkers: 2,
  },
});
