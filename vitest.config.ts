import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Need a running WordPress (`npm run test:wordpress`), or an adapter's runtime from npm (`npm run test:compat`).
    exclude: ['test/wordpress/**', 'test/adapters/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most test time is spent waiting on child builds and loopback servers, so two files side by side pay
    // even on two cores, where Vitest's default (cores - 1) would run them one after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
