// Pieces of pages are not pages: a partial (`export const partial = true`, as htmx sites use) and a server
// island's answer get no head, no tags and no audit findings, in a build, in `astro dev` and on demand, even
// when the CMS holds data for their URL; the pages around them get theirs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture } from './support/build-fixture.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

const CARD = '<div class="card">A card</div>';
let api: RunningApi;
beforeAll(async () => {
  const seed = basicSeed();
  for (const path of ['/partials/card/', '/partials/live', '/with-island', '/_server-islands/Island']) {
    seed.meta?.push({ url: `${SITE}${path}`, title: `Title for ${path}` });
    seed.schemas?.push({
      url: `${SITE}${path}`,
      schema_type: 'WebPage',
      schema_name: path,
      schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: path },
    });
  }
  api = await startApi(seed);
});
afterAll(() => api?.close());

test('astro build leaves a prerendered partial as Astro wrote it, and the audit does not count it as a page', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    files: { 'src/pages/partials/card.astro': `---\nexport const partial = true;\n---\n${CARD}\n` },
    options: { report: 'report.json' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.read('partials/card/index.html').trim()).toBe(CARD);
    // The pages around it got their tags, and the audit said nothing about the partial (no title, no description).
    expect(readHeadTags(build.read('about/index.html')).values.title).toEqual(['About from the API']);
    expect(build.log).not.toMatch(/partials\/card.*\[(title|description)-missing\]/);
    expect(build.log).not.toContain('title-missing');
  } finally {
    build.remove();
  }
});

describe('astro dev with a server island and an on-demand partial', () => {
  let dev: DevFixture;
  beforeAll(async () => {
    dev = await startDevFixture({
      fixture: 'site-server',
      preamble: "import node from '@astrojs/node';",
      astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
      env: api.env,
      files: {
        'src/components/Island.astro': '<div class="island">Deferred</div>\n',
        'src/pages/with-island.astro': `---
export const prerender = false;
import Island from '../components/Island.astro';
---
<html><head><meta charset="utf-8" /><title>With island</title></head><body><Island server:defer><p slot="fallback">loading</p></Island></body></html>
`,
        'src/pages/partials/live.astro': `---\nexport const prerender = false;\nexport const partial = true;\n---\n${CARD}\n`,
      },
    });
  });
  afterAll(() => dev?.stop());

  test('the page gets its head; the island and the partial come as Astro rendered them', async () => {
    const page = await dev.get('/with-island');
    expect(readHeadTags(page).values.title).toEqual(['Title for /with-island']);
    const island = page.match(/fetch\("([^"]+)"/)?.[1];
    expect(island).toMatch(/^\/_server-islands\/Island\?/);
    // Astro's dev server (7.3.5 on) marks each element with its source file and line for its toolbar.
    const asWritten = (html: string) => html.replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '').trim();
    expect(asWritten(await dev.get(island as string))).toBe('<div class="island">Deferred</div>');
    expect(asWritten(await dev.get('/partials/live'))).toBe(CARD);
  });
});
