// jsonLdConflict: 'api' in `astro build` and `astro dev`: a page's own JSON-LD that only describes what the CMS's
// describes is replaced by it; what else the page says stays. (The packed tarball with a theme: test/themes.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

// The about page as a theme writes it: its own AboutPage (which the CMS also has) and its own WebSite.
const ABOUT = `---
import Page from '../layouts/Page.astro';
const about = { '@context': 'https://schema.org', '@type': 'AboutPage', name: 'About, by the theme' };
const site = { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Example', url: 'https://www.example.com/' };
---
<Page title="About">
  <Fragment slot="head">
    <script type="application/ld+json" set:html={JSON.stringify(about)} />
    <script type="application/ld+json" set:html={JSON.stringify(site)} />
  </Fragment>
  About us.
</Page>
`;
const files = { 'src/pages/about.astro': ABOUT };
const options = { jsonLdConflict: 'api', report: 'report.json' };

let api: RunningApi;
beforeAll(async () => {
  api = await startApi(basicSeed());
});
afterAll(() => api?.close());

/** The JSON-LD documents' names, in the head's order. */
const names = (html: string) => readHeadTags(html).jsonLd.map((text) => JSON.parse(text).name);

test("astro build writes the CMS's AboutPage in place of the theme's and keeps the theme's WebSite", async () => {
  const build = await buildFixture({ fixture: 'site-basic', files, options, env: api.env });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(names(build.read('about/index.html'))).toEqual(['Example', 'About us']);
    expect(build.log).toContain("1 JSON-LD script of the pages' own replaced by the CMS's.");
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

  test('serves the page as the build writes it', async () => {
    expect(names(await dev.get('/about/'))).toEqual(['Example', 'About us']);
  });
});
