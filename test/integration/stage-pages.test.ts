// The pass's own staging (pages Astro restored, pages whose early staging failed): each page planned and
// written beside itself as its data comes in, nothing in place before commit(), all of it gone on discard().
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { resolveOptions } from '../../src/integration/options.ts';
import { planContextFor } from '../../src/integration/page-context.ts';
import type { PageData } from '../../src/integration/page-data.ts';
import type { BuiltPage } from '../../src/integration/pages.ts';
import { pageStager } from '../../src/integration/stage-pages.ts';
import type { WriteResult } from '../../src/integration/write-page.ts';

const SITE = 'https://www.example.com';
const OWN = '<html><head><title>Own</title></head><body><p>x</p></body></html>';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'asm-stage-pages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (path: string): BuiltPage => ({
  file: `${path}index.html`,
  url: `${SITE}/${path}`,
  pathname: `/${path.replace(/\/$/, '')}`,
});
const titled = (url: string, title: string): PageData => ({
  schemas: [],
  meta: { url, title, description: null, robots: null, canonical: null, keywords: null },
  social: null,
});
const filesIn = (sub: string) => readdirSync(join(dir, sub));

function stagerFor(pages: BuiltPage[]) {
  for (const built of pages) {
    mkdirSync(join(dir, built.file, '..'), { recursive: true });
    writeFileSync(join(dir, built.file), OWN);
  }
  const options = resolveOptions({ api: 'https://cms.example.com/wp-json/schemafy/v1' }, {});
  const cmsUrlOf = new Map(pages.map((built) => [built, built.url]));
  return pageStager(pages, cmsUrlOf, planContextFor(options, { site: SITE, trailingSlash: 'ignore' }), {
    outDir: dir,
    options,
    early: true,
  });
}

test('pages are staged beside themselves as their data comes in, and put in place only by commit()', async () => {
  const pages = [page('a/'), page('b/')];
  const stager = stagerFor(pages);
  for (const built of pages) stager.add(built.url, titled(built.url, `Title of ${built.url}`));
  await stager.settled();
  expect(stager.plans().map((plan) => plan.page.file)).toEqual(['a/index.html', 'b/index.html']);
  // Written beside each page, the page itself untouched.
  expect(filesIn('a').filter((name) => name.endsWith('.tmp'))).toHaveLength(1);
  expect(readFileSync(join(dir, 'a/index.html'), 'utf8')).toBe(OWN);

  const committed: Array<[string, WriteResult]> = [];
  await stager.commit((plan, written) => committed.push([plan.page.file, written]));
  expect(committed.map(([file]) => file).sort()).toEqual(['a/index.html', 'b/index.html']);
  for (const [file, written] of committed) {
    expect(written.changed).toBe(true);
    // What the audit reads is the page as it will ship.
    expect(written.facts?.title).toBe(`Title of ${SITE}/${file.replace('index.html', '')}`);
  }
  for (const built of pages) {
    const html = readFileSync(join(dir, built.file), 'utf8');
    expect(readHeadTags(html).values.title).toEqual([`Title of ${built.url}`]);
    expect(filesIn(built.file.replace('index.html', ''))).toEqual(['index.html']);
  }
});

test('discard() removes every staged file and leaves the pages as Astro wrote them', async () => {
  const pages = [page('a/'), page('b/')];
  const stager = stagerFor(pages);
  for (const built of pages) stager.add(built.url, titled(built.url, 'From the API'));
  await stager.settled();
  await stager.discard();
  for (const built of pages) {
    expect(readFileSync(join(dir, built.file), 'utf8')).toBe(OWN);
    expect(filesIn(built.file.replace('index.html', ''))).toEqual(['index.html']);
  }
});

test('a page whose data never came is neither planned nor written', async () => {
  const pages = [page('a/'), page('b/')];
  const stager = stagerFor(pages);
  stager.add(pages[0]?.url as string, titled(pages[0]?.url as string, 'From the API'));
  await stager.settled();
  const committed: string[] = [];
  await stager.commit((plan) => committed.push(plan.page.file));
  expect(committed).toEqual(['a/index.html']);
  expect(readFileSync(join(dir, 'b/index.html'), 'utf8')).toBe(OWN);
});
