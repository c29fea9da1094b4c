// View transitions in `astro dev`, where the middleware writes every page's head as it is served: a real
// Chromium navigates client-side between the routed site's pages, back and forward, and each time the head must
// be the one a full load of the page reached gives.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { type RunningApi, startApi } from './support/api.ts';
import {
  navigationTests,
  openTabs,
  ROUTED_SEED,
  ROUTED_SITE,
  type Tabs,
} from './support/client-router-site.ts';
import { type DevFixture, startDevFixture } from './support/dev-fixture.ts';

let api: RunningApi;
let dev: DevFixture;
let browser: Browser;
let tabs: Tabs;

beforeAll(async () => {
  api = await startApi(ROUTED_SEED);
  dev = await startDevFixture({ ...ROUTED_SITE, env: api.env });
  await dev.get('/s/a/');
  browser = await launchChromium();
  tabs = await openTabs(browser);
});

afterAll(async () => {
  await browser?.close();
  dev?.stop();
  await api?.close();
});

navigationTests(
  'astro dev',
  () => dev.origin,
  () => tabs,
  { prerendered: true, onDemand: true },
);
