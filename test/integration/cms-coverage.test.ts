// CMS data no page of the build is for: a build whose site address the CMS does not use says so (every page
// would ship bare in silence otherwise), and records for pages that are gone are listed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { SchemaRecord } from '../../src/client/index.ts';
import { cmsCoverage, servedElsewhereFor } from '../../src/integration/cms-coverage.ts';
import { fromIndex } from '../../src/integration/fetch-head-data.ts';
import type { HeadIndex } from '../../src/integration/read-index.ts';
import { coverageMessage } from '../../src/integration/report.ts';
import { urlIdentity } from '../../src/url-forms.ts';
import { basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';

const record = (url: string, is_active = true) => ({ url, is_active }) as SchemaRecord;
function indexOf(urls: Array<[string, boolean?]>): HeadIndex {
  const schemas = new Map<string, SchemaRecord[]>();
  for (const [url, active] of urls) schemas.set(urlIdentity(url), [record(url, active ?? true)]);
  return { schemas, meta: new Map(), social: new Map() };
}

test('CMS URLs no page is for, in any spelling or slash; inactive records, on-demand and excluded pages aside', () => {
  const index = indexOf([
    ['https://a.dev/kept/'],
    ['https://a.dev/caf%c3%a9'],
    ['https://a.dev/gone/'],
    ['https://a.dev/off/', false],
    ['https://a.dev/live/'],
    // Another site's page, on a CMS that serves both: not this build's to list.
    ['https://blog.a.dev/post/'],
  ]);
  const coverage = cmsCoverage(index, true, ['https://a.dev/kept/', 'https://a.dev/caf%C3%A9/'], (url) =>
    url.endsWith('/live/'),
  );
  expect(coverage).toEqual({ held: 5, counted: 'urls', withoutPage: ['https://a.dev/gone/'] });
});

test('trailing-slash twins are counted kind by kind, as the build looks each kind up', () => {
  const index = indexOf([['https://a.dev/both/'], ['https://a.dev/both'], ['https://a.dev/split/']]);
  // Meta under the other slash than the schemas: both ship, nothing is left out.
  index.meta?.set(urlIdentity('https://a.dev/split'), {
    url: 'https://a.dev/split',
    title: 'Split',
  } as never);
  const coverage = cmsCoverage(index, true, ['https://a.dev/both/', 'https://a.dev/split/'], () => false);
  expect(coverage.twins).toEqual([
    { used: 'https://a.dev/both/', ignored: 'https://a.dev/both', kinds: ['schemas'] },
  ]);
});

test('what the CMS may store that is no URL neither matches a page nor stops the build', () => {
  const layout = {
    site: 'https://a.dev',
    base: '/',
    format: 'directory',
    trailingSlash: 'ignore',
    fallbackType: null,
  } as const;
  const served = servedElsewhereFor(layout, [], ['/drafts/']);
  expect(served('https://a.dev/drafts/x/')).toBe(true);
  expect(served('https://a.dev/kept/')).toBe(false);
  for (const odd of ['', '/about/', 'not a url']) expect(served(odd)).toBe(false);
  const index = indexOf([['/about/'], [''], ['https://a.dev/kept/']]);
  expect(cmsCoverage(index, true, ['https://a.dev/kept/'], served)).toEqual({
    held: 3,
    counted: 'urls',
    withoutPage: ['', '/about/'],
  });
});

test('none of it a page: a warning naming both addresses and the cmsUrl that maps one to the other', () => {
  const said = coverageMessage(
    { held: 2, counted: 'urls', withoutPage: ['https://cms.a.dev/x/', 'https://cms.a.dev/y/'] },
    ['https://a.dev/404', 'https://a.dev/y/'],
  );
  expect(said?.level).toBe('warn');
  expect(said?.text).toContain(
    'The CMS holds head data for 2 URLs, and none of it is for a page of this build',
  );
  expect(said?.text).toContain("cmsUrl: (url) => url.replace('https://a.dev', 'https://cms.a.dev')");
  // The same path on both sides, so the difference shows.
  expect(said?.text).toContain("look like https://cms.a.dev/y/; this build's like https://a.dev/y/.");
  expect(coverageMessage({ held: 3, counted: 'urls', withoutPage: [] }, ['https://a.dev/x/'])).toBeNull();
});

test('none of it a page because of a base path: the cmsUrl that adds or drops it, not a site to change', () => {
  // The site is published under /docs (base: '/docs', trailingSlash: 'never'); the CMS stores the pages without.
  const pages = ['https://a.dev/docs', 'https://a.dev/docs/about', 'https://a.dev/docs/guide/setup'];
  const said = coverageMessage(
    {
      held: 3,
      counted: 'urls',
      withoutPage: ['https://a.dev/', 'https://a.dev/about/', 'https://a.dev/guide/setup/'],
    },
    pages,
  );
  expect(said?.level).toBe('warn');
  expect(said?.text).toContain("look like https://a.dev/about/; this build's like https://a.dev/docs/about.");
  expect(said?.text).toContain("cmsUrl: (url) => url.replace('https://a.dev/docs', 'https://a.dev')");
  expect(said?.text).not.toContain('Set site');
  // The other way: the CMS keeps the pages under a prefix the site does not use, on another host.
  const added = coverageMessage(
    {
      held: 2,
      counted: 'urls',
      withoutPage: ['https://cms.a.dev/site/about/', 'https://cms.a.dev/site/team/'],
    },
    ['https://a.dev/about/', 'https://a.dev/team/'],
  );
  expect(added?.text).toContain("cmsUrl: (url) => url.replace('https://a.dev', 'https://cms.a.dev/site')");
});

test('a prefix a few URLs share by chance gives no advice over the same paths on another origin', () => {
  // www on the CMS, bare on the site; /blog/news/ happens to end like the CMS's /news/.
  const paths = ['', 'about/', 'blog/', 'contact/'];
  const said = coverageMessage(
    { held: 5, counted: 'urls', withoutPage: [...paths, 'news/'].map((path) => `https://www.a.dev/${path}`) },
    [...paths, 'blog/news/'].map((path) => `https://a.dev/${path}`),
  );
  expect(said?.text).toContain("cmsUrl: (url) => url.replace('https://a.dev', 'https://www.a.dev')");
  // 20,000 pages ending in /reviews, a CMS holding /reviews?page=N, and CMS URLs on 20,000 hosts or none:
  // no advice from a tail they all share, and no crash (it once paired every URL with every page).
  const pages = Array.from({ length: 20_000 }, (_, i) => `https://a.dev/p/${i}/reviews`);
  const reviews = coverageMessage(
    {
      held: 20_000,
      counted: 'urls',
      withoutPage: pages.map((_, i) => `https://a.dev/reviews?page=${i}`),
    },
    pages,
  );
  expect(reviews?.text).not.toContain("replace('https://a.dev/p/");
  const hosts = coverageMessage(
    { held: 20_000, counted: 'urls', withoutPage: pages.map((_, i) => `https://c${i}.dev/reviews`) },
    pages,
  );
  expect(hosts?.level).toBe('warn');
  const odd = coverageMessage(
    { held: 3, counted: 'urls', withoutPage: ['foo://x/a/b', 'javascript:alert(1)', 'not a url'] },
    ['https://a.dev/b', 'https://a.dev/c'],
  );
  expect(odd?.level).toBe('warn');
  // A quote in the prefix stays a string in the snippet to paste.
  const quote = coverageMessage(
    { held: 2, counted: 'urls', withoutPage: ['https://a.dev/x/', 'https://a.dev/y/'] },
    ["https://a.dev/it's/x", "https://a.dev/it's/y"],
  );
  expect(quote?.text).toContain("url.replace('https://a.dev/it\\'s', 'https://a.dev')");
});

test('data stored under http:// for an https page is listed and warned about, naming the page it is for', () => {
  const index = indexOf([['https://a.dev/kept/'], ['http://a.dev/stove'], ['http://other.dev/x/']]);
  const pages = ['https://a.dev/kept/', 'https://a.dev/stove/'];
  const coverage = cmsCoverage(index, true, pages, () => false);
  // The same host in the other scheme is this site's address to correct; another host is another site's.
  expect(coverage.withoutPage).toEqual(['http://a.dev/stove']);
  const said = coverageMessage(coverage, pages);
  expect(said?.level).toBe('warn');
  expect(said?.text).toContain(
    '1 of them differs from a page only by http/https (http://a.dev/stove for https://a.dev/stove/), so that page ships without it',
  );
  // Other leftovers stay a note.
  expect(
    coverageMessage({ held: 2, counted: 'urls', withoutPage: ['https://a.dev/gone/'] }, pages)?.level,
  ).toBe('info');
});

let api: RunningApi | undefined;
afterEach(() => api?.close());

test.each(['auto', 'per-page'] as const)(
  'a build (strategy %s) against a CMS that stores another address warns once, naming the fix',
  async (strategy) => {
    const seed = basicSeed();
    // The CMS keeps the site without www; the site is configured with it.
    for (const entry of [...(seed.schemas ?? []), ...(seed.meta ?? []), ...(seed.social ?? [])])
      entry.url = entry.url.replace('https://www.', 'https://');
    api = await startApi(seed, ['https://example.com', SITE]);
    const build = await buildFixture({ fixture: 'site-basic', options: { strategy }, env: api.env });
    try {
      expect(build.exitCode, build.log).toBe(0);
      expect(build.log.match(/none of it is for a page of this build/g)).toHaveLength(1);
      // From the index, the URLs it holds; page by page, one list request finds its schemas.
      expect(build.log).toMatch(
        strategy === 'auto' ? /holds head data for \d+ URLs, and none/ : /holds \d+ schemas, and none/,
      );
      expect(build.log).toContain(
        "cmsUrl: (url) => url.replace('https://www.example.com', 'https://example.com')",
      );
      // One warning says it: not also that the CMS holds nothing for any page.
      expect(build.log).not.toContain('holds no active schema, meta or social entry');
    } finally {
      build.remove();
    }
  },
);

test('a record for a redirect or an endpoint of the site is listed as what it is', async () => {
  const seed = basicSeed();
  seed.meta?.push(
    { url: `${SITE}/moved/`, title: 'A page that moved' },
    { url: `${SITE}/api/data.json`, title: 'Not a page' },
  );
  api = await startApi(seed);
  const build = await buildFixture({
    fixture: 'site-basic',
    astro: { redirects: { '/moved/': '/about/' } },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain(
      '2 URLs the CMS holds head data for are no page of this build (pages removed from the site, or addresses to correct in the CMS): https://www.example.com/api/data.json (an endpoint, which has no head), https://www.example.com/moved/ (a redirect: its data belongs to the page it leads to).',
    );
  } finally {
    build.remove();
  }
});

test("a page that redirects keeps Astro's head, and the CMS's data for it is neither written nor validated", async () => {
  const seed = basicSeed();
  // What the old address held before it moved: an Event without its required startDate would stop the build.
  seed.schemas?.push({
    url: `${SITE}/moved/`,
    schema_type: 'Event',
    schema_name: 'Launch',
    schema_data: { '@context': 'https://schema.org', '@type': 'Event', name: 'Launch' },
  });
  seed.meta?.push({ url: `${SITE}/moved/`, title: 'A page that moved' });
  api = await startApi(seed);
  const build = await buildFixture({
    fixture: 'site-basic',
    files: { 'src/pages/moved.astro': "---\nreturn Astro.redirect('/about/');\n---\n" },
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain(
      "1 page redirects (Astro.redirect or context.redirect) and keeps Astro's head; the CMS's head data for its address belongs to the page it leads to and is not used: https://www.example.com/moved/.",
    );
    expect(build.log).not.toContain('Launch');
    const page = build.read('moved/index.html');
    expect(page).toContain('<meta http-equiv="refresh" content="2;url=/about/">');
    expect(page).not.toContain('A page that moved');
    expect(page).not.toContain('application/ld+json');
    const report = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
    expect(report.findings.filter((finding: { page: string }) => finding.page.endsWith('/moved/'))).toEqual(
      [],
    );
    expect(report.schemasByType.Event).toBeUndefined();
    expect(
      report.pageResults.find((result: { url: string }) => result.url.endsWith('/moved/')),
    ).toMatchObject({
      schemas: [],
      changed: false,
    });
  } finally {
    build.remove();
  }
});

test('a record for a page that is gone is listed in the log and the report', async () => {
  const seed = basicSeed();
  seed.meta?.push({ url: `${SITE}/old-page/`, title: 'A page removed from the site' });
  api = await startApi(seed);
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain(
      '1 URL the CMS holds head data for is no page of this build (pages removed from the site, or addresses to correct in the CMS): https://www.example.com/old-page/.',
    );
    const report = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
    expect(report.cmsUrlsWithoutPage).toEqual([`${SITE}/old-page/`]);
    expect(build.log).not.toContain('holds no active schema, meta or social entry');
  } finally {
    build.remove();
  }
});

test('a page with head data under both trailing-slash spellings is built from its own and warned of', async () => {
  // WordPress keeps /about (a permalink without a slash); a push of Astro's page file added /about/ beside it.
  const seed = basicSeed();
  seed.schemas?.push({
    url: `${SITE}/about`,
    schema_type: 'WebPage',
    schema_name: 'About, without its slash',
    schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Old about' },
  });
  api = await startApi(seed);
  const build = await buildFixture({ fixture: 'site-basic', env: api.env });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain(
      `1 page has head data of one kind in the CMS under both spellings of its trailing slash: ${SITE}/about/ (built) beside ${SITE}/about (its schemas left out). The build reads each kind from the page's own spelling where it has one; merge each pair into it in the CMS`,
    );
    expect(build.read('about/index.html')).toContain('About us');
    expect(build.read('about/index.html')).not.toContain('Old about');
  } finally {
    build.remove();
  }
});

test.each(['auto', 'per-page'] as const)(
  'a build (strategy %s) against a CMS with nothing for any page says so once, not only in its counts',
  async (strategy) => {
    const seed = basicSeed();
    // Data there is, all of it inactive: as a site whose schemas were drafted and never switched on.
    for (const schema of seed.schemas ?? []) schema.is_active = false;
    api = await startApi({ schemas: seed.schemas });
    const build = await buildFixture({ fixture: 'site-basic', options: { strategy }, env: api.env });
    try {
      expect(build.exitCode, build.log).toBe(0);
      expect(
        build.log.match(
          /The API at http:\/\/127\.0\.0\.1:\d+\/wp-json\/\S+ holds no active schema, meta or social entry for any of the \d+ pages of this build: they ship as they are\./g,
        ),
      ).toHaveLength(1);
    } finally {
      build.remove();
    }
  },
);

test('a spelling that holds only inactive records does not hide the active ones under the other slash', () => {
  const index = indexOf([['https://a.dev/p/', false], ['https://a.dev/p']]);
  const data = fromIndex(index, 'https://a.dev/p/', true);
  expect(data.schemas.map((record) => record.url)).toEqual(['https://a.dev/p']);
  // Nothing of one kind is left out, so no twin is said.
  expect(cmsCoverage(index, true, ['https://a.dev/p/'], () => false).twins).toBeUndefined();
});
