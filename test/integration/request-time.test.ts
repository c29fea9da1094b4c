// The request-time pass of a server build with @astrojs/node, with the API behind a proxy that counts requests and
// can play dead: answers are cached per page, shared by concurrent views, bounded by the view's budget when the
// API hangs or refuses, and the head streams ahead of a slow body.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { INSPECTION_ELEMENT_ID } from '../../src/integration/toolbar/inspection.ts';
import { type LoopbackServer, startServer } from '../support/loopback.ts';
import { repoRoot } from '../support/pack.ts';
import { ADMIN, type RunningApi, SITE, startApi } from './support/api.ts';
import { type ApiProxy, startApiProxy } from './support/api-proxy.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';

let api: RunningApi;
let proxy: ApiProxy;
let gate: LoopbackServer;
const held: ServerResponse[] = [];
let build: FixtureBuild;
let server: BuiltServer | undefined;
let origin: string;

const titled = (path: string, title: string) => ({ url: `${SITE}${path}`, title });
const ZIPPED_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Zipped ☕</title></head><body>café</body></html>';
const LATIN1_PAGE =
  '<html><head><meta charset="iso-8859-1"><title>Latin</title></head><body>café naïve</body></html>';

beforeAll(async () => {
  api = await startApi({
    schemas: [
      {
        url: `${SITE}/p/good`,
        schema_type: 'WebPage',
        schema_name: 'good',
        schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Good page' },
      },
    ],
    meta: [
      titled('/p/good', 'Good title from the API'),
      titled('/p/shared', 'Shared title from the API'),
      titled('/streamed', 'Streamed title from the API'),
      titled('/p/rewritten', 'Rewritten title from the API'),
      titled('/feed.html', 'Endpoint title from the API'),
      titled('/raw/gzip', 'Zipped title from the API'),
      titled('/raw/latin1', 'Latin-1 title from the API'),
    ],
  });
  proxy = await startApiProxy(api.baseUrl);
  gate = await startServer((_req, res) => {
    held.push(res);
  });
  build = await buildFixture({
    fixture: 'site-server',
    preamble: "import node from '@astrojs/node';",
    astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
    options: { validate: 'warn' },
    env: { ...api.env, SCHEMA_MANAGER_API: `${proxy.url}${new URL(api.baseUrl).pathname}` },
    files: {
      // As an origin behind an edge function serves it when both run this middleware (Netlify's and
      // Vercel's edgeMiddleware), or a prerendered page an edge function serves: the head already written.
      'src/pages/written.astro': `---
export const prerender = false;
---
<html><head><meta charset="utf-8" /><title data-schema-manager>Written before</title></head><body>written</body></html>`,
      // An endpoint that answers a whole HTML document (a proxied legacy page): its answer is its own.
      'src/pages/feed.html.ts': `export const prerender = false;
export const GET = () => new Response('<!doctype html><html><head><title>Own feed</title></head><body>feed</body></html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
`,
      // Pages that answer with a Response of their own, as a page may: bytes this pass must not decode as UTF-8
      // text (compressed, Latin-1), and a head that streams into an open script without ending.
      'src/pages/raw/gzip.astro': `---
import { gzipSync } from 'node:zlib';
export const prerender = false;
return new Response(gzipSync(${JSON.stringify(ZIPPED_PAGE)}), {
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' },
});
---`,
      'src/pages/raw/latin1.astro': `---
export const prerender = false;
return new Response(Buffer.from(${JSON.stringify(LATIN1_PAGE)}, 'latin1'), {
  headers: { 'content-type': 'text/html; charset=iso-8859-1' },
});
---`,
      'src/pages/raw/open-head.astro': `---
export const prerender = false;
const encoder = new TextEncoder();
let sent = 0;
return new Response(new ReadableStream({
  async pull(controller) {
    if (sent === 0) controller.enqueue(encoder.encode('<html><head><title>Open</title><script>'));
    await new Promise((resolve) => setTimeout(resolve, sent < 40 ? 0 : 60_000));
    controller.enqueue(encoder.encode('/*' + 'q'.repeat(65_532) + '*/'));
    sent++;
  },
}), { headers: { 'content-type': 'text/html; charset=utf-8' } });
---`,
      // A site's own middleware that serves another page's content at an address (a rewrite, before this
      // package's middleware in the sequence).
      'src/middleware.ts': `import { defineMiddleware } from 'astro:middleware';
export const onRequest = defineMiddleware((context, next) =>
  context.url.pathname === '/p/rewritten' ? context.rewrite('/p/good') : next(),
);
`,
    },
  });
  if (build.exitCode !== 0) throw new Error(build.log);
  server = await startBuiltServer(build.root, '/p/warmup', { ASM_TEST_GATE: gate.url });
  origin = server.origin;
}, 180_000);

