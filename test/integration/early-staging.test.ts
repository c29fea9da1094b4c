// Pages staged while Astro renders (build.concurrency 1, on the staging thread) and pages staged by the pass
// after rendering (build.concurrency 2, where nothing is staged early) must come out byte for byte the same,
// with the same report; and so must pages asked page by page as Astro renders them (strategy per-page, counted
// at a proxy: no request is made twice).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild, listFiles } from './support/build-fixture.ts';

let api: RunningApi;
let early: FixtureBuild;
let late: FixtureBuild;
let proxy: FaultProxy;
const perPage: Array<{ build: FixtureBuild; requests: number; repeated: string[] }> = [];

beforeAll(async () => {
  api = await startApi(basicSeed());
  proxy = await startFaultProxy(api.baseUrl, { rate: 0, seed: 'none' });
  const options = { report: 'report.json' };
  early = await buildFixture({ fixture: 'site-basic', options, env: api.env });
  late = await buildFixture({
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
  for (const build of [early, late, ...perPage.map((run) => run.build)])
    if (build.exitCode !== 0) throw new Error(`astro build failed:\n${build.log}`);
}, 180_000);

afterAll(async () => {
  early?.remove();
  late?.remove();
  for (const run of perPage) run.build.remove();
  await proxy?.close();
  await api?.close();
});

test('only the build that renders one page at a time stages pages early', () => {
  expect(early.log).toMatch(/\d+ pages? planned and staged as Astro rendered them\./);
  expect(late.log).not.toContain('staged as Astro rendered them');
});

test('the log says the pass reads from the API only when it does: not for pages the early index or read-ahead answered', () => {
  for (const build of [early, late, ...perPage.map((run) => run.build)])
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

test('both write the same bytes to every file, and the same report', () => {
  expectSameFiles(early, late);
  expect(report(early)).toEqual(report(late));
});

test('page by page, pages are asked as Astro renders them, each once, and staged early one at a time', () => {
  const [one, two] = perPage as [(typeof perPage)[0], (typeof perPage)[0]];
  for (const run of [one, two]) {
    expect(run.build.log).toMatch(/\d+ pages asked of the API as Astro rendered them\./);
    expect(run.repeated).toEqual([]);
    expect(report(run.build).strategy).toBe('per-page');
  }
  expect(one.build.log).toMatch(/\d+ pages planned and staged as Astro rendered them\./);
  expect(two.build.log).not.toContain('staged as Astro rendered them');
});

test('page by page, early or late, the pages are byte for byte those the index gives', () => {
  for (const run of perPage) expectSameFiles(early, run.build);
  // Requests may differ: which trailing slash the CMS uses is learnt from the first answers, in whatever
  // order they arrive.
  const [one, two] = perPage as [(typeof perPage)[0], (typeof perPage)[0]];
  const { requests: _, ...rest } = report(one.build);
  expect(report(two.build)).toEqual({ ...rest, requests: expect.any(Number) });
});
