// Pages whose paths hold characters outside ASCII (/café/, /блог/мир/): the build, its per-page reads and
// `astro dev` all name a page by the URL Astro.url gives it and find what the CMS stored for it, whichever
// way the CMS spelled that URL's escapes or the case of its letters (WordPress compares URLs without case);
// messages show the URL as people read it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

const files = {
  'src/pages/café.astro': `---
import Page from '../layouts/Page.astro';
---
<Page title="Café">Coffee.</Page>
`,
  'src/pages/блог/[slug].astro': `---
import Page from '../../layouts/Page.astro';
export function getStaticPaths() {
  return [{ params: { slug: 'привет' } }, { params: { slug: 'мир' } }];
}
const { slug } = Astro.params;
---
<Page title={\`Post \${slug}\`}>A post.</Page>
`,
};

const webPage = (url: string, name: string, extra: Record<string, unknown> = {}) => ({
  url,
  schema_type: 'WebPage',
  schema_name: name,
  schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name, ...extra },
});

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({
    schemas: [
      // As a sitemap, a browser's address bar or Astro.url has it: capital hex.
      webPage(`${SITE}/caf%C3%A9/`, 'Café page'),
      // As WordPress makes permalinks: small hex.
      webPage(`${SITE}/%d0%b1%d0%bb%d0%be%d0%b3/%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82/`, 'Hello page'),
      // As typed by hand, decoded; with a property Schema.org does not have, for a finding that names the page.
      webPage(`${SITE}/блог/мир/`, 'Peace page', { colour: 'blue' }),
      // Typed with a capital: the page is /about/.
      webPage(`${SITE}/About/`, 'About page'),
    ],
    meta: [
      { url: `${SITE}/About/`, title: 'About from the API' },
      {
        url: `${SITE}/%d0%b1%d0%bb%d0%be%d0%b3/%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82/`,
        title: 'Привет from the API',
      },
    ],
  });
});
afterAll(() => api?.close());

const names = (html: string) => readHeadTags(html).jsonLd.map((text) => JSON.parse(text).name);

describe.each(['auto', 'per-page'] as const)('strategy %s', (strategy) => {
  test('every page gets what the CMS stored for it, under any spelling of its URL', async () => {
    const build = await buildFixture({
      fixture: 'site-basic',
      files,
      options: { strategy, report: 'report.json', validate: 'warn' },
      env: api.env,
    });
    try {
      expect(build.exitCode, build.log).toBe(0);
      expect(names(build.read('café/index.html'))).toEqual(['Café page']);
      expect(names(build.read('блог/привет/index.html'))).toEqual(['Hello page']);
      expect(readHeadTags(build.read('блог/привет/index.html')).values.title).toEqual([
        'Привет from the API',
      ]);
      expect(names(build.read('блог/мир/index.html'))).toEqual(['Peace page']);
      const about = build.read('about/index.html');
      expect(names(about)).toEqual(['About page']);
      expect(readHeadTags(about).values.title).toEqual(['About from the API']);
      // The capitalised address is the page's, not one the CMS holds for no page.
      expect(build.log).not.toContain('/About/');
      // The report names pages as Astro.url does; the log as people read them.
      const report = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
      const urls = report.pageResults.map((page: { url: string }) => page.url);
      expect(urls).toContain(`${SITE}/caf%C3%A9/`);
      expect(urls).toContain(`${SITE}/%D0%B1%D0%BB%D0%BE%D0%B3/%D0%BC%D0%B8%D1%80/`);
      expect(build.log).toMatch(/https:\/\/www\.example\.com\/блог\/мир\/ .*colour/);
      expect(build.log).not.toContain('%D0%BC%D0%B8%D1%80');
    } finally {
      build.remove();
    }
  });
});

describe('astro dev', () => {
  let dev: DevFixture;
  beforeAll(async () => {
    dev = await startDevFixture({ fixture: 'site-basic', files, env: api.env });
  });
  afterAll(() => dev?.stop());

  test('serves each page with what the build gives it, however the request spells the path', async () => {
    expect(names(await dev.get('/caf%C3%A9/'))).toEqual(['Café page']);
    // Small hex in the request: the same page, the same data.
    expect(names(await dev.get('/caf%c3%a9/'))).toEqual(['Café page']);
    const hello = await dev.get('/%D0%B1%D0%BB%D0%BE%D0%B3/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82/');
    expect(names(hello)).toEqual(['Hello page']);
    expect(readHeadTags(hello).values.title).toEqual(['Привет from the API']);
    expect(names(await dev.get('/%D0%B1%D0%BB%D0%BE%D0%B3/%D0%BC%D0%B8%D1%80/'))).toEqual(['Peace page']);
    expect(names(await dev.get('/about/'))).toEqual(['About page']);
  });
});
