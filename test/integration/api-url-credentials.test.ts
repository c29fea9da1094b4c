// Attack: with `api: 'http://user:pass@…'` (or the same in SCHEMA_MANAGER_API) the password was written into
// dist/server/virtual_astro_middleware.mjs, and `astro dev` served it at /@id/__x00__virtual:astro-schema-manager/config.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { OptionsError, resolveOptions } from '../../src/integration/options.ts';
import { freePort } from '../support/loopback.ts';
import { ADMIN, type RunningApi, SITE, startApi } from './support/api.ts';
import {
  astroBin,
  buildFixture,
  type FixtureBuild,
  fixtureEnv,
  listFiles,
  prepareFixture,
} from './support/build-fixture.ts';

const encoded = encodeURIComponent(ADMIN.password);
const secrets = [
  ADMIN.password,
  encoded,
  `${ADMIN.name}:${ADMIN.password}`,
  `${ADMIN.name}:${encoded}`,
  Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64'),
];
const expectClean = (text: string, where: string) => {
  for (const secret of secrets) expect(text.includes(secret), `${where} holds a credential`).toBe(false);
};
const withCredentials = (baseUrl: string) => baseUrl.replace('http://', `http://${ADMIN.name}:${encoded}@`);

let api: RunningApi;
const children: ChildProcess[] = [];

async function get(url: string): Promise<{ status: number; text: string }> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(url);
      return { status: response.status, text: await response.text() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer from ${url}`);
}

beforeAll(async () => {
  const schema = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });
  api = await startApi({
    schemas: [
      { url: `${SITE}/`, schema_type: 'WebPage', schema_name: 'home', schema_data: schema('Home') },
      { url: `${SITE}/live`, schema_type: 'WebPage', schema_name: 'live', schema_data: schema('Live') },
    ],
    // /meta needs manage_options: a title from it shows the credentials were used.
    meta: [
      { url: `${SITE}/`, title: 'Home title only an admin can read' },
      { url: `${SITE}/live`, title: 'Live title only an admin can read' },
    ],
  });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await api?.close();
});

test('user:password@ in api is split off at start-up, and the refusals never repeat it', () => {
  const resolved = resolveOptions({ api: withCredentials(api.baseUrl) }, {});
  expect(resolved).toMatchObject({ api: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  const fromEnv = resolveOptions({}, { SCHEMA_MANAGER_API: withCredentials(api.baseUrl) });
  expect(fromEnv).toMatchObject({ api: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  for (const [input, env] of [
    [{ api: withCredentials(api.baseUrl), username: 'other', password: 'x' }, {}],
    [{}, { SCHEMA_MANAGER_API: api.baseUrl.replace('http://', `http://${ADMIN.name}:%E0%A4%A@`) }],
    [{}, { SCHEMA_MANAGER_API: `ftp://${ADMIN.name}:${encoded}@cms.test/` }],
  ] as const) {
    let error: unknown;
    try {
      resolveOptions(input, env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OptionsError);
    expectClean(`${(error as Error).message}\n${(error as Error).stack}`, 'the options error');
  }
});

const OTHER_API = 'https://ci:other-secret@cms.elsewhere.example/wp-json/schemafy/v1';

describe('a server build with credentials in api', () => {
  let build: FixtureBuild;
  beforeAll(async () => {
    build = await buildFixture({
      fixture: 'site-server',
      preamble: "import node from '@astrojs/node';",
      astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
      options: { api: withCredentials(api.baseUrl), validate: 'warn', report: 'schema-report.json' },
      // A CI variable naming another API, which the api option sets aside: said, without its credentials.
      env: { SCHEMA_MANAGER_API: OTHER_API },
    });
    if (build.exitCode !== 0) throw new Error(build.log);
  }, 180_000);
  afterAll(() => build?.remove());

  test('the build uses them, and neither dist/, the log nor the report holds them', () => {
    expect(readHeadTags(build.read('index.html')).values.title).toEqual([
      'Home title only an admin can read',
    ]);
    const files = listFiles(join(build.root, 'dist'));
    expect(files.some((file) => file.startsWith('server/'))).toBe(true);
    for (const file of files) expectClean(readFileSync(join(build.root, 'dist', file), 'latin1'), file);
    expectClean(build.log, 'the build log');
    expectClean(readFileSync(join(build.root, 'schema-report.json'), 'utf8'), 'the report');
  });

  test('a SCHEMA_MANAGER_API the api option sets aside is named in the log, without its credentials', () => {
    expect(build.log).toContain(
      `SCHEMA_MANAGER_API is set to https://cms.elsewhere.example/wp-json/schemafy/v1 and not used: the api option in astro.config names ${api.baseUrl}, which wins.`,
    );
    expect(build.log).not.toContain('other-secret');
  });

  test('the built server reads them from SCHEMA_MANAGER_API in its own environment', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [join(build.root, 'dist/server/entry.mjs')], {
      env: {
        ...fixtureEnv({ fixture: 'site-server' }),
        HOST: '127.0.0.1',
        PORT: String(port),
        SCHEMA_MANAGER_API: withCredentials(api.baseUrl),
      },
      stdio: 'ignore',
    });
    children.push(server);
    const page = await get(`http://127.0.0.1:${port}/live`);
    expect(readHeadTags(page.text).values.title).toEqual(['Live title only an admin can read']);
    server.kill('SIGTERM');
  }, 60_000);
});

test('astro dev with credentials in SCHEMA_MANAGER_API serves neither them nor a module holding them', async () => {
  const options = {
    fixture: 'site-server' as const,
    env: { SCHEMA_MANAGER_API: withCredentials(api.baseUrl) },
  };
  const root = prepareFixture(options);
  try {
    const port = await freePort();
    const dev = spawn(
      process.execPath,
      [astroBin, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
      { cwd: root, env: fixtureEnv(options), stdio: 'ignore' },
    );
    children.push(dev);
    const origin = `http://127.0.0.1:${port}`;
    const page = await get(`${origin}/live`);
    expect(readHeadTags(page.text).values.title).toEqual(['Live title only an admin can read']);
    expectClean(page.text, 'the page');
    const module = await get(`${origin}/@id/__x00__virtual:astro-schema-manager/config`);
    expect(module.status).toBe(200);
    expect(module.text).toContain(api.baseUrl);
    expectClean(module.text, 'the virtual module');
    dev.kill('SIGTERM');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}, 120_000);
