// What is known before pages are rendered fails before they are, and commands that fetch nothing start
// without an API address.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../support/loopback.ts';
import { basicSeed, type RunningApi, startApi } from './support/api.ts';
import { astroBin, buildFixture, fixtureEnv, prepareFixture, runAstro } from './support/build-fixture.ts';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi(basicSeed());
});
afterAll(() => api?.close());

/** GETs a page from a starting server until it answers; the last error when it never does. */
async function waitForPage(url: string): Promise<string> {
  let last: unknown;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return await response.text();
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered: ${String(last)}`);
}

test('an API that accepts connections and never answers fails the build at its start, saying it waits', async () => {
  const sockets: Socket[] = [];
  const silent: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  try {
    const build = await buildFixture({
      fixture: 'site-basic',
      // A short per-request timeout keeps this test quick; the probe's own bound caps it either way.
      options: { timeoutMs: 1000 },
      env: { SCHEMA_MANAGER_API: `http://127.0.0.1:${port}/wp-json/schemafy/v1` },
    });
    try {
      expect(build.exitCode).not.toBe(0);
      expect(build.log).toContain('Waiting for the API at');
      expect(build.log).toContain('did not answer in time');
      expect(build.log).toContain('timeoutMs');
      expect(build.log).not.toContain('generating static routes');
      expect(build.log).not.toMatch(/^\s+at /m);
    } finally {
      build.remove();
    }
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test('credentials over plain http to another host stop astro at start-up, naming an option that exists', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    env: {
      SCHEMA_MANAGER_API: 'http://cms.example.com/wp-json/schemafy/v1',
      SCHEMA_MANAGER_USER: 'ed',
      SCHEMA_MANAGER_PASSWORD: 'secret words here',
    },
  });
  try {
    expect(build.exitCode).not.toBe(0);
    expect(build.log).toContain('astro:config:setup');
    expect(build.log).toContain('credentials would travel in clear text over plain http to cms.example.com');
    expect(build.log).toContain('allowInsecureAuth: true');
    expect(build.log).not.toContain('secret words here');
    expect(build.log).not.toMatch(/^\s+at /m);
  } finally {
    build.remove();
  }
});

test('astro sync and astro preview start without an API address; astro build asks for one', async () => {
  const root = prepareFixture({ fixture: 'site-basic' });
  try {
    const withoutApi = fixtureEnv({ fixture: 'site-basic' });
    const sync = await runAstro(root, ['sync'], withoutApi);
    expect(sync.code, sync.output).toBe(0);

    const build = await runAstro(root, ['build'], withoutApi);
    expect(build.code).not.toBe(0);
    expect(build.output).toContain('api: required to build pages');
    expect(build.output).toContain('SCHEMA_MANAGER_API');

    const built = await runAstro(root, ['build'], fixtureEnv({ fixture: 'site-basic', env: api.env }));
    expect(built.code, built.output).toBe(0);
    const port = await freePort();
    const preview = spawn(
      process.execPath,
      [astroBin, 'preview', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
      { cwd: root, env: withoutApi, stdio: 'ignore' },
    );
    try {
      expect(await waitForPage(`http://127.0.0.1:${port}/about/`)).toContain('data-schema-manager');
    } finally {
      preview.kill('SIGTERM');
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  // Four astro commands one after another: 11 s on a quiet machine, more than 30 on a busy one.
}, 90_000);

test('without site, astro sync runs and astro build stops in one line naming the fix', async () => {
  const options = { fixture: 'site-basic' as const, astro: { site: undefined }, env: api.env };
  const root = prepareFixture(options);
  try {
    const sync = await runAstro(root, ['sync'], fixtureEnv(options));
    expect(sync.code, sync.output).toBe(0);
    const build = await runAstro(root, ['build'], fixtureEnv(options));
    expect(build.code).not.toBe(0);
    expect(build.output).toContain(
      // Named once: Astro prints the error's name before it.
      "[astro-schema-manager] `site` is needed in astro.config to know each page's absolute URL.",
    );
    expect(build.output).toContain("Add site: 'https://www.example.com' to defineConfig().");
    expect(build.output).not.toMatch(/^\s+at /m);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('with neither api nor site (a project right after `astro add astro-schema-manager`), the build names both', async () => {
  const options = { fixture: 'site-basic' as const, astro: { site: undefined } };
  const root = prepareFixture(options);
  try {
    const build = await runAstro(root, ['build'], fixtureEnv(options));
    expect(build.code).not.toBe(0);
    expect(build.output).toContain('api: required to build pages');
    expect(build.output).toContain(
      "site: not set in astro.config either; each page's absolute URL is made from it.",
    );
    expect(build.output).toContain(
      "SCHEMA_MANAGER_API. astro sync, check and preview, and astro dev with dev: false, run without it. Add site: 'https://www.example.com' to defineConfig().",
    );
    expect(build.output).not.toMatch(/^\s+at /m);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a site set by an integration listed after this one (as AstroWind sets it) is the one pages are named by', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    astro: { site: undefined },
    integrations: {
      after: `{ name: 'theme', hooks: { 'astro:config:setup': ({ updateConfig }) => updateConfig({ site: 'https://www.example.com' }) } }`,
    },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).not.toContain('`site` is needed');
    // The page is looked up under that site's URL: the CMS's title for https://www.example.com/about/.
    expect(build.read('about/index.html')).toContain('<title data-schema-manager>About from the API</title>');
  } finally {
    build.remove();
  }
});

test('astro dev with dev: false starts without an API address and leaves pages alone', async () => {
  const options = { fixture: 'site-basic' as const, options: { dev: false } };
  const root = prepareFixture(options);
  const port = await freePort();
  let dev: ChildProcess | undefined;
  try {
    dev = spawn(
      process.execPath,
      [astroBin, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
      { cwd: root, env: fixtureEnv(options), stdio: 'ignore' },
    );
    const html = await waitForPage(`http://127.0.0.1:${port}/about/`);
    expect(html).toContain('<head');
    expect(html).not.toContain('data-schema-manager');
  } finally {
    dev?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
});
