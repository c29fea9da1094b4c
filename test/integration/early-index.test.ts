// The index read as the build starts, over real HTTP, when a later list page cannot be read (a record over
// the size cap, a page the server fails to make): the pass asks page by page at once, saying why once, and
// does not read the lists again to fail the same way (a web-server probe counted 140 requests and 78 MB of
// list reads for a 32-page build).
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ProbeResult } from '../../src/client/index.ts';
import { startBuildClient } from '../../src/integration/build-client.ts';
import { describeFailure } from '../../src/integration/failures.ts';
import { fetchHeadData } from '../../src/integration/fetch-head-data.ts';
import { resolveOptions } from '../../src/integration/options.ts';
import { type LoopbackServer, startServer } from '../support/loopback.ts';

const PREFIX = '/wp-json/schemafy/v1';
const SITE = 'https://www.example.com';
let server: LoopbackServer;

const record = (n: number) => ({
  id: n,
  url: `${SITE}/p/${n}/`,
  schema_type: 'WebPage',
  schema_name: `Page ${n}`,
  schema_data: JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', name: `Page ${n}` }),
  is_active: true,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === `${PREFIX}/schemas`) {
      if (url.searchParams.get('page') === '2')
        return json(500, {
          code: 'db_error',
          message: 'The records could not be read',
          data: { status: 500 },
        });
      return json(200, [record(1)], { 'x-wp-total': '101', 'x-wp-totalpages': '2' });
    }
    if (url.pathname === `${PREFIX}/schemas-by-url`) {
      const n = Number(/\/p\/(\d+)\//.exec(url.searchParams.get('url') ?? '')?.[1]);
      return json(200, Number.isInteger(n) ? [record(n)] : []);
    }
    json(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
  });
});

afterAll(() => server?.close());

test('a list page that fails early sends the pass page by page, said once, without reading the lists again', async () => {
  const options = resolveOptions({ api: `${server.url}${PREFIX}`, retries: 0, validate: 'warn' }, {});
  // What an editor's credentials can do: list schemas, not read meta or social.
  const probe: ProbeResult = {
    routes: {
      schemas: true,
      schemasByUrl: true,
      meta: true,
      social: true,
      scan: false,
      validate: false,
      bulk: false,
    },
    routesFrom: 'index',
    authenticated: true,
    canEditPosts: true,
    canManageOptions: false,
  };
  const build = startBuildClient(options, { probe, api: `${server.url}${PREFIX}` }, undefined, undefined);
  try {
    expect(await build.earlyIndex).toBeNull();
    expect(await build.earlyListingFailed).toBe(true);
    const urls = [1, 2, 3].map((n) => `${SITE}/p/${n}/`);
    const outcome = await fetchHeadData(build.client, urls, {
      strategy: 'auto',
      probe,
      describe: (error) => describeFailure(error, { api: build.client.baseUrl, timeoutMs: 1000 } as never),
      concurrency: 4,
      earlyIndex: build.earlyIndex,
      earlyListingFailed: await build.earlyListingFailed,
    });
    expect(outcome.strategy).toBe('per-page');
    expect([...outcome.data.keys()].sort()).toEqual(urls);
    expect(outcome.failures.size).toBe(0);
    // Said once, by the early read; the pass adds no second account of it.
    expect(build.notes).toEqual([
      expect.stringMatching(
        /^Listing schemas failed \(schemas\.list: The records could not be read \(500 db_error at GET .*page=2\)\. Hint: .*\); asking page by page instead\.$/,
      ),
    ]);
    expect(outcome.notes.filter((note) => note.startsWith('Listing'))).toEqual([]);
    // Each list page asked once, by the early read; then each page by its URL.
    const paths = server.requests.map((request) => request.url);
    expect(paths.filter((path) => path.startsWith(`${PREFIX}/schemas?`))).toEqual([
      `${PREFIX}/schemas?per_page=100&page=1`,
      `${PREFIX}/schemas?per_page=100&page=2`,
    ]);
    expect(paths.filter((path) => path.startsWith(`${PREFIX}/schemas-by-url`))).toHaveLength(3);
  } finally {
    await build.client.close();
  }
});
