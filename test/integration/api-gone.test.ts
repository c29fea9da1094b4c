// An API that goes away in the middle of a per-page build: the build stops asking once a few pages in a row
// found it gone (each after its retries), fails naming the cause, and changes no page, instead of waiting out
// every remaining page's retries (minutes at 1,000 pages; hours when the API never answers).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { type RunningApi, startApi } from './support/api.ts';
import { fixtureEnv, listFiles, runAstro } from './support/build-fixture.ts';
import { manyPagesSeed, prepareManyPages } from './support/many-pages.ts';

const PAGES = 300;
// The API goes when about a third of the pages have been asked.
const GONE_AFTER_REQUESTS = 300;
let api: RunningApi;
let proxy: FaultProxy;
let root: string;
let build: { code: number; output: string };
let requestsAfter = 0;

beforeAll(async () => {
  api = await startApi(manyPagesSeed(PAGES));
  proxy = await startFaultProxy(api.baseUrl, { rate: 0, seed: 'none' });
  root = prepareManyPages(PAGES, { options: { strategy: 'per-page', report: 'report.json' } });
  let goneAt: number | null = null;
  const watch = setInterval(() => {
    if (goneAt === null && proxy.counts().requests >= GONE_AFTER_REQUESTS) {
      goneAt = proxy.counts().requests;
      proxy.dropAll();
    }
  }, 5);
  build = await runAstro(
    root,
    ['build'],
    fixtureEnv({ fixture: 'site-basic', env: { ...api.env, SCHEMA_MANAGER_API: proxy.url } }),
  ).finally(() => clearInterval(watch));
  if (goneAt === null)
    throw new Error(`the build made fewer than ${GONE_AFTER_REQUESTS} requests:\n${build.output}`);
  requestsAfter = proxy.counts().requests - goneAt;
}, 240_000);

afterAll(async () => {
  if (root) rmSync(root, { recursive: true, force: true });
  await proxy?.close();
  await api?.close();
});

test('the build fails, naming the API that cannot be reached and the pages left without data', () => {
  expect(build.code).not.toBe(0);
  expect(build.output).toMatch(/The API at http:\/\/127\.0\.0\.1:\d+\S* cannot be reached/);
  expect(build.output).toMatch(/The API could not answer for \d+ pages/);
});

test('once a few pages in a row found the API gone, the rest were not asked', () => {
  // About 200 pages were left; asking each (3 reads, 4 attempts each) would be over 2,000 requests. Only the
  // pages already under way when it went are tried again.
  const leftAtMost = PAGES + 6 - GONE_AFTER_REQUESTS / 3;
  expect(requestsAfter).toBeGreaterThan(0);
  expect(requestsAfter).toBeLessThan(leftAtMost * 3);
});

test('no page changed and no temporary file is left', () => {
  expect(listFiles(join(root, 'dist')).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  expect(build.output).not.toMatch(/\d+ pages: \d+ rewritten/);
});
