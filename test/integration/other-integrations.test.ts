// Other integrations that post-process the built pages in astro:build:done, as HTML minifiers and critical-CSS
// inliners do: one listed before this package has rewritten the pages staged while Astro rendered them by the
// time they are put in place, and its change must stay, even one that keeps a page's size; one listed after
// it reads the pages as this package wrote them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';

// `</body>` in capitals: the same bytes count, so a size check alone cannot see the change.
const before = `{ name: 'shout', hooks: { 'astro:build:done': async ({ dir, pages }) => {
  const { readFileSync, writeFileSync } = await import('node:fs');
  for (const { pathname } of pages) {
    const file = new URL((pathname === '' || pathname.endsWith('/') ? pathname : pathname + '/') + 'index.html', dir);
    try { writeFileSync(file, readFileSync(file, 'utf8').replace('</body>', '</BODY>')); } catch {}
  }
} } }`;
// Records the title of the about page as it finds it.
const after = `{ name: 'reader', hooks: { 'astro:build:done': async ({ dir }) => {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const html = readFileSync(new URL('about/index.html', dir), 'utf8');
  writeFileSync(new URL('../title-seen-after.txt', dir), /<title[^>]*>([^<]*)<\\/title>/.exec(html)[1]);
} } }`;

let api: RunningApi;
let build: FixtureBuild;

beforeAll(async () => {
  api = await startApi(basicSeed());
  build = await buildFixture({ fixture: 'site-basic', integrations: { before, after }, env: api.env });
}, 120_000);

afterAll(async () => {
  build?.remove();
  await api?.close();
});

test("an integration's change made before this package put its pages in place stays, and its tags are added", () => {
  expect(build.exitCode, build.log).toBe(0);
  // Every page was staged while Astro rendered it, before the other integration's hook ran.
  expect(build.log).toMatch(/6 pages planned and staged as Astro rendered them\./);
  for (const file of ['index.html', 'about/index.html', 'blog/first/index.html']) {
    const html = build.read(file);
    expect(html, file).toContain('</BODY>');
    expect(html, file).not.toContain('</body>');
    expect(readHeadTags(html).marked, file).toBeGreaterThan(0);
  }
});

test('an integration listed after this package reads the pages as it wrote them', () => {
  const seen = readFileSync(join(build.root, 'title-seen-after.txt'), 'utf8');
  expect(seen).toBe(readHeadTags(build.read('about/index.html')).title);
  expect(build.read('about/index.html')).toContain('data-schema-manager');
});
