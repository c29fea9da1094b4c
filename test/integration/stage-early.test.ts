// The early stager takes a page once as many pages as Astro renders at a time have started after it, looks
// again at the end for a page that was not on disk when its turn came, and stages the last ones when rendering
// has ended. Real files and the real staging thread; Astro's side is played by calling rendering().
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { resolveOptions } from '../../src/integration/options.ts';
import { planContextFor } from '../../src/integration/page-context.ts';
import type { SiteLayout } from '../../src/integration/pages.ts';
import type { HeadIndex } from '../../src/integration/read-index.ts';
import { type EarlyStager, earlyStager } from '../../src/integration/stage-early.ts';
import { urlIdentity } from '../../src/url-forms.ts';

const SITE = 'https://www.example.com';
const layout: SiteLayout = {
  site: SITE,
  base: '/',
  format: 'directory',
  trailingSlash: 'ignore',
  fallbackType: null,
};
let dir: string;
let early: EarlyStager | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'asm-stage-early-'));
});
afterEach(async () => {
  await early?.discard();
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string) => {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(
    join(dir, name, 'index.html'),
    `<html><head><title>${name}</title></head><body></body></html>`,
  );
};
const stagedBeside = (name: string) =>
  existsSync(join(dir, name)) && readdirSync(join(dir, name)).some((file) => file.endsWith('.tmp'));

function indexOf(names: string[]): HeadIndex {
  const meta = new Map(
    names.map((name) => {
      const url = `${SITE}/${name}/`;
      const tags = {
        url,
        title: `${name} from the API`,
        description: null,
        robots: null,
        canonical: null,
        keywords: null,
      };
      return [urlIdentity(url), tags];
    }),
  );
  return { schemas: new Map(), meta, social: new Map() };
}

function stager(renderedAtOnce: number, index: HeadIndex): EarlyStager {
  const options = resolveOptions({ api: 'https://cms.example.com/wp-json/schemafy/v1' }, {});
  early = earlyStager({
    options,
    layout,
    routes: [],
    context: planContextFor(options, { site: SITE, trailingSlash: 'ignore' }),
    source: { index: Promise.resolve(index) },
    canReadTags: true,
    renderedAtOnce,
    outDirs: [dir],
    warn: (line) => {
      throw new Error(line);
    },
  });
  return early;
}

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

test('two pages at a time: a page is staged once two have started after it, not after one', async () => {
  const stages = stager(2, indexOf(['a', 'b', 'c']));
  await sleep(0);
  write('a');
  stages.rendering('/a/');
  stages.rendering('/b/');
  // One page after it: a may still be rendering next to b.
  await sleep(500);
  expect(stagedBeside('a')).toBe(false);
  write('b');
  stages.rendering('/c/');
  await until(() => stagedBeside('a'));
  expect(stagedBeside('b')).toBe(false);
  write('c');
  const pages = await stages.settle();
  expect([...pages.keys()].sort()).toEqual(['a/index.html', 'b/index.html', 'c/index.html']);
  for (const page of pages.values()) expect(page.plan.tags.some((tag) => tag.key === 'title')).toBe(true);
});

test('a page not on disk yet when its turn comes is staged once rendering has ended', async () => {
  const stages = stager(1, indexOf(['a', 'b', 'c']));
  await sleep(0);
  stages.rendering('/a/');
  // a's turn: not written yet (a render slower than the next one's, with more pages at a time).
  stages.rendering('/b/');
  write('b');
  stages.rendering('/c/');
  await until(() => stagedBeside('b'));
  write('a');
  write('c');
  const pages = await stages.settle();
  expect([...pages.keys()].sort()).toEqual(['a/index.html', 'b/index.html', 'c/index.html']);
  expect(pages.get('a/index.html')?.staged?.temporary).toMatch(/\.tmp$/);
});
