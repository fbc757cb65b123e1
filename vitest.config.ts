import { defineConfig } from 'vitest/config';

// Three suites: unit (pure logic, no servers), integration (real Postgres, Redis,
// Kafka and S3 started by scripts/test.mjs) and browser (the built app in Chromium).
export default defineConfig({
  test: {
    // Two cores: two test files at a time (integration files each get their own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page's next state can take seconds to arrive on a busy two-core machine (the whole
          // product runs beside Chromium): expect.poll waits up to 15 s, not vitest's default 1 s.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
