// `astro dev`: the middleware gives each page the head the build would, as it is served.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
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
