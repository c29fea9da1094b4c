import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Needs a running WordPress: `npm run test:wordpress`.
    exclude: ['test/wordpress/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
