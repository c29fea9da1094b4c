import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The slower suites: each builds many sites scenario by scenario (layouts, policies, start-up, faults, the build
// cache, CMS coverage, probe checks, real themes), drives a browser through view transitions, or runs a CLI
// workflow end to end many times over. CI runs them beside `npm test` (`npm run test:slow`), which keeps one real
// build, dev server, packed install and CLI run of each kind and ends in about 5 minutes on 2 cores; `npx vitest
// run <file>` runs any file of either.
const SLOW = [
  'test/themes.test.ts',
  'test/integration/layouts.test.ts',
  'test/integration/policies.test.ts',
  'test/integration/startup.test.ts',
  'test/integration/faults.test.ts',
  'test/integration/build-cache.test.ts',
  'test/integration/cms-coverage.test.ts',
  'test/integration/probe-checks.test.ts',
  'test/integration/client-router.test.ts',
  'test/integration/client-router-dev.test.ts',
  'test/cli/workflows.test.ts',
  'test/cli/seo-directory-workflow.test.ts',
  'test/cli/push-safety.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most test time is spent waiting on child builds and loopback servers, so two files side by side pay
    // even on two cores, where Vitest's default (cores - 1) would run them one after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts'],
          // Need a running WordPress (`npm run test:wordpress`), or an adapter's runtime from npm (`npm run test:compat`).
          exclude: ['test/wordpress/**', 'test/adapters/**', '**/node_modules/**', ...SLOW],
        },
      },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
