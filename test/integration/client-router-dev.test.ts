// View transitions in `astro dev`, where the middleware writes every page's head as it is served: a real
// Chromium navigates client-side between the routed site's pages, back and forward, and each time the head must
// be the one a full load of the page reached gives.
import { afterAll, beforeAll } from 'vitest';
import { type RunningApi, startApi } from './support/api.ts';
import { navigationTests, ROUTED_SEED, ROUTED_SITE, useTabs } from './support/client-router-site.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

let api: RunningApi;
let dev: DevFixture;
const tabs = useTabs();

beforeAll(async () => {
  api = await startApi(ROUTED_SEED);
  dev = await startDevFixture({ ...ROUTED_SITE, env: api.env });
  await dev.get('/s/a/');
});

afterAll(async () => {
  dev?.stop();
  await api?.close();
});

navigationTests('astro dev', () => dev.origin, tabs, { prerendered: true, onDemand: true });
