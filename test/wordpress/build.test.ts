// A real `astro build` of a fixture site reading its heads from a real WordPress, on each permalink setup,
// as administrator, editor, anonymous visitor and with a wrong application password. Records are stored
// with either trailing slash, as a CMS does, and under the permalink WordPress makes for a title outside ASCII
// (its escapes in small hex) or with capitals where the page has none (WordPress's tables compare without
// case); every strategy must find them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { readHeadTags } from '../../src/head/index.ts';
import {
  type BuildFixtureOptions,
  buildFixture,
  type FixtureBuild,
} from '../integration/support/build-fixture.ts';
import { apiFormOf, plainHttpProduction, sites, type WordPressSite } from './sites.ts';

const SITE = 'https://www.example.com';
const page = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });

/**
 * The schemas and tags each site holds: `/about` without its slash (the page is `/about/`), the post with it,
 * and more for the post under `/Blog/First/`, as an editor may type it.
 */
async function seed(site: WordPressSite): Promise<void> {
  const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
  try {
    const about = `${SITE}/about`;
    const first = `${SITE}/blog/first/`;
    const typed = `${SITE}/Blog/First/`;
    // Idempotent, so the suite can run again against the same WordPress (its url filter ignores case too).
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
    await api.schemas.create({
      url: typed,
      schema_type: 'WebPage',
      schema_name: 'Typed',
      schema_data: page('First, as typed'),
    });
    await api.meta.set(about, { title: 'About, from WordPress' });
    await api.meta.set(typed, { title: 'First, from WordPress' });
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
  /** Pages of the test's own, or Astro options (a cacheDir). */
  extra: Pick<BuildFixtureOptions, 'files' | 'astro'> = {},
) {
  const result = await buildFixture({
    fixture: 'site-basic',
    ...extra,
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
    'administrator, $site.kind site, strategy $strategy: schemas and meta under either trailing slash and any case',
    async ({ site, strategy }) => {
      const result = await build(site, site.admin, strategy);
      expect(result.exitCode, result.log).toBe(0);
      const about = result.read('about/index.html');
      expect(jsonLdNames(about)).toEqual(['About us']);
      expect(titleOf(about)).toBe('About, from WordPress');
      const first = result.read('blog/first/index.html');
      expect(jsonLdNames(first)).toEqual(['First post', 'First, as typed']);
      expect(titleOf(first)).toBe('First, from WordPress');
      // The capitalised address is the post's: no CMS address is left without its page.
      expect(result.log).not.toMatch(/Blog\/First/);
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
      expect(jsonLdNames(result.read('blog/first/index.html'))).toEqual(['First post', 'First, as typed']);
      expect(result.log).toContain('lack manage_options');
    },
  );

  test.for(sites)(
    'anonymous, $kind site: public schemas page by page, under either trailing slash',
    async (site) => {
      const result = await build(site, null, 'auto');
      expect(result.exitCode, result.log).toBe(0);
      expect(jsonLdNames(result.read('about/index.html'))).toEqual(['About us']);
      expect(jsonLdNames(result.read('blog/first/index.html'))).toEqual(['First post', 'First, as typed']);
    },
  );

  test('right application password, production site on plain http: WordPress ignores it, and the build says so', async () => {
    const site = plainHttpProduction;
    const result = await build(site, site.admin, 'auto');
    expect(result.exitCode).not.toBe(0);
    expect(result.log.match(/did not accept the credentials of user "admin"/g)).toHaveLength(1);
    expect(result.log).toContain('(it answered as to an anonymous visitor)');
    // WordPress's REST index lists no application passwords there: that, not the password, is the cause.
    expect(result.log).toContain(
      "The site's REST index offers no application passwords, so WordPress ignores them: over plain http they are off unless its WP_ENVIRONMENT_TYPE is 'local' (use its https address), or a security plugin",
    );
    expect(result.log).not.toContain(site.admin.password);
  });

  test.for(sites)(
    'wrong application password, $kind site: the build fails once, as not accepted',
    async (site) => {
      const password = 'abcd EFGH ijkl MNOP qrst UVWX';
      const result = await build(site, { username: site.admin.username, password }, 'auto');
      expect(result.exitCode).not.toBe(0);
      expect(result.log.match(/did not accept the credentials of user "admin"/g)).toHaveLength(1);
      // WordPress does not refuse a wrong application password: it answers as to nobody.
      expect(result.log).toContain('(it answered as to an anonymous visitor)');
      // Its REST index offers application passwords, so plain http is not blamed: the password comes first.
      expect(result.log).toContain('Check SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD (Users > Profile');
      expect(result.log).not.toContain('over plain http');
      expect(result.log).not.toContain(password);
      expect(result.log).not.toContain(site.admin.password);
    },
  );

  test.for(pretty.flatMap((site) => ['per-page', 'index'].map((strategy) => ({ site, strategy }))))(
    'a post titled in Cyrillic, $site.kind site, strategy $strategy: found under its WordPress permalink, with a title as WordPress renders one',
    async ({ site, strategy }) => {
      const post = await createPost(site, 'Привет мир');
      // A title as WordPress renders it: texturized (curly quotes, &#8217;) and with & as &#038;.
      const other = await createPost(site, "Tom's & Jerry's");
      const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
      try {
        expect(other.title.rendered).toBe('Tom&#8217;s &#038; Jerry&#8217;s');
        // WordPress writes the slug's escapes with small hex; Astro names the page by the decoded slug.
        const path = new URL(post.link).pathname;
        expect(path).toMatch(/^\/%d0%9f%d1%80%d0%b8/);
        const stored = `${SITE}${path}`;
        for await (const record of api.schemas.listAll({ url: stored })) await api.schemas.delete(record.id);
        await api.schemas.create({
          url: stored,
          schema_type: 'WebPage',
          schema_name: 'Hello',
          schema_data: page('Hello world'),
        });
        await api.meta.set(stored, { title: other.title.rendered });
        // Its database compares hex digits without regard to case: the capital-hex spelling finds it at once.
        const capital = new URL(decodeURIComponent(path), SITE).href;
        expect(capital).not.toBe(stored);
        expect((await api.schemasByUrl(capital)).map((record) => record.schema_name)).toEqual(['Hello']);

        const slug = decodeURIComponent(post.slug);
        const result = await build(site, site.admin, strategy, {
          files: {
            'src/pages/[post].astro': `---
import Page from '../layouts/Page.astro';
export function getStaticPaths() {
  return [{ params: { post: ${JSON.stringify(slug)} } }];
}
---
<Page title="Post">A post.</Page>
`,
          },
        });
        expect(result.exitCode, result.log).toBe(0);
        const html = result.read(`${slug}/index.html`);
        expect(jsonLdNames(html)).toEqual(['Hello world']);
        // The title shows what WordPress shows: each reference decoded once, none escaped twice.
        expect(readHeadTags(html).values.title).toEqual(['Tom’s & Jerry’s']);
      } finally {
        await api.close();
        await deletePost(site, post.id);
        await deletePost(site, other.id);
      }
    },
  );
});

describe('the build cache (on by default) against WordPress', () => {
  test.for(pretty.flatMap((site) => ['index', 'per-page'].map((strategy) => ({ site, strategy }))))(
    '$site.kind site, strategy $strategy: a change made between two builds shows, and no answer is kept',
    async ({ site, strategy }) => {
      const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
      // Its own cacheDir, kept between the two builds as a project's is.
      const cacheDir = mkdtempSync(join(tmpdir(), 'asm-wp-cache-'));
      const buildHome = async (title: string) => {
        await api.meta.set(`${SITE}/`, { title });
        const result = await build(site, site.admin, strategy, { astro: { cacheDir } });
        expect(result.exitCode, result.log).toBe(0);
        return titleOf(result.read('index.html'));
      };
      try {
        expect(await buildHome(`Home, first build (${strategy})`)).toBe(`Home, first build (${strategy})`);
        expect(await buildHome(`Home, second build (${strategy})`)).toBe(`Home, second build (${strategy})`);
        // WordPress sends its REST answers with Cache-Control: no-store for a signed-in user, and without a
        // validator: the cache keeps none of them, so it can never serve one stale.
        const folder = join(cacheDir, 'astro-schema-manager');
        const kept = readdirSync(folder).map((file) => readFileSync(join(folder, file), 'latin1'));
        expect(kept.some((text) => text.includes('Home, first build'))).toBe(false);
      } finally {
        await api.meta.set(`${SITE}/`, { title: null });
        await api.close();
        rmSync(cacheDir, { recursive: true, force: true });
      }
    },
  );
});

/** A published post made through WordPress's own REST API, as an editor makes one. */
async function createPost(
  site: WordPressSite,
  title: string,
): Promise<{ id: number; slug: string; link: string; title: { rendered: string } }> {
  const response = await fetch(`${site.origin}/wp-json/wp/v2/posts`, {
    method: 'POST',
    headers: { authorization: basicAuth(site.admin), 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish' }),
  });
  if (response.status !== 201)
    throw new Error(`creating a post: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; slug: string; link: string; title: { rendered: string } };
}

async function deletePost(site: WordPressSite, id: number): Promise<void> {
  await fetch(`${site.origin}/wp-json/wp/v2/posts/${id}?force=true`, {
    method: 'DELETE',
    headers: { authorization: basicAuth(site.admin) },
  });
}

function basicAuth(account: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}
