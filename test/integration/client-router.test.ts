// View transitions in a built site: with Astro's <ClientRouter />, a click fetches the next page and the router
// swaps the head's elements itself. A real Chromium navigates client-side between prerendered pages served by a
// plain static host, and between on-demand and prerendered pages served by the built @astrojs/node server, back
// and forward; each time the head must be the one a full load of the page reached gives.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type LoopbackServer, startServer } from '../support/loopback.ts';
import { type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';
import { navigationTests, ROUTED_SEED, ROUTED_SITE, useTabs } from './support/client-router-site.ts';

// A module script served as anything but JavaScript does not run, and without it there is no router.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

let api: RunningApi;
let build: FixtureBuild;
let files: LoopbackServer;
let server: BuiltServer;
const tabs = useTabs();

beforeAll(async () => {
  api = await startApi(ROUTED_SEED);
  build = await buildFixture({ ...ROUTED_SITE, env: api.env });
  if (build.exitCode !== 0) throw new Error(build.log);
  // The prerendered pages as a static host serves them: the files, nothing else.
  files = await startServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(build.outDir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  server = await startBuiltServer(build.root, '/d/a/');
});

afterAll(async () => {
  server?.stop();
  await files?.close();
  build?.remove();
  await api?.close();
});

navigationTests('prerendered pages from a static host', () => files.url, tabs, {
  prerendered: true,
  onDemand: false,
});
navigationTests('on-demand pages from the built @astrojs/node server', () => server.origin, tabs, {
  prerendered: false,
  onDemand: true,
});
