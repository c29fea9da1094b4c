// `astro dev`: the middleware gives each page the head the build would, as it is served.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { startApiProxy } from './support/api-proxy.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

let api: RunningApi;
let dev: DevFixture;
const get = (path: string) => dev.get(path);

beforeAll(async () => {
  api = await startApi(basicSeed());
  dev = await startDevFixture({ fixture: 'site-basic', env: api.env });
});

afterAll(async () => {
  dev?.stop();
  await api?.close();
});

test('astro dev serves each page with its schemas and meta from the API', async () => {
  const seed = basicSeed();
  const post = readHeadTags(await get('/blog/first/'));
  expect(post.jsonLd.map((text) => JSON.parse(text))).toEqual([seed.schemas?.[1]?.schema_data]);
  expect(post.values.title).toEqual(['First post from the API']);

  const about = readHeadTags(await get('/about/'));
  expect(about.values.title).toEqual(['About from the API']);
  expect(about.values['link:canonical']).toEqual(['https://www.example.com/about/']);
  expect(about.charsetFirst).toBe(true);
});

test('astro dev without credentials says once what they leave out, as the build does', async () => {
  const anonymous = await startDevFixture({
    fixture: 'site-basic',
    env: { ...api.env, SCHEMA_MANAGER_USER: '', SCHEMA_MANAGER_PASSWORD: '' },
  });
  try {
    const post = readHeadTags(await anonymous.get('/blog/first/'));
    // Public /schemas-by-url still gives the JSON-LD; meta needs manage_options.
    expect(post.jsonLd).toHaveLength(1);
    await anonymous.get('/about/');
    expect(anonymous.log().match(/No credentials: only public schemas are read/g)).toHaveLength(1);
  } finally {
    anonymous.stop();
  }
});

test("astro dev asks the API's capabilities as it starts, not on the first view", async () => {
  const proxy = await startApiProxy(api.baseUrl);
  const apiPath = new URL(api.baseUrl).pathname;
  // The probe: the namespace's index and a one-record list (what the credentials may read).
  const probe = proxy.hold((path) => path === apiPath || path.includes('per_page=1'));
  const early = await startDevFixture({
    fixture: 'site-basic',
    env: { ...api.env, SCHEMA_MANAGER_API: `${proxy.url}${apiPath}` },
  });
  try {
    // No page is viewed: the server starting is what asks.
    for (let waited = 0; waited < 60_000 && probe.held() === 0; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probe.held(), 'probe requests held before any page was viewed').toBeGreaterThan(0);
    expect(proxy.requests.some((path) => path.includes('schemas-by-url'))).toBe(false);
    probe.release();
    // The first view then waits for its page's reads alone.
    const post = readHeadTags(await early.get('/blog/first/'));
    expect(post.values.title).toEqual(['First post from the API']);
    expect(post.jsonLd).toHaveLength(1);
  } finally {
    early.stop();
    await proxy.close();
  }
}, 120_000);
