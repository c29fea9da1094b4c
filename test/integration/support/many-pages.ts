// A site of N generated pages (/p/0/ … /p/N-1/) on the site-basic fixture, and the API data for each, for the
// tests that need volume: faults, the build cache, snapshots.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHeadTags } from '../../../src/head/index.ts';
import type { SeedFile } from '../../../src/server/index.ts';
import { SITE } from './api.ts';
import { type BuildFixtureOptions, prepareFixture } from './build-fixture.ts';

export const pageUrl = (n: number) => `${SITE}/p/${n}/`;

/** Copies site-basic with `pages` extra pages under /p/ and returns its root. */
export function prepareManyPages(pages: number, options: Omit<BuildFixtureOptions, 'fixture'> = {}): string {
  const root = prepareFixture({ ...options, fixture: 'site-basic' });
  mkdirSync(join(root, 'src/pages/p'));
  writeFileSync(
    join(root, 'src/pages/p/[n].astro'),
    `---
import Page from '../../layouts/Page.astro';
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, n) => ({ params: { n: String(n) } }));
}
const { n } = Astro.params;
---
<Page title={\`Page \${n}\`}><p>${'Body text of a generated page. '.repeat(40)}</p></Page>
`,
  );
  return root;
}

/** One Article, meta and social entry per generated page. */
export function manyPagesSeed(pages: number): SeedFile {
  const range = Array.from({ length: pages }, (_, n) => n);
  return {
    schemas: range.map((n) => ({
      url: pageUrl(n),
      schema_type: 'Article',
      schema_name: `Page ${n}`,
      schema_data: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: `Headline ${n}`,
        datePublished: '2026-11-01T10:00:00Z',
        author: { '@type': 'Person', name: 'Ada Brook' },
      },
    })),
    meta: range.map((n) => ({
      url: pageUrl(n),
      title: `Title ${n} from the API`,
      description: `About ${n}`,
    })),
    social: range.map((n) => ({ url: pageUrl(n), og: { title: `Og ${n}` }, twitter: { card: 'summary' } })),
  };
}

/** What a generated page's head says: its headline, title and og:title (undefined where missing). */
export function headOf(outDir: string, n: number) {
  const html = readFileSync(join(outDir, `p/${n}/index.html`), 'utf8');
  const head = readHeadTags(html);
  const [jsonLd] = head.jsonLd.map((text) => JSON.parse(text) as { headline?: string });
  return {
    html,
    headline: jsonLd?.headline,
    title: head.values.title,
    ogTitle: head.values['property:og:title'],
  };
}
