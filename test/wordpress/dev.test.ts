// `astro dev` in front of a real WordPress: a page served at request time gets the record the CMS stored
// under the other trailing slash, as the build does.
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { readHeadTags } from '../../src/head/index.ts';
import { astroBin, fixtureEnv, prepareFixture } from '../integration/support/build-fixture.ts';
import { freePort } from '../support/loopback.ts';
import { apiFormOf, sites } from './sites.ts';

const site = sites.find((s) => s.kind === 'plain-no-rewrite') ?? sites[0]!;
const SECOND = 'https://www.example.com/blog/second';
let root: string;
let dev: ChildProcess;
let origin: string;

async function get(path: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(`${origin}${path}`);
      if (response.ok) return await response.text();
    } catch {
      // The dev server is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`astro dev did not answer ${path}`);
}

beforeAll(async () => {
  const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
  for await (const record of api.schemas.listAll({ url: SECOND })) await api.schemas.delete(record.id);
  await api.schemas.create({
    url: SECOND,
    schema_type: 'WebPage',
    schema_name: 'Second',
    schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Second post' },
  });
  await api.close();
  // Anonymous: the request-time pass reads page by page.
  const options = {
    fixture: 'site-basic' as const,
    env: { SCHEMA_MANAGER_API: apiFormOf[site.kind](site.origin) },
  };
  root = prepareFixture(options);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn(
    process.execPath,
    [astroBin, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
    {
      env: fixtureEnv(options),
      // DEV_LOG=<file> keeps the dev server's output (and <file>.err its warnings) when debugging.
      stdio: process.env.DEV_LOG
        ? ['ignore', openSync(process.env.DEV_LOG, 'w'), openSync(`${process.env.DEV_LOG}.err`, 'w')]
        : 'ignore',
    },
  );
});

afterAll(() => {
  dev?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

test('astro dev: a page stored without its trailing slash still gets its schema', async () => {
  const head = readHeadTags(await get('/blog/second/'));
  expect(head.jsonLd.map((text) => (JSON.parse(text) as { name: string }).name)).toEqual(['Second post']);
});
