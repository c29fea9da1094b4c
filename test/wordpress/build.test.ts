// A real `astro build` of a fixture site reading its heads from a real WordPress, on each permalink setup,
// as administrator, editor, anonymous visitor and with a wrong application password. Records are stored
// with either trailing slash, as a CMS does, and every strategy must find them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { buildFixture, type FixtureBuild } from '../integration/support/build-fixture.ts';
import { apiFormOf, sites, type WordPressSite } from './sites.ts';

const SITE = 'https://www.example.com';
const page = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });

/** The schemas and tags each site holds: `/about` without its slash (the page is `/about/`), the post with it. */
async function seed(site: WordPressSite): Promise<void> {
  const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
  try {
    const about = `${SITE}/about`;
    const first = `${SITE}/blog/first/`;
    // Idempotent, so the suite can run again against the same WordPress.
    for (const url of [about, first]) {
      for await (const record of api.schemas.listAll({ url })) await api.schemas.delete(record.id);
    }
    await api.schemas.create({
      url: about,
      schema_type: 'WebPage',
      schema_name: 'About',
      schema_data: page('About us'),
    });
    await api.schemas.create({
      url: first,
      schema_type: 'WebPage',
      schema_name: 'First',
      schema_data: page('First post'),
    });
    await api.schemas.create({
      url: first,
      schema_type: 'WebPage',
      schema_name: 'Hidden',
      schema_data: page('Inactive one'),
      is_active: false,
    });
    await api.meta.set(about, { title: 'About, from WordPress' });
  } finally {
    await api.close();
  }
}

function jsonLdNames(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return scripts.map((match) => (JSON.parse(match[1] ?? 'null') as { name?: string }).name ?? '').sort();
}

function titleOf(html: string): string {
  return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

const builds: FixtureBuild[] = [];
async function build(
  site: WordPressSite,
  account: { username: string; password: string } | null,
  strategy: string,
) {
  const result = await buildFixture({
    fixture: 'site-basic',
    options: { strategy, retries: 0 },
    env: {
      SCHEMA_MANAGER_API: apiFormOf[site.kind](site.origin),
      SCHEMA_MANAGER_USER: account?.username ?? '',
      SCHEMA_MANAGER_PASSWORD: account?.password ?? '',
    },
  });
  builds.push(result);
  return result;
}

beforeAll(() => Promise.all(sites.map(seed)));
afterAll(() => {
  for (const result of builds) result.remove();
});

// One build at a time: Astro builds of copies of one fixture share the repository's .astro/ folder.
const pretty = sites.filter((site) => site.kind === 'pretty');
const adminBuilds = [
  ...sites.map((site) => ({ site, strategy: 'per-page' })),
  ...pretty.map((site) => ({ site, strategy: 'index' })),
];

describe('astro build', () => {
  test.for(adminBuilds)(
    'administrator, $site.kind site, strategy $strategy: schemas and meta under either trailing slash',
    async ({ site, strategy }) => {
      const result = await build(site, site.admin, strategy);
      expect(result.exitCode, result.log).toBe(0);
      const about = result.read('about/index.html');
      expect(jsonLdNames(about)).toEqual(['About us']);
      expect(titleOf(about)).toBe('About, from WordPress');
      expect(jsonLdNames(result.read('blog/first/index.html'))).toEqual(['First post']);
    },
  );

  test.for(pretty)(
    'editor, $kind site: schemas from the index, no meta (it lacks manage_options)',
    async (site) => {
      const result = await build(site, site.editor, 'auto');
      expect(result.exitCode, result.log).toBe(0);
      const about = result.read('about/index.html');
      expect(jsonLdNames(about)).toEqual(['About us']);
      expect(titleOf(about)).not.toBe('About, from WordPress');
      expect(result.log).toContain('lack manage_options');
    },
  );

  test.for(sites)(
    'anonymous, $kind site: public schemas page by page, under either trailing slash',
    async (site) => {
      const result = await build(site, null, 'auto');
      expect(result.exitCode, result.log).toBe(0);
      expect(jsonLdNames(result.read('about/index.html'))).toEqual(['About us']);
      expect(jsonLdNames(result.read('blog/first/index.html'))).toEqual(['First post']);
    },
  );

  test.for(sites)(
    'wrong application password, $kind site: the build fails once, as not accepted',
    async (site) => {
      const password = 'abcd EFGH ijkl MNOP qrst UVWX';
      const result = await build(site, { username: site.admin.username, password }, 'auto');
      expect(result.exitCode).not.toBe(0);
      expect(result.log.match(/did not accept the credentials of user "admin"/g)).toHaveLength(1);
      // WordPress does not refuse a wrong application password: it answers as to nobody.
      expect(result.log).toContain('(it answered as to an anonymous visitor)');
      expect(result.log).not.toContain(password);
      expect(result.log).not.toContain(site.admin.password);
    },
  );
});
