// The request-time pass of an @astrojs/node standalone server under load, counted at the API (a proxy in front of
// the reference server): a burst of views of new pages queues on this side without the breaker blaming a
// healthy API, its lines are one per cause, a crawler naming random addresses is capped, and a page that fails
// while its head is held still sends what Astro rendered before the failure.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { type RunningApi, SITE, startApi } from './support/api.ts';
import { type ApiProxy, startApiProxy } from './support/api-proxy.ts';
import { buildFixture, type FixtureBuild } from './support/build-fixture.ts';
import { type BuiltServer, startBuiltServer } from './support/built-server.ts';

/** Pages the CMS is asked about at most per minute when it holds nothing for them yet (the build's option). */
const NEW_PAGES_PER_MINUTE = 100;
/**
 * How long a grouped line may take to reach the server's log: it waits for 300 ms without another line (5 s at
 * most) and then for the server's stdout; on a loaded machine that is past expect.poll's default second.
 */
const LINE_WAIT_MS = 10_000;

let api: RunningApi;
let proxy: ApiProxy;
let build: FixtureBuild;
const servers: BuiltServer[] = [];

beforeAll(async () => {
  api = await startApi({
    schemas: [],
    meta: [{ url: `${SITE}/p/known`, title: 'Known title from the API' }],
  });
  proxy = await startApiProxy(api.baseUrl);
  build = await buildServer({
    // One request in flight: a burst of new pages queues on this side however fast the machine and the API are.
    validate: 'warn',
    concurrency: 1,
    requestNewPagesPerMinute: NEW_PAGES_PER_MINUTE,
  });
}, 180_000);

afterAll(async () => {
  for (const server of servers) server.stop();
  await proxy?.close();
  build?.remove();
  await api?.close();
});

/** The site built as a standalone @astrojs/node server with these options, asking the API through the proxy. */
async function buildServer(options: Record<string, unknown>): Promise<FixtureBuild> {
  const built = await buildFixture({
    fixture: 'site-server',
    preamble: "import node from '@astrojs/node';",
    astroSource: "output: 'server', adapter: node({ mode: 'standalone' })",
    options,
    env: { ...api.env, SCHEMA_MANAGER_API: `${proxy.url}${new URL(api.baseUrl).pathname}` },
    files: {
      // A component in the head that fails after Astro sent the page's first bytes.
      'src/components/Fails.astro': `---
await new Promise((resolve) => setTimeout(resolve, 50));
throw new Error('failed while rendering the head');
---`,
      'src/pages/fails-in-head.astro': `---
import Fails from '../components/Fails.astro';
export const prerender = false;
---
<html><head><meta charset="utf-8" /><title>Sent before the failure</title><Fails /></head><body>never</body></html>`,
      // A catch-all route whose head never ends within 1 MiB (an open script streamed into).
      'src/pages/open/[slug].astro': `---
export const prerender = false;
const chunk = '/*' + 'q'.repeat(65_532) + '*/';
let sent = 0;
return new Response(new ReadableStream({
  pull(controller) {
    if (sent++ === 0) controller.enqueue('<html><head><title>Open</title><script>');
    else if (sent < 40) controller.enqueue(chunk);
    else controller.enqueue('</script></head><body>end</body></html>'), controller.close();
  },
}), { headers: { 'content-type': 'text/html; charset=utf-8' } });
---`,
      // A page's own stream that fails before its head ends.
      'src/pages/stream-fails.astro': `---
export const prerender = false;
const encoder = new TextEncoder();
let sent = false;
return new Response(new ReadableStream({
  async pull(controller) {
    if (sent) return controller.error(new Error('the stream failed'));
    sent = true;
    controller.enqueue(encoder.encode('<html><head><meta charset="utf-8"><title>Streamed before the failure</title>'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  },
}), { headers: { 'content-type': 'text/html; charset=utf-8' } });
---`,
    },
  });
  if (built.exitCode !== 0) throw new Error(built.log);
  return built;
}

/** A server of its own: a fresh cache, breaker and cap. */
async function freshServer(root = build.root): Promise<BuiltServer> {
  const server = await startBuiltServer(root, '/');
  servers.push(server);
  return server;
}

/** The pages named `prefix-<n>` the API was asked about, and the requests made for them. */
function asked(prefix: string, from: number): { pages: Set<string>; requests: number } {
  const pages = new Set<string>();
  let requests = 0;
  for (const path of proxy.requests.slice(from)) {
    const name = new RegExp(`p%2F(${prefix}-\\d+)`).exec(path)?.[1];
    if (!name) continue;
    pages.add(name);
    requests++;
  }
  return { pages, requests };
}

