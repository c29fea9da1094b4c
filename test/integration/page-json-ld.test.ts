// The pages' own JSON-LD (a theme's layout, a component's) ships beside the CMS's, so the build validates it
// too, as `check` does: a green build then means a green `check --rules google`. Found after the pages are
// written, in the site audit, each problem once with the pages that have it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';

// As AstroPaper's layout writes it on pages that are not posts: a date that is the string "undefined".
const THEME_LAYOUT_PAGE = (title: string) => `---
import Page from '../layouts/Page.astro';
---
<Page title="${title}">
  <Fragment slot="head">
    <script type="application/ld+json" set:html={JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: '${title}', datePublished: String(undefined) })} />
  </Fragment>
  ${title}.
</Page>
`;
const files = {
  'src/pages/tags.astro': THEME_LAYOUT_PAGE('Tags'),
  'src/pages/archives.astro': THEME_LAYOUT_PAGE('Archives'),
};

let api: RunningApi;
beforeAll(async () => {
  api = await startApi(basicSeed());
});
afterAll(() => api?.close());

test("a page's own invalid JSON-LD fails the build once for all its pages, saying whose it is and how to fix it", async () => {
  const build = await buildFixture({ fixture: 'site-basic', files, env: api.env });
  try {
    expect(build.exitCode).not.toBe(0);
    const lines = build.log.split('\n').filter((line) => line.includes('[invalid-value]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `$.datePublished: [invalid-value] In the page's own BlogPosting JSON-LD (script 1, not from the CMS), on 2 pages (https://www.example.com/archives/, https://www.example.com/tags/): "datePublished" expects`,
    );
    expect(build.log).toContain('The site audit found 1 error on 2 pages (listed above).');
    expect(build.log).toContain('validatePageJsonLd: false');
    expect(build.log).toContain('schemaManager({ severity: { "invalid-value": "warning" } })');
    // The CMS's pages were written all the same, as with any audit finding.
    expect(build.read('about/index.html')).toContain('data-schema-manager');
  } finally {
    build.remove();
  }
});

test('validatePageJsonLd: false leaves the pages’ own JSON-LD unchecked', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    files,
    options: { validatePageJsonLd: false },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).not.toContain('[invalid-value]');
    expect(build.read('tags/index.html')).toContain('"datePublished":"undefined"');
  } finally {
    build.remove();
  }
});
