// `api` given as the CMS's bare address: the build finds the REST root from the home page once (the probe
// does), and its own client starts from what the probe found. On WordPress the home page is a full render.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { type ApiProxy, startApiProxy } from './support/api-proxy.ts';
import { buildFixture } from './support/build-fixture.ts';

let api: RunningApi;
let proxy: ApiProxy;
beforeAll(async () => {
  api = await startApi(basicSeed());
  proxy = await startApiProxy(api.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

test('a build given the bare address asks the home page once, and writes the heads', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    env: { ...api.env, SCHEMA_MANAGER_API: proxy.url },
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(proxy.requests.filter((path) => path === '/')).toHaveLength(1);
    expect(readHeadTags(build.read('about/index.html')).jsonLd.length).toBeGreaterThan(0);
  } finally {
    build.remove();
  }
});
