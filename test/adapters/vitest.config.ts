import { defineConfig } from 'vitest/config';

// The packed package under other adapters' runtimes (Cloudflare's workerd): only run by `npm run test:compat`,
// as these install the adapter and its runtime from npm.
export default defineConfig({
  test: {
    include: ['test/adapters/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
