// `pull` reads a big CMS as the build reads its index: once the first page of a list gives the count, the other
// pages are asked side by side. A proxy holds them back and counts how many are waiting at once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { SeedFile } from '../../src/server/index.ts';
import { startApiProxy } from '../integration/support/api-proxy.ts';
import { admin, as, cliHarness, jsonLd } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'pull-concurrency-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const seed: SeedFile = {
  schemas: Array.from({ length: 450 }, (_, index) => ({
    url: `https://example.com/p/${index}/`,
    schema_data: jsonLd('Article', { headline: `Post ${index}` }),
  })),
};

test('the pages after the first are asked side by side, and every record arrives once', async () => {
  const api = await startApi({ seed });
  const proxy = await startApiProxy(api);
  try {
    // Pages 2 to 5 of /schemas: held until all four are waiting, which one page at a time never reaches.
    const later = proxy.hold((path) => /\/schemas\?/.test(path) && /[?&]page=[2-5]\b/.test(path));
    const pulled = cli(['pull', '--out', 'all.json'], as(admin, `${proxy.url}${new URL(api).pathname}`));
    for (let waited = 0; later.held() < 4 && waited < 100; waited++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(later.held()).toBe(4);
    later.release();
    const run = await pulled;
    expect(run.code, run.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as {
      schemas: Array<{ url: string }>;
    };
    expect(new Set(file.schemas.map((schema) => schema.url)).size).toBe(450);
  } finally {
    await proxy.close();
  }
});
