// Answers to reads carry an ETag, and an If-None-Match naming it gets a 304 without a body: what lets a
// client (the build cache) keep answers and revalidate them.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { schema, startServer, type TestServer, users } from './harness.ts';

let server: TestServer;
const auth = `Basic ${Buffer.from(`${users.admin.name}:${users.admin.password}`).toString('base64')}`;

beforeAll(async () => {
  server = await startServer({ seed: { schemas: [schema('/a/'), schema('/b/')] } });
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers: { authorization: auth, ...headers } });

test('a read answers with a strong ETag and no-cache; the same ETag back is a 304 without a body', async () => {
  const first = await get('/schemas?per_page=100');
  const tag = first.headers.get('etag');
  expect(first.status).toBe(200);
  expect(tag).toMatch(/^"[\w-]+"$/);
  expect(first.headers.get('cache-control')).toBe('private, no-cache, must-revalidate');
  const again = await get('/schemas?per_page=100', { 'if-none-match': `W/"other", ${tag}` });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(tag);
  expect(await again.text()).toBe('');
});

test('a change makes a new ETag, and the old one gets the whole answer', async () => {
  const before = (await get('/schemas-by-url?url=https%3A%2F%2Fexample.com%2Fa%2F')).headers.get('etag');
  const list = await (await get('/schemas?per_page=100')).json();
  await fetch(`${server.baseUrl}/schemas/${list[0].id}`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ schema_name: 'Renamed' }),
  });
  const after = await get('/schemas-by-url?url=https%3A%2F%2Fexample.com%2Fa%2F', {
    'if-none-match': before ?? '',
  });
  expect(after.status).toBe(200);
  expect(after.headers.get('etag')).not.toBe(before);
  expect((await after.json())[0].schema_name).toBe('Renamed');
});

test('errors and writes carry no ETag', async () => {
  const missing = await get('/schemas/999999');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('etag')).toBeNull();
});
