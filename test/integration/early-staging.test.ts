// Pages staged while Astro renders (build.concurrency 1, on the staging thread) and pages staged by the pass
// after rendering (build.concurrency 2, where nothing is staged early) must come out byte for byte the same,
// with the same report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild, listFiles } from './support/build-fixture.ts';

let api: RunningApi;
let early: FixtureBuild;
let late: FixtureBuild;

beforeAll(async () => {
  api = await startApi(basicSeed());
  const options = { report: 'report.json' };
  early = await buildFixture({ fixture: 'site-basic', options, env: api.env });
  late = await buildFixture({
    fixture: 'site-basic',
    options,
    astro: { build: { concurrency: 2 } },
    env: api.env,
  });
  for (const build of [early, late])
    if (build.exitCode !== 0) throw new Error(`astro build failed:\n${build.log}`);
}, 120_000);

afterAll(async () => {
  early?.remove();
  late?.remove();
  await api?.close();
});

test('only the build that renders one page at a time stages pages early', () => {
  expect(early.log).toMatch(/\d+ pages? planned and staged while Astro rendered\./);
  expect(late.log).not.toContain('staged while Astro rendered');
});

test('both write the same bytes to every file, and the same report', () => {
  const files = (build: FixtureBuild) => listFiles(join(build.root, 'dist')).sort();
  expect(files(early)).toEqual(files(late));
  for (const file of files(early)) {
    expect(
      readFileSync(join(early.root, 'dist', file)).equals(readFileSync(join(late.root, 'dist', file))),
      file,
    ).toBe(true);
  }
  const report = (build: FixtureBuild) => {
    const { durationMs: _, ...rest } = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
    return rest;
  };
  expect(report(early)).toEqual(report(late));
});
