// What a WordPress site answers around its REST routes, answered the same by the reference server: the REST
// root named on every answer (`Link: rel="https://api.w.org/"`) and on the home page, the REST index with the
// site's time zone, and HEAD as GET. A client given only the site's address then finds the API, as it does
// on WordPress.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { schema, startServer, type TestServer, users } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ site: 'https://example.com' });
  await server.call('POST', '/schemas', { body: schema('/about/') });
});
afterAll(() => server.close());

const link = (origin: string) => `<${origin}/wp-json/>; rel="https://api.w.org/"`;

test('the home page and every answer name the REST root', async () => {
  const home = await fetch(`${server.origin}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  expect(home.headers.get('link')).toBe(link(server.origin));
  expect(await home.text()).toContain('/wp-json/schemafy/v1');
  const byUrl = await server.call('GET', '/schemas-by-url?url=https://example.com/about/', {
    as: 'anonymous',
  });
  expect(byUrl.headers.get('link')).toBe(link(server.origin));
  const missing = await server.call('GET', '/nothing');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('link')).toBe(link(server.origin));
});

test('the REST index names the namespace, its routes and the time zone, in both URL forms', async () => {
  for (const address of [`${server.origin}/wp-json/`, `${server.origin}/?rest_route=/`]) {
    const index = await server.call('GET', address, { as: 'anonymous' });
    expect(index.status).toBe(200);
    expect(index.body).toMatchObject({ namespaces: ['schemafy/v1'], timezone_string: 'UTC', gmt_offset: 0 });
    expect(Object.keys(index.body.routes)).toContain('/schemafy/v1/schemas-by-url');
  }
});

test('HEAD is answered as GET, headers and no body', async () => {
  const head = await fetch(`${server.baseUrl}/schemas-by-url?url=https://example.com/about/`, {
    method: 'HEAD',
  });
  const get = await fetch(`${server.baseUrl}/schemas-by-url?url=https://example.com/about/`);
  expect(head.status).toBe(200);
  expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  expect(await head.text()).toBe('');
});

test("a client given the server's address alone finds the API", async () => {
  const client = createClient({
    baseUrl: server.origin,
    username: users.admin.name,
    password: users.admin.password,
  });
  try {
    expect((await client.probe()).routes.schemas).toBe(true);
    expect((await client.schemasByUrl('https://example.com/about/')).map((record) => record.url)).toEqual([
      'https://example.com/about/',
    ]);
  } finally {
    await client.close();
  }
});

test('a body is read as WordPress reads it: JSON under a JSON type, form fields, and nothing else', async () => {
  const post = (contentType: string, body: string) =>
    fetch(`${server.baseUrl}/meta`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${users.admin.name}:${users.admin.password}`).toString('base64')}`,
        'content-type': contentType,
      },
      body,
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const json = JSON.stringify({ url: 'https://example.com/about/', title: 'About' });
  expect((await post('application/json; charset=utf-8', json)).status).toBe(200);
  const form = await post(
    'application/x-www-form-urlencoded',
    'url=https%3A%2F%2Fexample.com%2Fabout%2F&title=Form',
  );
  expect(form).toMatchObject({ status: 200, body: { title: 'Form' } });
  // JSON sent as text/plain reaches no WordPress handler: the url is missing.
  const plain = await post('text/plain', json);
  expect(plain.status).toBe(400);
  expect(plain.body.code).toBe('rest_missing_callback_param');
});

test("a method override, a route's letter case and its trailing slash are read as WordPress reads them", async () => {
  const created = await server.call('POST', '/schemas', { body: schema('/override/') });
  const id = created.body.id as number;
  // Clients that send only GET and POST: `?_method=` or the X-HTTP-Method-Override header.
  expect((await server.call('GET', `/SCHEMAS/${id}/`)).status).toBe(200);
  const viaQuery = await server.call('POST', `/schemas/${id}?_method=PUT`, {
    body: { schema_name: 'Renamed' },
  });
  expect(viaQuery.body).toMatchObject({ id, schema_name: 'Renamed' });
  const viaHeader = await fetch(`${server.baseUrl}/schemas/${id}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${users.admin.name}:${users.admin.password}`).toString('base64')}`,
      'x-http-method-override': 'DELETE',
    },
  });
  expect(viaHeader.status).toBe(200);
  expect((await server.call('GET', `/schemas/${id}`)).status).toBe(404);
});

test('a parameter sent as a PHP array where a route takes one value is refused, not dropped', async () => {
  for (const [query, name, type] of [
    ['url[]=https://example.com/about/', 'url', 'string'],
    ['page[]=2', 'page', 'integer'],
  ] as const) {
    const answer = await server.call('GET', `/schemas?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { [name]: `is not of type ${type}.` } },
    });
  }
});