afterAll(async () => {
  server?.stop();
  for (const res of held) res.destroy();
  await gate?.close();
  await proxy?.close();
  build?.remove();
  await api?.close();
});

/** A view of a page: its status, title(s), HTML and how long it took. */
async function view(path: string) {
  const started = Date.now();
  const response = await fetch(`${origin}${path}`);
  const html = await response.text();
  return { status: response.status, titles: readHeadTags(html).values.title, html, ms: Date.now() - started };
}

/** Once no request has reached the API for 300 ms: a loaded machine may send the first view's last one late. */
async function settled(): Promise<number> {
  for (let seen = -1, waited = 0; waited < 5_000; waited += 300) {
    if (proxy.requests.length === seen) break;
    seen = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return proxy.requests.length;
}

test('repeated views within the TTL cost no API request', async () => {
  expect((await view('/p/good')).titles).toEqual(['Good title from the API']);
  const after = await settled();
  for (let i = 0; i < 4; i++) expect((await view('/p/good')).titles).toEqual(['Good title from the API']);
  expect(proxy.requests.length).toBe(after);
});

test("a page a site's middleware rewrote gets the head of the address asked for, as in the build", async () => {
  const { titles, html } = await view('/p/rewritten');
  expect(html).toContain('page good');
  expect(titles).toEqual(['Rewritten title from the API']);
});

test('an endpoint that answers HTML is served as it answered, as the build leaves it', async () => {
  const { titles, html } = await view('/feed.html');
  expect(titles).toEqual(['Own feed']);
  expect(html).not.toContain('data-schema-manager');
});

test("the built server's requests say which release of the package makes them", async () => {
  const before = proxy.userAgents.length;
  await fetch(`${origin}/p/versioned`);
  const sent = proxy.userAgents.slice(before);
  expect(sent.length).toBeGreaterThan(0);
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  for (const agent of sent)
    expect(agent).toMatch(new RegExp(`^astro-schema-manager/${version.replaceAll('.', '\\.')} `));
});

test('concurrent views of one page share one round of requests', async () => {
  const before = proxy.requests.length;
  const views = await Promise.all(Array.from({ length: 8 }, () => view('/p/shared')));
  for (const { titles } of views) expect(titles).toEqual(['Shared title from the API']);
  const made = proxy.requests.slice(before);
  expect(made.some((path) => path.includes('shared'))).toBe(true);
  // Each request made once: 8 views did not make 8 rounds.
  expect(made.length).toBe(new Set(made).size);
});

test('a burst of views of pages not yet cached keeps the requests in flight to the API within concurrency', async () => {
  // A server of its own: the burst's views give up on their budget, which must not open the main server's breaker.
  const burst = await startBuiltServer(build.root, '/p/burst-warmup', { ASM_TEST_GATE: gate.url });
  try {
    await settled();
    const held = proxy.hold((path) => path.includes('burst-'));
    const views = Array.from({ length: 24 }, (_, i) => fetch(`${burst.origin}/p/burst-${i}`));
    // Three reads a page: 72 at once unbounded, at most `concurrency` (8) with the bound. None is answered while
    // held, so once 8 have arrived, a while longer shows whether more follow.
    await expect.poll(() => held.held(), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const inFlight = held.held();
    held.release();
    for (const response of await Promise.all(views)) {
      expect(response.status).toBe(200);
      await response.text();
    }
    expect(inFlight).toBe(8);
  } finally {
    burst.stop();
  }
}, 45_000);

test('the head is sent, rewritten, while the body is still rendering', async () => {
  const response = await fetch(`${origin}/streamed`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  // The body waits on the gate, which only this test opens: a buffered response would never show its head here.
  while (!text.includes('</head>')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  expect(readHeadTags(text).values.title).toEqual(['Streamed title from the API']);
  expect(text).not.toContain('released');
  // The body's request to the gate may land a moment after the head went out; the gate opens only once it has.
  await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
  for (const res of held.splice(0)) res.end('ok');
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  expect(text).toContain('<p id="after-gate">released</p>');
  expect(text.trimEnd().endsWith('</html>')).toBe(true);
}, 30_000);

test("a page's compressed or Latin-1 bytes are served as they came, not decoded as UTF-8 and mangled", async () => {
  for (let view = 0; view < 2; view++) {
    // fetch undoes the gzip, as a browser does: what it gives is the page.
    expect(await (await fetch(`${origin}/raw/gzip`)).text()).toBe(ZIPPED_PAGE);
    const latin1 = new Uint8Array(await (await fetch(`${origin}/raw/latin1`)).arrayBuffer());
    expect(Buffer.from(latin1).toString('latin1')).toBe(LATIN1_PAGE);
  }
});

test('a head that does not end within 1 MiB streams on as it came instead of being held', async () => {
  const response = await fetch(`${origin}/raw/open-head`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  // The page sends 40 chunks of 64 KB in its head, then waits a minute: held until the head ends, none would come.
  let received = 0;
  let first = '';
  while (received < 2 * 1024 * 1024) {
    const { value, done } = await reader.read();
    if (done) break;
    if (received === 0) first = new TextDecoder().decode(value.subarray(0, 100));
    received += value.length;
  }
  await reader.cancel();
  expect(received).toBeGreaterThanOrEqual(2 * 1024 * 1024);
  expect(first).toMatch(/^<html><head><title>Open<\/title><script>/);
}, 20_000);

test('an on-demand production page carries no inspection island', async () => {
  expect((await view('/p/good')).html).not.toContain(INSPECTION_ELEMENT_ID);
});

test('with an API that accepts connections and never answers, views keep to the budget and the breaker stops asking', async () => {
  await proxy.setMode('hang');
  const counts: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const page = await view(`/p/hang-${i}`);
    expect(page.status).toBe(200);
    expect(page.titles).toEqual([`Page hang-${i}`]);
    // The budget is 1 s and the request's own deadline 10 s: well under either, never 120 s.
    expect(page.ms).toBeLessThan(5000);
    counts.push(proxy.requests.length);
  }
  // After a few failed loads the circuit is open: the last views made no request at all.
  expect(counts.at(-1)).toBe(counts.at(-3));
  const parallel = await Promise.all(Array.from({ length: 10 }, (_, i) => view(`/p/parallel-${i}`)));
  for (const page of parallel) expect(page.ms).toBeLessThan(5000);
  expect(proxy.requests.length).toBe(counts.at(-1));
  // The last good answer is still served.
  expect((await view('/p/good')).titles).toEqual(['Good title from the API']);
}, 60_000);

test('with an API that refuses connections, views are served at once without tags or with the last good answer', async () => {
  await proxy.setMode('refuse');
  for (let i = 1; i <= 3; i++) {
    const page = await view(`/p/refused-${i}`);
    expect(page.status).toBe(200);
    expect(page.titles).toEqual([`Page refused-${i}`]);
    expect(page.ms).toBeLessThan(5000);
  }
  expect((await view('/p/shared')).titles).toEqual(['Shared title from the API']);
  // A head this package wrote already keeps its tags, whatever this pass gets (here nothing).
  expect((await view('/written')).titles).toEqual(['Written before']);
});

test('the server log names no credential', () => {
  expect(server?.log()).not.toContain(ADMIN.password);
});
