// Astro's i18n.domains serves a locale on a domain of its own (fr.example.com), on demand only: a page
// requested there is known to the CMS by that domain's URL, and the same path on the site's own domain is
// another page, with data of its own. astro dev serves the locale by its path (/fr/live): the page is known by
// its domain's URL there too.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { type RunningApi, SITE, startApi } from './support/api.ts';
import { type BuildFixtureOptions, buildFixture, type FixtureBuild } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';
import { startDevFixture } from './support/dev-fixture.ts';

const FRENCH = 'https://fr.example.com';
const schema = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });
const page = (title: string) =>
  `---\nexport const prerender = false;\n---\n<html><head><meta charset="utf-8" /><title>${title}</title></head><body>${title}</body></html>\n`;

const project = {
  fixture: 'site-server',
  preamble: "import node from '@astrojs/node';",
  astroSource: `output: 'server', adapter: node({ mode: 'standalone' }),
  i18n: { locales: ['en', 'fr'], defaultLocale: 'en', domains: { fr: '${FRENCH}' } },
  security: { allowedDomains: [{ hostname: 'fr.example.com', protocol: 'https' }] }`,
  // Astro refuses prerendered pages alongside i18n domains.
  files: { 'src/pages/index.astro': page('Home'), 'src/pages/fr/live.astro': page('En direct') },
  options: { validate: 'warn' },
} satisfies BuildFixtureOptions;

let api: RunningApi;
let build: FixtureBuild;
let server: BuiltServer | undefined;

beforeAll(async () => {
  api = await startApi(
    {
      schemas: [
        {
          url: `${SITE}/live`,
          schema_type: 'WebPage',
          schema_name: 'en',
          schema_data: schema('Live, English'),
        },
        {
          url: `${FRENCH}/live`,
          schema_type: 'WebPage',
          schema_name: 'fr',
          schema_data: schema('Live, French'),
        },
      ],
      meta: [{ url: `${FRENCH}/live`, title: 'En direct, de la part du CMS' }],
    },
    [SITE, FRENCH],
  );
  build = await buildFixture({ ...project, env: api.env });
  if (build.exitCode !== 0) throw new Error(build.log);
  server = await startBuiltServer(build.root, '/live');
}, 120_000);

afterAll(async () => {
  server?.stop();
  build?.remove();
  await api?.close();
});

/** A page of the built server, as a proxy in front of it forwards a request for `host`. */
async function get(path: string, host?: string): Promise<string> {
  const headers = host ? { 'x-forwarded-host': host, 'x-forwarded-proto': 'https' } : undefined;
  return (await fetch(new URL(path, server?.origin), { headers })).text();
}

test("a page requested on a locale's domain gets the CMS data stored under that domain", async () => {
  const head = readHeadTags(await get('/live', 'fr.example.com'));
  // Astro routed the request to the French page, and the CMS was asked for https://fr.example.com/live.
  expect(head.values.title).toEqual(['En direct, de la part du CMS']);
  expect(head.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Live, French']);
});

test("the same path on the site's own domain is the site's page, with its own data", async () => {
  const head = readHeadTags(await get('/live'));
  expect(head.values.title).toEqual(['On demand']);
  expect(head.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Live, English']);
});

test('astro dev serves the locale by its path, and the page is known by its domain', async () => {
  const dev = await startDevFixture({ ...project, env: api.env });
  try {
    const french = readHeadTags(await dev.get('/fr/live'));
    expect(french.values.title).toEqual(['En direct, de la part du CMS']);
    expect(french.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Live, French']);
    // Through a proxy naming the French domain, dev still routes /live to the site's own page: its data.
    const response = await fetch(`${dev.origin}/live`, {
      headers: { 'x-forwarded-host': 'fr.example.com', 'x-forwarded-proto': 'https' },
    });
    const routed = readHeadTags(await response.text());
    expect(routed.values.title).toEqual(['On demand']);
    expect(routed.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Live, English']);
  } finally {
    dev.stop();
  }
}, 120_000);
