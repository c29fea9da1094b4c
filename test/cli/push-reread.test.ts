// After its writes, push reads the API again to check each was kept: the pages written to, one request each,
// while that is fewer requests than every list again; the lists when the writes are many. A proxy counts them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { SeedFile } from '../../src/server/index.ts';
import { startApiProxy } from '../integration/support/api-proxy.ts';
import { admin, as, cliHarness, jsonLd, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'push-reread-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

// 300 pages, each with a schema, meta and social: three pages of 100 in each list.
const PAGES = 300;
const url = (index: number) => `https://example.com/p/${index}/`;
const seed: SeedFile = {
  schemas: Array.from({ length: PAGES }, (_, index) => ({
    url: url(index),
    schema_data: jsonLd('Article', { headline: `Post ${index}` }),
  })),
  meta: Array.from({ length: PAGES }, (_, index) => ({ url: url(index), title: `Post ${index}` })),
  social: Array.from({ length: PAGES }, (_, index) => ({ url: url(index), og: { title: `Post ${index}` } })),
};

interface PullFile {
  schemas: Array<{ url: string; schema_data: { headline: string } }>;
  meta: Array<{ url: string; title: string }>;
  social: Array<{ url: string; og: { title: string } }>;
}

/** Pulls the whole API, edits the pull file, pushes it through a counting proxy: the requests by kind. */
async function pushEdited(edit: (file: PullFile) => void) {
  const api = await startApi({ seed });
  const proxy = await startApiProxy(api);
  try {
    const env = as(admin, `${proxy.url}${new URL(api).pathname}`);
    expect((await cli(['pull', '--out', 'all.json'], env)).code).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as PullFile;
    edit(file);
    writeFileSync(join(dir, 'all.json'), JSON.stringify(file));
    proxy.requests.length = 0;
    const pushed = await cli(['push', 'all.json'], env);
    const reads = proxy.requests.filter((path) => /\/(schemas|meta|social)\?/.test(path));
    return {
      pushed,
      api,
      lists: reads.filter((path) => !/[?&]url=/.test(path)).length,
      byUrl: reads.filter((path) => /[?&]url=/.test(path)),
    };
  } finally {
    await proxy.close();
  }
}

test('one schema and one meta entry changed: the check reads those two pages, not the 9 list pages again', async () => {
  let page = '';
  const { pushed, api, lists, byUrl } = await pushEdited((file) => {
    page = file.schemas[7]!.url;
    file.schemas[7]!.schema_data.headline = 'Post 7, edited';
    file.meta.find((entry) => entry.url === page)!.title = 'Post 7, edited';
  });
  expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0);
  // 3 pages of each list for the plan, and nothing more.
  expect(lists).toBe(9);
  expect(byUrl.map((path) => decodeURIComponent(path.replace(/^.*\/(\w+)\?/, '$1 ')))).toEqual([
    `schemas url=${page}&per_page=100&page=1`,
    `meta url=${page}`,
  ]);
  const records = await readBack(api);
  expect(records.find((record) => record.url === page)?.data).toMatchObject({ headline: 'Post 7, edited' });
});

test('writes on many pages: the lists are read again, fewer requests than a page at a time', async () => {
  const { pushed, lists, byUrl } = await pushEdited((file) => {
    for (const index of [1, 2, 3, 4, 5]) {
      file.schemas[index]!.schema_data.headline = `Post ${index}, edited`;
      file.social[index]!.og.title = `Post ${index}, edited`;
    }
  });
  expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0);
  // 10 pages a request each would be more than the 9 list pages.
  expect(lists).toBe(18);
  expect(byUrl).toEqual([]);
});
