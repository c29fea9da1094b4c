// The client's on-disk cache over real HTTP: an answer a 304 confirms stays cached for the next read, whatever
// Cache-Control the 304 repeats (undici alone dropped it, so every other build read every list in full),
// and a 304 that says `no-store` still does not serve it; an answer marked fresh is revalidated all the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { withoutCacheControlUpdate } from '../../src/client/keep-on-not-modified.ts';
import { record, scripted } from './scripted-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'asm-client-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A list route that answers 304 to its own ETag, with `cacheControl` on both answers; records what it saw. */
async function listServer(cacheFile: string, cacheControl: { ok: string; notModified: string }) {
  const seen: string[] = [];
  const api = await scripted(
    (route, req) => {
      if (!route.startsWith('GET /schemas')) return { status: 404, body: { code: 'rest_no_route' } };
      const conditional = req.headers['if-none-match'] === '"v1"';
      seen.push(conditional ? 'conditional' : 'full');
      const headers = { etag: '"v1"', 'x-wp-total': '1', 'x-wp-totalpages': '1' };
      if (conditional)
        return { status: 304, body: '', headers: { ...headers, 'cache-control': cacheControl.notModified } };
      return { body: [record], headers: { ...headers, 'cache-control': cacheControl.ok } };
    },
    { cacheFile },
  );
  return { api, seen };
}

test('an answer confirmed by a 304 carrying Cache-Control is still cached for every later read', async () => {
  const policy = 'private, no-cache, must-revalidate';
  const { api, seen } = await listServer(join(dir, 'kept.sqlite'), { ok: policy, notModified: policy });
  try {
    for (let read = 0; read < 5; read++) {
      const page = await api.client.schemas.list({ per_page: 100 });
      expect(page.items.map((item) => item.id)).toEqual([12]);
    }
    expect(seen).toEqual(['full', 'conditional', 'conditional', 'conditional', 'conditional']);
  } finally {
    await api.close();
  }
});

test('a 304 that says no-store is left to undici, which asks again for the whole answer', async () => {
  const { api, seen } = await listServer(join(dir, 'dropped.sqlite'), {
    ok: 'private, no-cache',
    notModified: 'no-store',
  });
  try {
    for (let read = 0; read < 3; read++) await api.client.schemas.list({ per_page: 100 });
    expect(seen).toEqual(['full', 'conditional', 'full', 'conditional', 'full']);
  } finally {
    await api.close();
  }
});

test('an answer a caching host marks fresh for an hour is still revalidated before every use', async () => {
  // A managed host or CDN may send REST answers with max-age: the build must still see a change made since.
  const { api, seen } = await listServer(join(dir, 'fresh.sqlite'), {
    ok: 'public, max-age=3600',
    notModified: 'public, max-age=3600',
  });
  try {
    for (let read = 0; read < 3; read++) await api.client.schemas.list({ per_page: 100 });
    expect(seen).toEqual(['full', 'conditional', 'conditional']);
  } finally {
    await api.close();
  }
});

test('only a 304 loses its Cache-Control, and only when it allows keeping the answer', () => {
  expect(withoutCacheControlUpdate({ etag: '"a"', 'cache-control': 'no-cache' })).toEqual({ etag: '"a"' });
  expect(withoutCacheControlUpdate({ 'cache-control': 'private, No-Store' })).toEqual({
    'cache-control': 'private, No-Store',
  });
  expect(withoutCacheControlUpdate({ etag: '"a"' })).toEqual({ etag: '"a"' });
});
