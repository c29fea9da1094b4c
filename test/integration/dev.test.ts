// `astro dev`: the middleware gives each page the head the build would, as it is served.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { freePort } from '../support/loopback.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { astroBin, fixtureEnv, prepareFixture } from './support/build-fixture.ts';

let api: RunningApi;
let root: string;
let dev: ChildProcess;
let origin: string;

async function get(path: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
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
  api = await startApi(basicSeed());
  const options = { fixture: 'site-basic' as const, env: api.env };
  root = prepareFixture(options);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dev = spawn(
    process.execPath,
    [astroBin, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
    {
      env: fixtureEnv(options),
      stdio: 'ignore',
    },
  );
});

afterAll(async () => {
  dev?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
  await api?.close();
});

test('astro dev serves each page with its schemas and meta from the API', async () => {
  const seed = basicSeed();
  const post = readHeadTags(await get('/blog/first/'));
  expect(post.jsonLd.map((text) => JSON.parse(text))).toEqual([seed.schemas?.[1]?.schema_data]);
  expect(post.values.title).toEqual(['First post from the API']);

  const about = readHeadTags(await get('/about/'));
  expect(about.values.title).toEqual(['About from the API']);
  expect(about.values['link:canonical']).toEqual(['https://www.example.com/about/']);
  expect(about.charsetFirst).toBe(true);
});
