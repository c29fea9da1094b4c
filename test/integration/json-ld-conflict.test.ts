// jsonLdConflict: 'api' in `astro build` and `astro dev`: a page's own JSON-LD that only describes what the CMS's
// describes is replaced by it (in the build, in the head and the body; in dev, whose body streams, in the head);
// what else the page says stays. (The packed tarball with a theme: test/themes.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractJsonLd } from '../../src/validate/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

// The about page as a theme writes it: its own WebSite in the head, and in the body, as a component writes it,
// its own AboutPage, which the CMS also has.
const ABOUT = `---
import Page from '../layouts/Page.astro';
const about = { '@context': 'https://schema.org', '@type': 'AboutPage', name: 'About, by the theme' };
const site = { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Example', url: 'https://www.example.com/' };
---
<Page title="About">
  <Fragment slot="head">
    <script type="application/ld+json" set:html={JSON.stringify(site)} />
  </Fragment>
  <p>About us.</p>
  <script type="application/ld+json" set:html={JSON.stringify(about)}></script>
</Page>
`;
const files = { 'src/pages/about.astro': ABOUT };
const options = { jsonLdConflict: 'api', report: 'report.json' };

let api: RunningApi;
beforeAll(async () => {
  api = await startApi(basicSeed());
});
afterAll(() => api?.close());

/** The JSON-LD documents' names, head and body, in the page's order. */
const names = (html: string) => extractJsonLd(html).map((script) => JSON.parse(script.text).name);

test("astro build ships the CMS's AboutPage in place of the theme's and keeps the theme's WebSite", async () => {
  const build = await buildFixture({ fixture: 'site-basic', files, options, env: api.env });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(names(build.read('about/index.html'))).toEqual(['Example', 'About us']);
    expect(build.log).toContain("1 JSON-LD script of the pages' own replaced by the CMS's.");
    // The report says which page.
    const report = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8')) as {
      pageResults: Array<{ url: string; jsonLdReplaced: number }>;
    };
    expect(report.pageResults.filter((page) => page.jsonLdReplaced > 0)).toEqual([
      expect.objectContaining({ url: 'https://www.example.com/about/', jsonLdReplaced: 1 }),
    ]);
    expect(build.log).not.toContain('json-ld-type-twice');
  } finally {
    build.remove();
  }
});

describe('astro dev', () => {
  let dev: DevFixture;
  beforeAll(async () => {
    dev = await startDevFixture({ fixture: 'site-basic', files, options, env: api.env });
  });
  afterAll(() => dev?.stop());

  test('replaces what the head holds; the body streams through as the page rendered it', async () => {
    expect(names(await dev.get('/about/'))).toEqual(['Example', 'About us', 'About, by the theme']);
  });
});
