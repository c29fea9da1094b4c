import { defineConfig } from 'vitest/config';

// The suite against a real WordPress: only run by `npm run test:wordpress`, which starts WordPress first.
export default defineConfig({
  test: {
    include: ['test/wordpress/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
