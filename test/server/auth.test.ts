import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schema, startServer, type TestServer, type Who } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Creates a record as admin and returns its id, for routes that need one. */
async function freshId(): Promise<number> {
  const created = await server.call('POST', '/schemas', { body: schema(`/auth/${Math.random()}/`) });
  expect(created.status).toBe(201);
  return created.body.id;
}

type Row = {
  method: string;
  route: (id: number) => string;
  access: 'public' | 'edit_posts' | 'manage_options';
  ok: number;
  body?: (id: number) => unknown;
};

const rows: Row[] = [
  { method: 'GET', route: () => '/schemas', access: 'edit_posts', ok: 200 },
  { method: 'POST', route: () => '/schemas', access: 'manage_options', ok: 201, body: () => schema('/new/') },
  { method: 'GET', route: (id) => `/schemas/${id}`, access: 'edit_posts', ok: 200 },
  {
    method: 'PUT',
    route: (id) => `/schemas/${id}`,
    access: 'manage_options',
    ok: 200,
    body: () => ({ schema_name: 'Renamed' }),
  },
  { method: 'DELETE', route: (id) => `/schemas/${id}`, access: 'manage_options', ok: 200 },
  { method: 'GET', route: () => '/schemas-by-url?url=https://example.com/', access: 'public', ok: 200 },
  { method: 'GET', route: () => '/meta?url=https://example.com/', access: 'manage_options', ok: 200 },
  { method: 'GET', route: () => '/meta', access: 'manage_options', ok: 200 },
  {
    method: 'POST',
    route: () => '/meta',
    access: 'manage_options',
    ok: 200,
    body: () => ({ url: 'https://example.com/', title: 'T' }),
  },
  { method: 'GET', route: () => '/social?url=https://example.com/', access: 'manage_options', ok: 200 },
  {
    method: 'POST',
    route: () => '/social',
    access: 'manage_options',
    ok: 200,
    body: () => ({ url: 'https://example.com/', og: { title: 'T' } }),
  },
  {
    method: 'POST',
    route: () => '/scan',
    access: 'manage_options',
    ok: 200,
    body: () => ({ urls: [], dry_run: true }),
  },
  {
    method: 'POST',
    route: () => '/validate',
    access: 'edit_posts',
    ok: 200,
    body: () => ({ schema_data: schema('/').schema_data }),
  },
  {
    method: 'POST',
    route: () => '/bulk',
    access: 'manage_options',
    ok: 200,
    body: () => ({ action: 'fix', dry_run: true }),
  },
  { method: 'GET', route: () => '', access: 'public', ok: 200 },
];

const expected: Record<Who, (row: Row) => [number, string | null]> = {
  anonymous: (row) => (row.access === 'public' ? [row.ok, null] : [401, 'rest_forbidden']),
  badPassword: () => [401, 'incorrect_password'],
  unknownUser: () => [401, 'invalid_username'],
  editor: (row) => (row.access === 'manage_options' ? [403, 'rest_forbidden'] : [row.ok, null]),
  admin: (row) => [row.ok, null],
};

describe.each(Object.keys(expected) as Who[])('as %s', (who) => {
  test.each(rows.map((row) => [`${row.method} ${row.route(0) || '/'}`, row] as const))(
    '%s',
    async (_, row) => {
      const id = await freshId();
      const answer = await server.call(row.method, row.route(id), { as: who, body: row.body?.(id) });
      const [status, code] = expected[who](row);
      expect(answer.status).toBe(status);
      if (code) {
        expect(answer.body).toMatchObject({ code, data: { status } });
        expect(typeof answer.body.message).toBe('string');
      }
    },
  );
});

test('the published note can open single-schema reads to anonymous callers', async () => {
  const open = await startServer({ publicSchemaReads: true });
  try {
    const created = await open.call('POST', '/schemas', { body: schema('/open/') });
    expect((await open.call('GET', `/schemas/${created.body.id}`, { as: 'anonymous' })).status).toBe(200);
    expect((await open.call('GET', '/schemas', { as: 'anonymous' })).status).toBe(401);
  } finally {
    await open.close();
  }
});

test('spaces in an application password are ignored, as WordPress ignores them', async () => {
  const header = `Basic ${Buffer.from('admin:abcdEFGH1234ijklMNOP5678').toString('base64')}`;
  const response = await fetch(`${server.baseUrl}/schemas`, { headers: { authorization: header } });
  expect(response.status).toBe(200);
});

test('a server without users answers only public routes', async () => {
  const bare = await startServer({ users: [] });
  try {
    expect((await bare.call('GET', '/schemas-by-url?url=https://example.com/')).status).toBe(401);
    expect(
      (await bare.call('GET', '/schemas-by-url?url=https://example.com/', { as: 'anonymous' })).status,
    ).toBe(200);
    expect((await bare.call('GET', '/schemas', { as: 'anonymous' })).status).toBe(401);
  } finally {
    await bare.close();
  }
});
