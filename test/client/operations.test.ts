import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient, type SchemaClient } from '../../src/client/index.ts';
import { type ContractServer, PASSWORD, startContractServer, USER } from './contract-server.ts';

let server: ContractServer;
let client: SchemaClient;

beforeAll(async () => {
  server = await startContractServer(45);
  client = createClient({
    baseUrl: `${server.baseUrl}/`,
    username: USER,
    password: PASSWORD,
    retryDelayMs: 5,
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('schemas', () => {
  test('list reads one page and its paging headers', async () => {
    const page = await client.schemas.list({ page: 2, per_page: 20 });
    expect(page.items.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
    expect(page).toMatchObject({ page: 2, total: 45, totalPages: 3, next: 3 });
    expect(page.items[0]?.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Page 21',
    });
    expect(server.requests.at(-1)?.url).toBe('/wp-json/schemafy/v1/schemas?page=2&per_page=20');
  });

  test('listAll walks every page', async () => {
    const ids: number[] = [];
    for await (const record of client.schemas.listAll({ per_page: 10 })) ids.push(record.id);
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
  });

  test('get, create (string and object), update, delete', async () => {
    expect((await client.schemas.get(3)).schema_name).toBe('Page 3');
    const document = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Hi' };
    const fromObject = await client.schemas.create({
      url: 'https://example.com/a/',
      schema_type: 'Article',
      schema_name: 'A',
      schema_data: document,
    });
    expect(JSON.parse(server.requests.at(-1)!.body).schema_data).toBe(JSON.stringify(document));
    expect(fromObject).toMatchObject({
      url: 'https://example.com/a/',
      data: document,
      data_error: null,
      is_active: true,
    });
    const fromString = await client.schemas.create({
      url: 'https://example.com/b/',
      schema_type: 'Article',
      schema_name: 'B',
      schema_data: JSON.stringify(document),
      is_active: false,
    });
    expect(fromString.is_active).toBe(false);
    const updated = await client.schemas.update(fromString.id, { schema_name: 'B2', is_active: true });
    expect(updated).toMatchObject({ id: fromString.id, schema_name: 'B2', is_active: true });
    expect(server.requests.at(-1)?.method).toBe('PUT');
    const deleted = await client.schemas.delete(fromString.id);
    expect(deleted?.id).toBe(fromString.id);
    await expect(client.schemas.get(fromString.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  test('schemasByUrl returns the active records of a URL, and [] for none', async () => {
    const records = await client.schemasByUrl('https://example.com/page-7/');
    expect(records.map((r) => r.id)).toEqual([7]);
    expect(await client.schemasByUrl('https://example.com/none/')).toEqual([]);
  });
});

describe('meta and social', () => {
  test('meta set, get and list', async () => {
    const stored = await client.meta.set('https://example.com/page-1/', {
      title: '{{meta_title}} | Site',
      robots: 'noindex',
    });
    expect(stored).toMatchObject({
      url: 'https://example.com/page-1/',
      title: '{{meta_title}} | Site',
      robots: 'noindex',
    });
    expect(await client.meta.get('https://example.com/page-1/')).toEqual({
      url: 'https://example.com/page-1/',
      title: '{{meta_title}} | Site',
      description: null,
      robots: 'noindex',
      canonical: null,
      keywords: null,
    });
    expect((await client.meta.get('https://example.com/unknown/')).title).toBeNull();
    const page = await client.meta.list();
    expect(page.items.map((m) => m.url)).toEqual(['https://example.com/page-1/']);
    const all = [];
    for await (const tags of client.meta.listAll()) all.push(tags.url);
    expect(all).toEqual(['https://example.com/page-1/']);
  });

  test('social set, get and list', async () => {
    const stored = await client.social.set('https://example.com/page-2/', {
      og: { title: 'OG title', image: 'https://example.com/i.png' },
      twitter: { card: 'summary_large_image' },
    });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({
      url: 'https://example.com/page-2/',
      og: { title: 'OG title', image: 'https://example.com/i.png' },
      twitter: { card: 'summary_large_image' },
    });
    expect(stored.og.title).toBe('OG title');
    expect(stored.og.locale).toBeNull();
    expect((await client.social.get('https://example.com/page-2/')).twitter.card).toBe('summary_large_image');
    expect((await client.social.list()).items).toHaveLength(1);
  });
});

describe('scan, validate, bulk, probe', () => {
  test('scan', async () => {
    const result = await client.scan({ urls: ['https://example.com/x/'], dry_run: true });
    expect(result).toMatchObject({ scanned: 1, created: 0, errors: [], dry_run: true });
    expect(result.schemas[0]).toMatchObject({
      id: null,
      url: 'https://example.com/x/',
      data: { '@type': 'WebPage' },
    });
  });

  test('validate', async () => {
    expect(await client.validate({ schema_data: { '@type': 'Thing' } })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    const bad = await client.validate({ schema_data: '{"name":"x"}' });
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]).toEqual({ path: '$', code: 'missing_type', message: '@type is missing' });
  });

  test('bulk', async () => {
    const result = await client.bulk('fix', { dry_run: true, ids: [1] });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ dry_run: true, ids: [1], action: 'fix' });
    expect(result).toMatchObject({
      action: 'fix',
      dry_run: true,
      affected: 1,
      items: [{ id: 1, change: 'context set to https' }],
    });
  });

  test('probe reads the route index and the credentials', async () => {
    expect(await client.probe()).toEqual({
      routes: {
        schemas: true,
        schemasByUrl: true,
        meta: true,
        social: true,
        scan: true,
        validate: true,
        bulk: true,
      },
      routesFrom: 'index',
      authenticated: true,
      canEditPosts: true,
      canManageOptions: true,
    });
    const anonymous = createClient({ baseUrl: server.baseUrl });
    expect(await anonymous.probe()).toMatchObject({ authenticated: false, canEditPosts: false });
    const wrong = createClient({ baseUrl: server.baseUrl, username: USER, password: 'nope' });
    await expect(wrong.probe()).rejects.toMatchObject({ code: 'credentials_not_accepted' });
    await Promise.all([anonymous.close(), wrong.close()]);
  });

  test('every call sends the Basic header and a user agent', () => {
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    const sent = server.requests.filter((r) => !r.url.includes('probe'));
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.every((r) => r.headers['user-agent'] === 'astro-schema-manager')).toBe(true);
    expect(sent.filter((r) => r.headers.authorization === expected).length).toBeGreaterThan(10);
  });
});
