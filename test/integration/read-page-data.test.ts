// Per-page reads find a page whichever trailing slash the CMS stored its URL with, and a page stored in the
// form last seen costs one round of requests, as an exact match would.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient, type SchemaClient } from '../../src/client/index.ts';
import { pageReader } from '../../src/integration/read-page-data.ts';
import { ADMIN, basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';

let api: RunningApi;
let client: SchemaClient;

beforeAll(async () => {
  const seed = basicSeed();
  // WordPress-style: stored with the slash; these two without it, as another CMS might store them.
  for (const record of seed.schemas ?? []) {
    if (record.url.endsWith('/blog/second/')) record.url = `${SITE}/blog/second`;
  }
  seed.meta?.push({ url: `${SITE}/contact`, title: 'Contact from the API' });
  api = await startApi(seed);
  client = createClient({ baseUrl: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  await client.probe();
});

afterAll(async () => {
  await client?.close();
  await api?.close();
});

test('a page is found under either trailing slash; a hit in the expected form costs one round', async () => {
  const read = pageReader(client, true);
  const cost = async (url: string) => {
    const before = client.stats().requests;
    const data = await read(url);
    return { data, requests: client.stats().requests - before };
  };
  // Asked without the slash, stored with it: the page's own form first, then the other.
  const about = await cost(`${SITE}/about`);
  expect(about.data.meta?.title).toBe('About from the API');
  expect(about.data.social?.og.title).toBe('About og from the API');
  expect(about.requests).toBe(6);
  // The CMS's form is now known and asked first: one round (schemas, meta, social), as an exact match.
  const first = await cost(`${SITE}/blog/first`);
  expect(first.data.schemas.map((r) => r.schema_name)).toEqual(['First post']);
  expect(first.requests).toBe(3);
  expect((await cost(`${SITE}/blog/first/`)).requests).toBe(3);
  // Stored without the slash against the habit: still found, in a second round.
  const second = await cost(`${SITE}/blog/second/`);
  expect(second.data.schemas.map((r) => r.schema_name)).toEqual(['Second post']);
  expect(second.requests).toBe(6);
  const contact = await read(`${SITE}/contact/`);
  expect(contact.meta?.title).toBe('Contact from the API');
  // A page the CMS knows nothing of: empty, after asking both forms.
  expect(await read(`${SITE}/nowhere/`)).toEqual({
    schemas: [],
    meta: expect.anything(),
    social: expect.anything(),
  });
});
