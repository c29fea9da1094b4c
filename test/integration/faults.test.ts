// A 300-page build, page by page, through a proxy that fails 20% of the requests: every page must come out
// right, and no page in dist/ may be half-written.

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { ADMIN, type RunningApi, startApi } from './support/api.ts';
import { fixtureEnv, listFiles, runAstro } from './support/build-fixture.ts';
import { headOf, manyPagesSeed, prepareManyPages } from './support/many-pages.ts';

const PAGES = 300;
let api: RunningApi;
let proxy: FaultProxy;
let root: string;
let build: { code: number; output: string };

beforeAll(async () => {
  api = await startApi(manyPagesSeed(PAGES));
  proxy = await startFaultProxy(api.baseUrl, { rate: 0.2, seed: 'faults-1' });
  // At 20% faults, 16% of attempts fail outright: five retries leave about one read in 60,000 unanswered,
  // where the default three would leave about one page in 500 (the seed fixes which requests fail).
  root = prepareManyPages(PAGES, { options: { strategy: 'per-page', retries: 5, report: 'report.json' } });
  build = await runAstro(
    root,
    ['build'],
    fixtureEnv({ fixture: 'site-basic', env: { ...api.env, SCHEMA_MANAGER_API: proxy.url } }),
  );
}, 240_000);

afterAll(async () => {
  if (root) rmSync(root, { recursive: true, force: true });
  await proxy?.close();
  await api?.close();
});

test('every page gets its own schemas, meta and social tags despite the faults', () => {
  expect(build.code, build.output.slice(-3000)).toBe(0);
  for (let n = 0; n < PAGES; n++) {
    const head = headOf(join(root, 'dist'), n);
    expect(head.headline, `p/${n}`).toBe(`Headline ${n}`);
    expect(head.title, `p/${n}`).toEqual([`Title ${n} from the API`]);
    expect(head.ogTitle, `p/${n}`).toEqual([`Og ${n}`]);
  }
});

test('the faults happened, each kind many times, and some requests failed more than once in a row', () => {
  const { requests, faults } = proxy.counts();
  // 306 pages x 3 reads, plus the probe and the retries.
  expect(requests).toBeGreaterThan(PAGES * 3);
  for (const [kind, count] of Object.entries(faults)) expect(count, kind).toBeGreaterThanOrEqual(20);
  expect(proxy.longestFailureRun()).toBeGreaterThanOrEqual(2);
});

test('no page is half-written and no temporary file is left in dist/', () => {
  const files = listFiles(join(root, 'dist'));
  expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
  for (let n = 0; n < PAGES; n++) expect(headOf(join(root, 'dist'), n).html.trimEnd()).toMatch(/<\/html>$/);
});

test('the summary counts every page, and the log never shows the credentials', () => {
  // The 300 generated pages and the fixture's own six.
  expect(build.output).toMatch(/306 pages: \d+ rewritten/);
  const basic = Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64');
  for (const secret of [ADMIN.password, basic]) expect(build.output).not.toContain(secret);
});
