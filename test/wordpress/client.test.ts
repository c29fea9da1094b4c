// The client against a real WordPress, on each way a site answers REST requests (pretty permalinks,
// plain ones behind a front controller, plain ones without rewriting), as each kind of user.
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { SchemaRecord } from '../../src/client/index.ts';
import { failure } from '../client/scripted-server.ts';
import { apiFormOf, BASE_URL_FORMS, sites } from './sites.ts';
import { clientsClosedAfterAll } from './support.ts';

const DOC = { '@context': 'https://schema.org', '@type': 'Thing', name: 'A thing' };

/** A GET whose body is read as sent (node:http decodes nothing). */
function rawGet(
  url: string,
  authorization: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { authorization, 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe.each(sites)('$kind site', (site) => {
  const client = clientsClosedAfterAll({ baseUrl: apiFormOf[site.kind](site.origin) });
  const asAdmin = () => client(site.admin);

  test('every base URL form reaches the API, and the working form is kept', async () => {
    for (const form of BASE_URL_FORMS) {
      const api = client({ ...site.admin, baseUrl: form(site.origin) });
      const probe = await api.probe();
      expect(probe).toMatchObject({ authenticated: true, canEditPosts: true, canManageOptions: true });
      expect(probe.routes).toMatchObject({ schemas: true, schemasByUrl: true, meta: true, social: true });
      // The form given when it works (both do with pretty permalinks), else the plain form.
      const plain = site.kind !== 'pretty' || form(site.origin).includes('rest_route');
      expect(api.baseUrl).toContain(plain ? 'rest_route=/schemafy/v1' : '/wp-json/schemafy/v1');
      // Once found out, the form costs nothing more: one request per call (the first list may also read
      // the site's time zone, once).
      await api.schemas.list({ per_page: 1 });
      const before = api.stats().requests;
      await api.schemas.list({ per_page: 1 });
      await api.schemas.list({ per_page: 1 });
      expect(api.stats().requests - before).toBe(2);
    }
  });

  test('administrator: create, read, list, update and delete through the variant shapes', async () => {
    const api = asAdmin();
    const url = `${site.origin}/crud-${Date.now()}/`;
    const created = await api.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'One',
      schema_data: DOC,
    });
    expect(created).toMatchObject({ url, schema_type: 'Thing', is_active: true, data: DOC });
    expect(typeof created.id).toBe('number');
    // Stored as site-local time (Asia/Tokyo, +9 h) without a zone: read back as the real instant.
    const age = Date.now() - Date.parse(created.created_at ?? '');
    expect(Math.abs(age)).toBeLessThan(10 * 60_000);
    expect(created.created_at).toMatch(/Z$/);

    const updated = await api.schemas.update(created.id, { schema_name: 'Renamed', is_active: false });
    expect(updated).toMatchObject({ id: created.id, schema_name: 'Renamed', is_active: false });
    expect((await api.schemas.get(created.id)).schema_name).toBe('Renamed');
    expect(await api.schemasByUrl(url)).toEqual([]);

    for (const name of ['Two', 'Three']) {
      await api.schemas.create({ url, schema_type: 'Thing', schema_name: name, schema_data: DOC });
    }
    const clamped = await api.schemas.list({ url, per_page: 2, page: 9 });
    expect(clamped).toMatchObject({ page: 2, totalPages: 2, total: 3, next: null });
    const all = [];
    for await (const record of api.schemas.listAll({ url, per_page: 1 })) all.push(record.schema_name);
    expect(all).toEqual(['Renamed', 'Two', 'Three']);

    expect(await api.schemas.delete(created.id)).toBeNull();
    expect(await failure(api.schemas.get(created.id))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test.runIf(site.compressed)(
    'answers PHP compresses are read whole, in a fraction of the bytes',
    async () => {
      const api = asAdmin();
      const url = (n: number) => `${site.origin}/gzip-${Date.now()}-${n}/`;
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          api.schemas.create({
            url: url(n),
            schema_type: 'Thing',
            schema_name: `Compressed ${n}`,
            schema_data: { ...DOC, description: `A thing described at some length, number ${n}.` },
          }),
        ),
      );
      try {
        // What PHP sends, read raw: gzip when asked for, and several times smaller.
        const raw = async (encoding: string) => {
          const response = await rawGet(
            `${site.origin}/index.php?rest_route=/schemafy/v1/schemas&per_page=100`,
            `Basic ${Buffer.from(`${site.admin.username}:${site.admin.password}`).toString('base64')}`,
            encoding,
          );
          return response;
        };
        const [compressed, plain] = await Promise.all([raw('gzip, br'), raw('identity')]);
        expect(compressed.headers['content-encoding']).toBe('gzip');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(gunzipSync(compressed.body).equals(plain.body)).toBe(true);
        expect(compressed.body.length * 3).toBeLessThan(plain.body.length);
        // The client, which asks for gzip, reads every record the plain answer holds.
        const listed: SchemaRecord[] = [];
        for await (const record of api.schemas.listAll({ per_page: 100 })) listed.push(record);
        expect(listed).toHaveLength((JSON.parse(plain.body.toString('utf8')) as unknown[]).length);
        const ids = new Set(listed.map((record) => record.id));
        for (const record of created) expect(ids.has(record.id)).toBe(true);
      } finally {
        await Promise.all(created.map((record) => api.schemas.delete(record.id)));
      }
    },
  );

  test('administrator: meta and social tags in flat field names', async () => {
    const api = asAdmin();
    const url = `${site.origin}/tags-${Date.now()}/`;
    await api.meta.set(url, { title: 'Meta title', description: 'Meta description' });
    await api.social.set(url, { og: { title: 'OG title' }, twitter: { card: 'summary' } });
    expect(await api.meta.get(url)).toMatchObject({
      url,
      title: 'Meta title',
      description: 'Meta description',
    });
    expect(await api.social.get(url)).toMatchObject({
      og: { title: 'OG title' },
      twitter: { card: 'summary' },
    });
    const listed = [];
    for await (const entry of api.meta.listAll()) listed.push(entry.url);
    expect(listed).toContain(url);
  });

  test('WordPress argument validation reaches the caller; bad ids never leave the client', async () => {
    const api = asAdmin();
    const invalid = await failure(api.schemas.list({ per_page: 500 }));
    expect(invalid).toMatchObject({ status: 400, code: 'rest_invalid_param' });
    const before = api.stats().requests;
    const badId = await failure(api.schemas.get('abc' as unknown as number));
    expect(badId.code).toBe('invalid_argument');
    expect(badId.message).toContain('"abc"');
    expect(api.stats().requests).toBe(before);
  });

  test('editor: reads schemas, may not write them or read tags', async () => {
    const api = client(site.editor);
    expect(await api.probe()).toMatchObject({
      authenticated: true,
      canEditPosts: true,
      canManageOptions: false,
    });
    expect((await api.schemas.list({ per_page: 1 })).items.length).toBeGreaterThanOrEqual(0);
    const write = api.schemas.create({
      url: `${site.origin}/x/`,
      schema_type: 'Thing',
      schema_name: 'x',
      schema_data: DOC,
    });
    expect(await failure(write)).toMatchObject({ status: 403, code: 'rest_forbidden' });
  });

  test('anonymous: public reads only', async () => {
    const api = client();
    expect(await api.probe()).toMatchObject({ authenticated: false, canEditPosts: false });
    expect(Array.isArray(await api.schemasByUrl(`${site.origin}/nothing/`))).toBe(true);
    expect(await failure(api.schemas.list())).toMatchObject({ status: 401, code: 'rest_forbidden' });
  });

  test('a wrong application password is answered as anonymous, and reported as not accepted', async () => {
    const password = 'abcd EFGH ijkl MNOP qrst UVWX';
    const api = client({ username: site.admin.username, password });
    const error = await failure(api.probe());
    expect(error.code).toBe('credentials_not_accepted');
    expect(error.message).toContain(`"${site.admin.username}"`);
    expect(error.message).toContain('Authorization header');
    expect(JSON.stringify(error)).not.toContain(password);
  });

  test('an inactive plugin (a namespace WordPress does not have) is "no API at this address"', async () => {
    // WordPress answers OPTIONS on any REST path with 200, which is why the probe never asks it.
    const options = await fetch(`${site.origin}/index.php?rest_route=/nothing/v1/schemas`, {
      method: 'OPTIONS',
    });
    expect(options.status).toBe(200);
    for (const baseUrl of [site.origin, `${site.origin}/wp-json/nothing/v1`]) {
      const error = await failure(client({ ...site.admin, baseUrl, namespace: 'nothing/v1' }).probe());
      expect(error.code).toBe('not_this_api');
      expect(error.message).toContain(site.origin);
      expect(error.message).toContain('without this namespace');
    }
  });

  test('a web page at the api address is "no API at this address", not a credentials problem', async () => {
    // readme.html is a static page of the WordPress package: an ordinary website as far as the client knows.
    const error = await failure(client({ ...site.admin, baseUrl: `${site.origin}/readme.html` }).probe());
    expect(error.code).toBe('not_this_api');
    expect(error.message).toContain(`${site.origin}/readme.html`);
  });
});
