// Every build.format with every trailingSlash, a base, and i18n fallbacks: each page file is found and
// looked up by the URL Astro serves it at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';
import { startDevFixture } from './support/dev-fixture.ts';

let api: RunningApi;
beforeAll(async () => {
  const seed = basicSeed();
  const docs = basicSeed('/docs');
  const i18n = ['/en/', '/en/about/', '/fr/', '/fr/about/'].map((path) => ({
    url: `${SITE}${path}`,
    schema_type: 'WebPage',
    schema_name: path,
    schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: `page ${path}` },
  }));
  api = await startApi({
    schemas: [...(seed.schemas ?? []), ...(docs.schemas ?? []), ...i18n],
    meta: [...(seed.meta ?? []), ...(docs.meta ?? [])],
  });
});
afterAll(() => api?.close());

interface ReportPage {
  url: string;
  file: string;
  schemas: string[];
}
function reportOf(root: string): ReportPage[] {
  return JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')).pageResults;
}

const expected = {
  directory: {
    files: { post: 'blog/first/index.html', blog: 'blog/index.html', notFound: '404.html' },
    ignore: { post: '/blog/first/', blog: '/blog/' },
  },
  file: {
    files: { post: 'blog/first.html', blog: 'blog.html', notFound: '404.html' },
    ignore: { post: '/blog/first', blog: '/blog' },
  },
  preserve: {
    files: { post: 'blog/first.html', blog: 'blog/index.html', notFound: '404.html' },
    ignore: { post: '/blog/first', blog: '/blog/' },
  },
} as const;

describe.each(['directory', 'file', 'preserve'] as const)('build.format %s', (format) => {
  test.each(['always', 'never', 'ignore'] as const)('trailingSlash %s', async (trailingSlash) => {
    const build = await buildFixture({
      fixture: 'site-basic',
      astro: { build: { format }, trailingSlash },
      options: { report: 'report.json' },
      env: api.env,
    });
    try {
      expect(build.exitCode, build.log).toBe(0);
      const { files, ignore } = expected[format];
      const slash = (path: string) =>
        trailingSlash === 'always'
          ? path.replace(/\/?$/, '/')
          : trailingSlash === 'never'
            ? path.replace(/\/$/, '')
            : path;
      const pages = reportOf(build.root);
      const byFile = new Map(pages.map((page) => [page.file, page]));
      expect(byFile.get(files.post)?.url).toBe(`${SITE}${slash(ignore.post)}`);
      expect(byFile.get(files.blog)?.url).toBe(`${SITE}${slash(ignore.blog)}`);
      expect(byFile.get('index.html')?.url).toBe(`${SITE}/`);
      expect(byFile.get(files.notFound)?.url).toBe(`${SITE}${trailingSlash === 'always' ? '/404/' : '/404'}`);
      // Found whichever slash the CMS stored the URL with.
      expect(byFile.get(files.post)?.schemas).toEqual(['Article']);
      const head = readHeadTags(build.read(files.post));
      expect(head.jsonLd.map((text) => JSON.parse(text).headline)).toEqual(['First post']);
      expect(head.values.title).toEqual(['First post from the API']);
    } finally {
      build.remove();
    }
  });
});

test('base: pages live under it, and so do their URLs', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    astro: { base: '/docs' },
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const pages = new Map(reportOf(build.root).map((page) => [page.file, page]));
    expect(pages.get('blog/first/index.html')?.url).toBe(`${SITE}/docs/blog/first/`);
    expect(pages.get('index.html')?.url).toBe(`${SITE}/docs/`);
    expect(readHeadTags(build.read('index.html')).values.title).toEqual(['Home from the API']);
  } finally {
    build.remove();
  }
});

test('a path in site is left out of page URLs, as Astro.url and @astrojs/sitemap leave it, and said once', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    astro: { site: `${SITE}/sub` },
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const pages = new Map(reportOf(build.root).map((page) => [page.file, page]));
    expect(pages.get('blog/first/index.html')?.url).toBe(`${SITE}/blog/first/`);
    expect(readHeadTags(build.read('index.html')).values.title).toEqual(['Home from the API']);
    expect(build.log.match(/site has a path \(\/sub\)/g)).toHaveLength(1);
    expect(build.log).toContain("set base: '/sub'");
  } finally {
    build.remove();
  }
  // With a base already set, the advice keeps it.
  const withBase = await buildFixture({
    fixture: 'site-basic',
    astro: { site: `${SITE}/sub`, base: '/docs' },
    env: api.env,
  });
  try {
    expect(withBase.exitCode, withBase.log).toBe(0);
    expect(withBase.log).toContain(`pages are known to the CMS as ${SITE}/docs/…`);
    expect(withBase.log).toContain("set base: '/sub/docs'");
  } finally {
    withBase.remove();
  }
});

/** French falls back to English, rendered in place under /fr/ (fallbackType 'rewrite'). */
const I18N_REWRITE = {
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  routing: { prefixDefaultLocale: true, fallbackType: 'rewrite' },
  fallback: { fr: 'en' },
};

/** The `name` of each JSON-LD document in a page's head. */
const jsonLdNames = (html: string) => readHeadTags(html).jsonLd.map((text) => JSON.parse(text).name);

test('i18n: a fallback page rendered in place gets the data of its own URL', async () => {
  const build = await buildFixture({
    fixture: 'site-i18n',
    astro: { i18n: I18N_REWRITE },
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const pages = new Map(reportOf(build.root).map((page) => [page.file, page]));
    expect(pages.get('fr/about/index.html')?.url).toBe(`${SITE}/fr/about/`);
    expect(jsonLdNames(build.read('fr/about/index.html'))).toEqual(['page /fr/about/']);
    expect(jsonLdNames(build.read('en/about/index.html'))).toEqual(['page /en/about/']);
  } finally {
    build.remove();
  }
});

test('i18n: an on-demand fallback page rendered in place gets the data of its own URL, as the build does', async () => {
  const build = await buildFixture({
    fixture: 'site-i18n',
    astro: { i18n: I18N_REWRITE },
    preamble: "import node from '@astrojs/node';",
    astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
    env: api.env,
  });
  let server: BuiltServer | undefined;
  try {
    expect(build.exitCode, build.log).toBe(0);
    server = await startBuiltServer(build.root, '/en/about/');
    // Astro 7 answers such a page 302 without a Location, which a browser shows as the page it is.
    const fallback = await fetch(`${server.origin}/fr/about/`, { redirect: 'manual' });
    expect(fallback.headers.get('location')).toBeNull();
    expect(jsonLdNames(await fallback.text())).toEqual(['page /fr/about/']);
    expect(jsonLdNames(await (await fetch(`${server.origin}/en/about/`)).text())).toEqual([
      'page /en/about/',
    ]);
  } finally {
    server?.stop();
    build.remove();
  }
});

test('i18n: astro dev gives a fallback page rendered in place the data of its own URL, as the build does', async () => {
  const dev = await startDevFixture({
    fixture: 'site-i18n',
    astro: { i18n: I18N_REWRITE },
    env: api.env,
  });
  try {
    expect(jsonLdNames(await dev.get('/en/about/'))).toEqual(['page /en/about/']);
    // /fr/about/ has no page of its own: Astro renders /en/about/ there.
    expect(jsonLdNames(await dev.get('/fr/about/'))).toEqual(['page /fr/about/']);
  } finally {
    dev.stop();
  }
});