/** Once no request has reached the API for 300 ms. */
async function settled(): Promise<void> {
  for (let seen = -1, waited = 0; waited < 30_000; waited += 300) {
    if (proxy.requests.length === seen) return;
    seen = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Every byte a client receives, until the server ends or breaks the connection. */
function received(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request(url, (response) => {
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    })
      .on('error', reject)
      .end();
  });
}

test('a burst of new pages that queues past the budget does not declare a healthy API down, and is said in one line', async () => {
  const server = await freshServer();
  await settled();
  const from = proxy.requests.length;
  // Each answer well inside the view's 1,000 ms budget, and 40 pages' one after another far past it, however
  // fast the machine: without it a quick one answered all but the last page in time.
  proxy.setDelay(50);
  onTestFinished(() => proxy.setDelay(0));
  const views = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const response = await fetch(`${server.origin}/p/burst-${i}`);
      return { status: response.status, html: await response.text() };
    }),
  );
  for (const [i, view] of views.entries()) {
    expect(view.status).toBe(200);
    expect(view.html).toContain(`<title>Page burst-${i}</title>`);
  }
  await settled();
  // Every page was asked, one after the other: the API answered each.
  expect(asked('burst', from).pages.size).toBe(40);
  // The views that gave up waited on this side's queue: one line for them all, and no outage.
  await expect
    .poll(() => server.log().match(/burst-\d+ \(and \d+ other pages\): its requests waited/g)?.length ?? 0, {
      timeout: LINE_WAIT_MS,
    })
    .toBe(1);
  expect(server.log()).not.toContain('failed repeatedly');
  expect(server.log()).not.toContain('did not answer within');
  expect(server.log().match(/\/p\/burst-\d+:/g) ?? []).toEqual([]);
}, 90_000);

test('a crawler naming random addresses is asked of the API up to requestNewPagesPerMinute, the rest served without asking', async () => {
  const server = await freshServer();
  await settled();
  const from = proxy.requests.length;
  const started = Date.now();
  const crawled = 130;
  for (let i = 0; i < crawled; i++) {
    const response = await fetch(`${server.origin}/p/crawl-${i}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<title>Page crawl-${i}</title>`);
  }
  const elapsedMs = Date.now() - started;
  await settled();
  const { pages, requests } = asked('crawl', from);
  // The cap refills as the minute passes: a page more for each 60 s / cap the crawl took.
  expect(pages.size).toBeGreaterThanOrEqual(NEW_PAGES_PER_MINUTE - 1);
  expect(pages.size).toBeLessThanOrEqual(
    NEW_PAGES_PER_MINUTE + Math.ceil(elapsedMs / (60_000 / NEW_PAGES_PER_MINUTE)),
  );
  expect(pages.size).toBeLessThan(crawled);
  // A page the CMS holds nothing for costs a round of three reads for each trailing slash.
  expect(requests).toBe(pages.size * 6);
  await expect
    .poll(() => server.log().match(/crawl-\d+ \(and \d+ other pages?\): more than 100 pages/g)?.length ?? 0, {
      timeout: LINE_WAIT_MS,
    })
    .toBe(1);
  // A page the API was asked about and a known one still get their answers from the cache or the API.
  expect(await (await fetch(`${server.origin}/p/crawl-0`)).text()).toContain('<title>Page crawl-0</title>');
}, 90_000);

test('a page that fails while its head is held sends what Astro alone sends: what it rendered, then the failure', async () => {
  const server = await freshServer();
  const component = await received(`${server.origin}/fails-in-head`);
  expect(component).toContain('<title>Sent before the failure</title>');
  const stream = await received(`${server.origin}/stream-fails`);
  expect(stream).toContain('<title>Streamed before the failure</title>');
  // The same site with the request-time pass off: byte for byte what a client gets from Astro alone.
  const alone = await buildServer({ onDemand: false });
  try {
    const astro = await freshServer(alone.root);
    expect(component).toBe(await received(`${astro.origin}/fails-in-head`));
    expect(stream).toBe(await received(`${astro.origin}/stream-fails`));
  } finally {
    alone.remove();
  }
}, 120_000);

test('pages whose heads go out untouched for one cause are one line', async () => {
  const server = await freshServer();
  for (const slug of ['a', 'b', 'c']) {
    const html = await (await fetch(`${server.origin}/open/${slug}`)).text();
    expect(html.endsWith('<body>end</body></html>')).toBe(true);
  }
  await expect
    .poll(() => server.log().match(/did not end within its first 1 MiB/g)?.length ?? 0, {
      timeout: LINE_WAIT_MS,
    })
    .toBe(1);
  expect(server.log()).toMatch(/\/open\/[abc] \(and 2 other pages\): its head did not end/);
}, 60_000);
