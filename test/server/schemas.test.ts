import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { document, schema, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ site: ['https://example.com', 'https://www.example.com'] });
});
afterAll(() => server.close());

describe('records', () => {
  test('create, read, update, delete', async () => {
    const created = await server.call('POST', '/schemas', {
      body: schema('/crud/', 'Article', { headline: 'Hi' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://example.com/crud/',
      schema_type: 'Article',
      is_active: true,
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const id = created.body.id;
    expect((await server.call('GET', `/schemas/${id}`)).body).toEqual(created.body);
    const updated = await server.call('PUT', `/schemas/${id}`, {
      body: { schema_name: 'New name', is_active: false },
    });
    expect(updated.body).toMatchObject({
      id,
      schema_name: 'New name',
      is_active: false,
      schema_type: 'Article',
    });
    const deleted = await server.call('DELETE', `/schemas/${id}`);
    expect(deleted.body).toEqual({ deleted: true, previous: updated.body });
    expect((await server.call('GET', `/schemas/${id}`)).body).toMatchObject({
      code: 'not_found',
      data: { status: 404 },
    });
  });

  test('schema_data sent as an object is stored as its JSON text', async () => {
    const body = {
      ...schema('/object/'),
      schema_data: { '@context': 'https://schema.org', '@type': 'WebPage' },
    };
    const created = await server.call('POST', '/schemas', { body });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body.schema_data)).toEqual(body.schema_data);
  });

  test('/schemas-by-url answers only the active records of exactly that URL', async () => {
    const a = await server.call('POST', '/schemas', { body: schema('/by-url/') });
    await server.call('POST', '/schemas', { body: { ...schema('/by-url/'), is_active: false } });
    await server.call('POST', '/schemas', { body: schema('/by-url/other/') });
    const found = await server.call('GET', '/schemas-by-url?url=https://example.com/by-url/', {
      as: 'anonymous',
    });
    expect(found.body).toEqual([a.body]);
    expect((await server.call('GET', '/schemas-by-url?url=https://example.com/none/')).body).toEqual([]);
  });

  test('unknown ids, routes and methods answer 404 in the WordPress shape', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await server.call(method, '/schemas/999999', {
        body: method === 'PUT' ? {} : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    expect((await server.call('GET', '/nothing')).body).toMatchObject({
      code: 'rest_no_route',
      data: { status: 404 },
    });
    expect((await server.call('DELETE', '/meta')).body.code).toBe('rest_no_route');
    expect((await server.call('GET', `${server.origin}/elsewhere`)).status).toBe(404);
  });

  test('routes answer under ?rest_route= too, and the prefix answers the route index', async () => {
    await server.call('POST', '/schemas', { body: schema('/plain/') });
    const plain = await server.call(
      'GET',
      `${server.origin}/?rest_route=/schemafy/v1/schemas&url=https://example.com/plain/`,
    );
    expect(plain.status).toBe(200);
    expect(plain.body.map((r: { url: string }) => r.url)).toEqual(['https://example.com/plain/']);
    const index = await server.call('GET', '', { as: 'anonymous' });
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining(['/schemafy/v1/schemas', '/schemafy/v1/schemas-by-url', '/schemafy/v1/bulk']),
    );
  });

  test('a query parameter given twice takes its last value, as PHP gives it to WordPress', async () => {
    await server.call('POST', '/schemas', { body: schema('/first/') });
    await server.call('POST', '/schemas', { body: schema('/last/') });
    const urls = async (route: string) =>
      (await server.call('GET', route)).body.map((r: { url: string }) => r.url);
    expect(await urls('/schemas?url=https://example.com/first/&url=https://example.com/last/')).toEqual([
      'https://example.com/last/',
    ]);
    expect(
      await urls(
        `${server.origin}/?rest_route=/elsewhere/v1/schemas&rest_route=/schemafy/v1/schemas&url=https://example.com/first/`,
      ),
    ).toEqual(['https://example.com/first/']);
  });
});

describe('every 400 names the field and the reason', () => {
  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['relative url', { ...schema('/'), url: '/relative/' }, 'url'],
    ['ftp url', { ...schema('/'), url: 'ftp://example.com/' }, 'url'],
    ['url on another host', { ...schema('/'), url: 'https://evil.test/' }, 'url'],
    ['schema_type not a name', { ...schema('/'), schema_type: 'not a type' }, 'schema_type'],
    [
      'schema_type not in Schema.org',
      { ...schema('/'), schema_type: 'Foo', schema_data: document('Foo') },
      'schema_type',
    ],
    ['schema_type not matching @type', { ...schema('/'), schema_type: 'Article' }, 'schema_type'],
    ['schema_data not JSON', { ...schema('/'), schema_data: '{nope' }, 'schema_data'],
    ['schema_data a number', { ...schema('/'), schema_data: 12 }, 'schema_data'],
    ['schema_data without @context', { ...schema('/'), schema_data: '{"@type":"WebPage"}' }, 'schema_data'],
    [
      'schema_data without @type',
      { ...schema('/'), schema_data: '{"@context":"https://schema.org"}' },
      'schema_data',
    ],
    ['schema_data a JSON string', { ...schema('/'), schema_data: '"text"' }, 'schema_data'],
    ['empty schema_name', { ...schema('/'), schema_name: ' ' }, 'schema_name'],
    ['is_active not a flag', { ...schema('/'), is_active: 'maybe' }, 'is_active'],
    ['unknown body field', { ...schema('/'), extra: 1 }, 'extra'],
  ];
  test.each(invalid)('POST /schemas with %s', async (_, body, field) => {
    const answer = await server.call('POST', '/schemas', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('rest_invalid_param');
    expect(typeof answer.body.data.params[field]).toBe('string');
    // As WordPress 5.7+ answers: each field's own error under details.
    expect(answer.body.data.details[field]).toMatchObject({ code: 'rest_invalid_param', data: null });
    expect(answer.body.data.details[field].message).toContain(answer.body.data.params[field]);
  });

  test('the www host is one of the site hosts, and both schemes are accepted', async () => {
    for (const url of ['http://www.example.com/x/', 'https://www.example.com/x/']) {
      expect((await server.call('POST', '/schemas', { body: { ...schema('/'), url } })).status).toBe(201);
    }
  });

  test('a @graph document matches a schema_type among its nodes', async () => {
    const data = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'WebSite' }, { '@type': 'Organization' }],
    });
    const ok = await server.call('POST', '/schemas', {
      body: { ...schema('/graph/'), schema_type: 'Organization', schema_data: data },
    });
    expect(ok.status).toBe(201);
  });

  test('missing fields are listed together', async () => {
    const answer = await server.call('POST', '/schemas', { body: { url: 'https://example.com/' } });
    expect(answer.body).toMatchObject({ code: 'rest_missing_callback_param', data: { status: 400 } });
    expect(answer.body.data.params).toEqual(['schema_type', 'schema_name', 'schema_data']);
  });

  test('an update is checked against the stored record it changes', async () => {
    const created = await server.call('POST', '/schemas', { body: schema('/update-check/') });
    const answer = await server.call('PUT', `/schemas/${created.body.id}`, {
      body: { schema_type: 'Article' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.params.schema_type).toMatch(/WebPage/);
  });

  test('a body that is not JSON, or not an object', async () => {
    expect((await server.call('POST', '/schemas', { raw: '{"url":' })).body.code).toBe('rest_invalid_json');
    const array = await server.call('POST', '/schemas', { raw: '[]' });
    expect(array.status).toBe(400);
    expect(array.body.data.params.body).toMatch(/object/);
  });

  test('a body that is not UTF-8, or holds an unpaired surrogate, is refused as WordPress refuses it', async () => {
    // Stored, they became U+FFFD while the answer showed what was sent.
    const notUtf8 = Buffer.concat([
      Buffer.from('{"url":"https://example.com/cafe/","title":"Caf'),
      Buffer.from([0xe9, 0x20, 0xff]),
      Buffer.from('"}'),
    ]);
    const bytes = await server.call('POST', '/meta', { raw: notUtf8 });
    expect(bytes.status).toBe(400);
    expect(bytes.body).toMatchObject({
      code: 'rest_invalid_json',
      message: expect.stringMatching(/not UTF-8/),
    });
    const lone = await server.call('POST', '/meta', {
      raw: '{"url":"https://example.com/lone/","title":"\\ud800 lone"}',
    });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toMatch(/unpaired UTF-16 surrogate/);
    // Nothing was stored.
    const stored = await server.call('GET', `/meta?url=${encodeURIComponent('https://example.com/lone/')}`);
    expect(stored.body.title ?? null).toBeNull();
  });

  test('JSON nested 10,000 levels is refused without a crash, in a body and in schema_data', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const asText = await server.call('POST', '/schemas', {
      body: { ...schema('/deep/'), schema_data: deep },
    });
    expect(asText.status).toBe(400);
    expect(asText.body.data.params.schema_data).toMatch(/deeper/);
    const nested = `{"@context":"https://schema.org","@type":"WebPage","x":${deep}}`;
    const raw = `{"url":"https://example.com/deep/","schema_type":"WebPage","schema_name":"d","schema_data":${nested}}`;
    // A body that deep is refused as a whole before it is parsed.
    const asObject = await server.call('POST', '/schemas', { raw });
    expect(asObject.status).toBe(400);
    expect(asObject.body).toMatchObject({
      code: 'rest_invalid_json',
      message: expect.stringMatching(/deeper/),
    });
    // Asked to judge it, /validate says it is invalid: a bad document is valid: false, not a 400.
    const validate = await server.call('POST', '/validate', { body: { schema_data: nested } });
    expect(validate.status).toBe(200);
    expect(validate.body).toMatchObject({ valid: false, errors: [{ code: 'too-deep' }] });
    expect((await server.call('GET', '/schemas?per_page=1')).status).toBe(200);
  });

  test('a body over the size limit answers 413', async () => {
    const small = await startServer({ maxBodyBytes: 1024 });
    try {
      const big = { ...schema('/big/'), schema_data: document('WebPage', { text: 'x'.repeat(2000) }) };
      const answer = await small.call('POST', '/schemas', { body: big });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'payload_too_large', data: { status: 413 } });
      expect((await small.call('POST', '/schemas', { body: schema('/fits/') })).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  test.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['orderby=name', 'orderby'],
    ['order=up', 'order'],
  ])('GET /schemas?%s', async (query, field) => {
    const answer = await server.call('GET', `/schemas?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.data.params[field]).toBeTypeOf('string');
  });

  test('meta, social, bulk, validate and scan name their bad fields', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/meta', { url: 'https://example.com/', title: 3 }, 'title'],
      ['/meta', { url: 'https://other.test/' }, 'url'],
      ['/meta', { url: 'https://example.com/', color: 'red' }, 'color'],
      ['/social', { url: 'https://example.com/', og: { colour: 'x' } }, 'og.colour'],
      ['/social', { url: 'https://example.com/', twitter: 'x' }, 'twitter'],
      ['/bulk', { action: 'explode' }, 'action'],
      ['/bulk', { action: 'fix', ids: ['a'] }, 'ids'],
      ['/validate', { id: 'x' }, 'id'],
      ['/scan', { urls: ['https://other.test/'] }, 'urls[0]'],
      ['/scan', { sitemap: 'not a url' }, 'sitemap'],
    ];
    for (const [route, body, field] of cases) {
      const answer = await server.call('POST', route, { body });
      expect([route, answer.status, answer.body.code]).toEqual([route, 400, 'rest_invalid_param']);
      expect(answer.body.data.params[field]).toBeTypeOf('string');
    }
  });
});
