/// <reference lib="dom" />
// The site-wide audit on a real build, the social fallback, and the HTML report opened in a real browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { launchChromium } from '../support/browser.ts';
import { basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';

let api: RunningApi;
let browser: Browser | undefined;

beforeAll(async () => {
  const seed = basicSeed();
  api = await startApi({
    ...seed,
    meta: [
      ...(seed.meta ?? []).filter((entry) => entry.url !== `${SITE}/blog/first/`),
      // Two posts share one title; one post's canonical names a page that is never built.
      { url: `${SITE}/blog/first/`, title: 'Same title', description: 'First description' },
      {
        url: `${SITE}/blog/second/`,
        title: 'Same title',
        description: 'Second description',
        canonical: `${SITE}/gone/`,
      },
    ],
    social: [
      ...(seed.social ?? []),
      { url: `${SITE}/blog/second/`, og: { image: `${SITE}/img/never-built.png` } },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

test('the audit fails the build on what leads nowhere, and lists shared titles', async () => {
  const build = await buildFixture({ fixture: 'site-basic', env: api.env });
  try {
    expect(build.exitCode).not.toBe(0);
    expect(build.log).toContain('The site audit found 2 errors');
    // Says where the pages are and why the build fails though they are written.
    expect(build.log).toMatch(
      /The pages in dist\/ carry their new heads; the build fails so that they are not deployed\./,
    );
    expect(build.log).toMatch(
      /blog\/second\/ link rel=canonical: \[canonical-not-built\] The canonical https:\/\/www\.example\.com\/gone\//,
    );
    expect(build.log).toMatch(
      /\[image-not-built\] og:image and twitter:image https:\/\/www\.example\.com\/img\/never-built\.png/,
    );
    expect(build.log).toContain('audit: false');
    expect(build.log).not.toMatch(/^\s+at /m);
  } finally {
    build.remove();
  }
});

test('with the findings downgraded the build ships, social tags follow the meta, and the HTML report reads in a browser', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: {
      severity: { 'canonical-not-built': 'warning', 'image-not-built': 'warning' },
      report: 'schema-report.html',
    },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toMatch(
      /Site audit:\n(.*\n)*.*\[duplicate-title\] 2 pages share the <title> "Same title"/,
    );

    // The API set no og:title for the first post: it takes the API's title, not the template's.
    const first = readHeadTags(build.read('blog/first/index.html'));
    expect(first.values['property:og:title']).toEqual(['Same title']);
    expect(first.values['name:twitter:description']).toEqual(['First description']);

    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // Anything but the report itself would be a request to the network: refuse and record it.
    const requests: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith('file:')) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    await page.goto(pathToFileURL(join(build.root, 'schema-report.html')).href);

    expect(await page.textContent('#summary')).toMatch(/JSON-LD documents/);
    const codes = await page.$$eval('#summary tbody tr td:first-child', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(codes).toEqual(
      expect.arrayContaining(['duplicate-title', 'canonical-not-built', 'image-not-built']),
    );
    expect(await page.textContent('#site-findings')).toContain('2 pages share the <title> "Same title"');
    const second = page.locator('details.page', {
      has: page.locator('summary .page-url', { hasText: /\/blog\/second\/$/ }),
    });
    await second.locator('summary').first().click();
    expect(await second.textContent()).toContain('Second post');
    expect(await second.locator('.asm-serp-title').textContent()).toBe('Same title');

    // Filters: hiding warnings hides the warning findings; a code filter keeps only pages that have it.
    const visibleWarnings = () => page.locator('li.finding[data-severity="warning"]:visible').count();
    expect(await visibleWarnings()).toBeGreaterThan(0);
    await page.uncheck('input[name=severity][value=warning]');
    expect(await visibleWarnings()).toBe(0);
    await page.check('input[name=severity][value=warning]');
    await page.selectOption('#code', 'image-not-built');
    expect(await page.textContent('#shown')).toMatch(/^1 of \d+ pages shown$/);

    const shots = join(process.cwd(), 'test-output');
    mkdirSync(shots, { recursive: true });
    await page.selectOption('#code', '');
    await page.screenshot({ path: join(shots, 'schema-report.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  } finally {
    build.remove();
  }
});
