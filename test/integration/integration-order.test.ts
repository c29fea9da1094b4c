// Astro runs astro:build:done hooks in the order integrations are listed. @astrojs/sitemap writes the sitemap
// in its hook, so listed after this package its sitemap is not there when the site audit reads it: the build
// says so and how to fix it. Listed before, the audit compares the sitemap with the pages.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';

// What @astrojs/sitemap does, under its name: a sitemap written in astro:build:done, here with one address
// that has no page.
const sitemap = `{ name: '@astrojs/sitemap', hooks: (() => { let site; return {
  'astro:config:done': ({ config }) => { site = config.site.replace(/\\/?$/, '/'); },
  'astro:build:done': async ({ dir }) => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(new URL('sitemap-0.xml', dir),
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>' + site + '</loc></url><url><loc>' + site + 'gone/</loc></url></urlset>');
  },
}; })() }`;

let api: RunningApi;
let after: FixtureBuild;
let before: FixtureBuild;

beforeAll(async () => {
  api = await startApi(basicSeed());
  after = await buildFixture({ fixture: 'site-basic', integrations: { after: sitemap }, env: api.env });
  before = await buildFixture({ fixture: 'site-basic', integrations: { before: sitemap }, env: api.env });
}, 180_000);

afterAll(async () => {
  after?.remove();
  before?.remove();
  await api?.close();
});

test('@astrojs/sitemap listed after this package: the build says the audit cannot see the sitemap, and how to fix it', () => {
  expect(after.exitCode, after.log).toBe(0);
  expect(after.log).toContain(
    '@astrojs/sitemap is listed after astro-schema-manager, so it writes the sitemap after the site audit has run',
  );
  expect(after.log).toContain('List schemaManager() after sitemap() in integrations.');
  expect(after.log).not.toContain('sitemap-url-without-page');
});

test('@astrojs/sitemap listed before: no such warning, and the audit compares its sitemap with the pages', () => {
  expect(before.exitCode, before.log).toBe(0);
  expect(before.log).not.toContain('is listed after astro-schema-manager');
  expect(before.log).toMatch(
    /sitemap-0\.xml lists https:\/\/[^ ]+\/gone\/, which is not a page of this build/,
  );
});

test('schemaManager() listed twice stops astro at start-up, saying to keep one, before the API is asked', async () => {
  const twice = await buildFixture({
    fixture: 'site-basic',
    integrations: { after: "schemaManager({ validate: 'warn' })" },
    env: api.env,
  });
  try {
    expect(twice.exitCode).not.toBe(0);
    expect(twice.log).toContain('astro:config:setup');
    expect(twice.log).toContain('schemaManager() is listed 2 times in integrations');
    expect(twice.log).toContain('Keep one schemaManager({ … })');
    expect(twice.log).not.toContain('generating static routes');
    expect(twice.log).not.toMatch(/^\s+at /m);
  } finally {
    twice.remove();
  }
});
