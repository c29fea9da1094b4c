// Pages staged as Astro renders them, one page at a time (build.concurrency 1) or several (2: a page is taken
// once as many pages have started after it), must come out byte for byte the same, with the same report; and
// so must pages asked page by page as Astro renders them (strategy per-page, counted at a proxy: no request is
// made twice), and pages rendered before the index was in. That the staging thread and the pass stage a page
// alike is in staging-thread.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { type LoopbackServer, startServer } from '../support/loopback.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { type ApiProxy, startApiProxy } from './support/api-proxy.ts';
import { buildFixture, type FixtureBuild, listFiles } from './support/build-fixture.ts';

let api: RunningApi;
let early: FixtureBuild;
let twoAtATime: FixtureBuild;
let proxy: FaultProxy;
const perPage: Array<{ build: FixtureBuild; requests: number; repeated: string[] }> = [];
let slowIndex: { build: FixtureBuild; heldWhileRendering: number };
let slowProxy: ApiProxy;
let renderSignal: LoopbackServer;

// A page that tells the test it is being rendered: the index is let through a second later.
const SIGNAL_PAGE = `---
await fetch(process.env.RENDER_SIGNAL_URL);
---
<html><head><title>Rendering, with the index held back</title><meta name="description" content="A page of the test's own." /></head><body>Rendering.</body></html>
`;

beforeAll(async () => {
  api = await startApi(basicSeed());
  proxy = await startFaultProxy(api.baseUrl, { rate: 0, seed: 'none' });
  const options = { report: 'report.json' };
  early = await buildFixture({ fixture: 'site-basic', options, env: api.env });
  twoAtATime = await buildFixture({
    fixture: 'site-basic',
    options,
    astro: { build: { concurrency: 2 } },
    env: api.env,
  });
  for (const concurrency of [1, 2]) {
    proxy.reset();
    const build = await buildFixture({
      fixture: 'site-basic',
      options: { ...options, strategy: 'per-page' },
      astro: { build: { concurrency } },
      env: { ...api.env, SCHEMA_MANAGER_API: proxy.url },
    });
    perPage.push({ build, requests: proxy.counts().requests, repeated: proxy.repeated() });
  }
  // The index's list pages (per_page=100; the probe asks per_page=1) are held until a page is rendering.
  slowProxy = await startApiProxy(api.baseUrl);
  const index = slowProxy.hold((path) => /[?&]per_page=100(?:&|$)/.test(path));
  let heldWhileRendering = 0;
  const letThrough = setTimeout(() => index.release(), 30_000);
  renderSignal = await startServer((_req, res) => {
    heldWhileRendering = Math.max(heldWhileRendering, index.held());
    res.end('ok');
    setTimeout(() => index.release(), 1_000);
  });
  const slow = await buildFixture({
    fixture: 'site-basic',
    options,
    env: {
      ...api.env,
      SCHEMA_MANAGER_API: `${slowProxy.url}${new URL(api.baseUrl).pathname}`,
      RENDER_SIGNAL_URL: renderSignal.url,
    },
    files: { 'src/pages/rendering.astro': SIGNAL_PAGE },
  });
  clearTimeout(letThrough);
  slowIndex = { build: slow, heldWhileRendering };
  for (const build of [early, twoAtATime, ...perPage.map((run) => run.build), slow])
    if (build.exitCode !== 0) throw new Error(`astro build failed:\n${build.log}`);
}, 240_000);

afterAll(async () => {
  early?.remove();
  twoAtATime?.remove();
  for (const run of perPage) run.build.remove();
  slowIndex?.build.remove();
  await renderSignal?.close();
  await slowProxy?.close();
  await proxy?.close();
  await api?.close();
});

test('pages are staged as Astro renders them, one page at a time or several', () => {
  expect(early.log).toContain('6 pages planned and staged as Astro rendered them.');
  expect(twoAtATime.log).toContain('6 pages planned and staged as Astro rendered them.');
});

test('the log says the pass reads from the API only when it does: not for pages the early index or read-ahead answered', () => {
  for (const build of [early, twoAtATime, ...perPage.map((run) => run.build)])
    expect(build.log).not.toContain('Reading schemas, meta and social tags');
});

const files = (build: FixtureBuild) => listFiles(join(build.root, 'dist')).sort();
const report = (build: FixtureBuild) => {
  const { durationMs: _, ...rest } = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
  return rest;
};
function expectSameFiles(one: FixtureBuild, other: FixtureBuild): void {
  expect(files(other)).toEqual(files(one));
  for (const file of files(one)) {
    expect(
      readFileSync(join(one.root, 'dist', file)).equals(readFileSync(join(other.root, 'dist', file))),
      file,
    ).toBe(true);
  }
}

test('one or two at a time, they write the same bytes to every file, and the same report', () => {
  expectSameFiles(early, twoAtATime);
  expect(report(early)).toEqual(report(twoAtATime));
});

test('page by page, pages are asked as Astro renders them, each once, and staged as it renders them', () => {
  const [one, two] = perPage as [(typeof perPage)[0], (typeof perPage)[0]];
  for (const run of [one, two]) {
    expect(run.build.log).toMatch(/\d+ pages asked of the API as Astro rendered them\./);
    expect(run.build.log).toContain('6 pages planned and staged as Astro rendered them.');
    expect(run.repeated).toEqual([]);
    expect(report(run.build).strategy).toBe('per-page');
  }
});

test('page by page, one or two at a time, the pages are byte for byte those the index gives', () => {
  for (const run of perPage) expectSameFiles(early, run.build);
  // Requests may differ: which trailing slash the CMS uses is learnt from the first answers, in whatever
  // order they arrive.
  const [one, two] = perPage as [(typeof perPage)[0], (typeof perPage)[0]];
  const { requests: _, ...rest } = report(one.build);
  expect(report(two.build)).toEqual({ ...rest, requests: expect.any(Number) });
});

test('pages rendered before the index was in are staged once it is, not left to the pass', () => {
  const { build, heldWhileRendering } = slowIndex;
  // The index's requests were still held while a page rendered: rendering began before the index was in.
  expect(heldWhileRendering).toBeGreaterThan(0);
  // Every page, the test's own too, and the last one rendered, once rendering had ended.
  expect(build.log).toContain('7 pages planned and staged as Astro rendered them.');
  expect(build.log).not.toContain('Reading schemas, meta and social tags');
  for (const file of files(early))
    expect(
      readFileSync(join(build.root, 'dist', file)).equals(readFileSync(join(early.root, 'dist', file))),
      file,
    ).toBe(true);
});
