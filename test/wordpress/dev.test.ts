// `astro dev` in front of a real WordPress: a page served at request time gets the record the CMS stored
// under the other trailing slash, as the build does.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { readHeadTags } from '../../src/head/index.ts';
import { type DevFixture, startDevFixture } from '../integration/support/dev-fixture.ts';
import { apiFormOf, sites } from './sites.ts';

const site = sites.find((s) => s.kind === 'plain-no-rewrite') ?? sites[0]!;
const SECOND = 'https://www.example.com/blog/second';
let dev: DevFixture;
const get = (path: string) => dev.get(path);

beforeAll(async () => {
  const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
  for await (const record of api.schemas.listAll({ url: SECOND })) await api.schemas.delete(record.id);
  await api.schemas.create({
    url: SECOND,
    schema_type: 'WebPage',
    schema_name: 'Second',
    schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Second post' },
  });
  await api.close();
  // Anonymous: the request-time pass reads page by page.
  const options = {
    fixture: 'site-basic' as const,
    env: { SCHEMA_MANAGER_API: apiFormOf[site.kind](site.origin) },
  };
  dev = await startDevFixture(options);
});

afterAll(() => dev?.stop());

test('astro dev: a page stored without its trailing slash still gets its schema', async () => {
  const head = readHeadTags(await get('/blog/second/'));
  expect(head.jsonLd.map((text) => (JSON.parse(text) as { name: string }).name)).toEqual(['Second post']);
});
