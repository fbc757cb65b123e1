import { defineConfig } from 'vitest/config';

// The first-load bench drives the browser through the e2e harness, which needs vitest's runtime:
// it runs as a one-file vitest project of its own, never with the test suites.
export default defineConfig({
  test: { include: ['bench/web/first-load.bench.ts'], testTimeout: 600_000, hookTimeout: 600_000, pool: 'forks' },
});
