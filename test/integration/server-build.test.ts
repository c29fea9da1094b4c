// A server build: prerendered pages are rewritten on disk, on-demand pages at request time by the built
// server, with credentials read from its environment and never from the bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { ADMIN, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild, listFiles } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';

let api: RunningApi;
let build: FixtureBuild;
let server: BuiltServer | undefined;

const schema = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });

beforeAll(async () => {
  api = await startApi({
    schemas: [
      {
        url: `${SITE}/`,
        schema_type: 'WebPage',
        schema_name: 'home',
        schema_data: schema('Prerendered home'),
      },
      {
        url: `${SITE}/live`,
        schema_type: 'WebPage',
        schema_name: 'live',
        schema_data: schema('Rendered on demand'),
      },
    ],
    meta: [{ url: `${SITE}/live`, title: 'Live title from the API', description: 'Live description' }],
  });
  build = await buildFixture({
    fixture: 'site-server',
    preamble: "import node from '@astrojs/node';",
    astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
    options: { validate: 'warn' },
    env: api.env,
  });
  if (build.exitCode !== 0) throw new Error(build.log);
});

afterAll(async () => {
  server?.stop();
  build?.remove();
  await api?.close();
});

test('only the prerendered HTML is rewritten on disk', () => {
  expect(build.outDir.endsWith('dist/client')).toBe(true);
  const head = readHeadTags(build.read('index.html'));
  expect(head.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Prerendered home']);
  expect(build.exists('live/index.html')).toBe(false);
});

test('the built server adds head data to on-demand pages at request time', async () => {
  server = await startBuiltServer(build.root, '/live');
  const html = await (await fetch(`${server.origin}/live`)).text();
  const head = readHeadTags(html);
  expect(head.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Rendered on demand']);
  expect(head.values.title).toEqual(['Live title from the API']);
  expect(head.values['meta:description']).toEqual(['Live description']);
  // Served with a trailing slash, stored without one: the same data.
  const slashed = readHeadTags(await (await fetch(`${server.origin}/live/`)).text());
  expect(slashed.jsonLd.map((text) => JSON.parse(text).name)).toEqual(['Rendered on demand']);
  expect(slashed.values.title).toEqual(['Live title from the API']);
});

test('no credential is baked into the server bundle', () => {
  const secrets = [ADMIN.password, Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')];
  for (const file of listFiles(join(build.root, 'dist'))) {
    const content = readFileSync(join(build.root, 'dist', file), 'latin1');
    for (const secret of secrets) expect(content.includes(secret), file).toBe(false);
  }
});
