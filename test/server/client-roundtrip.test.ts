// The project's client against the reference server: every operation, end to end over loopback.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiError, createClient, type SchemaClient } from '../../src/client/index.ts';
import { startServer, type TestServer, users } from './harness.ts';

let server: TestServer;
let admin: SchemaClient;
let editor: SchemaClient;
beforeAll(async () => {
  server = await startServer();
  admin = createClient({
    baseUrl: server.baseUrl,
    username: 'admin',
    password: users.admin.password,
    retries: 0,
  });
  editor = createClient({
    baseUrl: server.baseUrl,
    username: 'editor',
    password: users.editor.password,
    retries: 0,
  });
});
afterAll(async () => {
  await admin.close();
  await editor.close();
  await server.close();
});

const data = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Round trip' };

test('create, read, update, list, delete', async () => {
  const created = await admin.schemas.create({
    url: 'https://example.com/round/',
    schema_type: 'Article',
    schema_name: 'Round trip',
    schema_data: data,
  });
  expect(created).toMatchObject({
    url: 'https://example.com/round/',
    schema_type: 'Article',
    is_active: true,
    data,
  });
  expect(await editor.schemas.get(created.id)).toEqual(created);
  const updated = await admin.schemas.update(created.id, { schema_name: 'Renamed' });
  expect(updated.schema_name).toBe('Renamed');
  expect((await admin.schemasByUrl('https://example.com/round/')).map((r) => r.id)).toEqual([created.id]);
  const page = await editor.schemas.list({ per_page: 1 });
  expect(page.total).toBe(1);
  expect(page.items[0]!.id).toBe(created.id);
  await admin.schemas.delete(created.id);
  await expect(admin.schemas.get(created.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
});

test('listAll walks every page', async () => {
  for (let i = 0; i < 25; i++) {
    await admin.schemas.create({
      url: `https://example.com/all/${i}/`,
      schema_type: 'Article',
      schema_name: `n${i}`,
      schema_data: data,
    });
  }
  const seen: number[] = [];
  for await (const record of admin.schemas.listAll({ per_page: 10 })) seen.push(record.id);
  expect(seen).toHaveLength(25);
  expect(new Set(seen).size).toBe(25);
});

test('meta and social set and get', async () => {
  const url = 'https://example.com/tags/';
  expect((await admin.meta.set(url, { title: 'T', robots: 'noindex' })).title).toBe('T');
  expect(await admin.meta.get(url)).toMatchObject({ url, title: 'T', robots: 'noindex', description: null });
  await admin.social.set(url, { og: { title: 'OG' }, twitter: { card: 'summary' } });
  const social = await admin.social.get(url);
  expect(social.og.title).toBe('OG');
  expect(social.twitter.card).toBe('summary');
  expect((await admin.meta.list()).items.map((m) => m.url)).toContain(url);
});

test('validate, bulk and probe', async () => {
  expect((await editor.validate({ schema_data: data })).valid).toBe(true);
  expect(
    (await editor.validate({ schema_data: '{"@context":"https://schema.org","@type":"Nope"}' })).valid,
  ).toBe(false);
  const bulk = await admin.bulk('duplicates', { dry_run: true });
  expect(bulk).toMatchObject({ action: 'duplicates', dry_run: true, affected: 0 });
  const probe = await editor.probe();
  expect(probe).toMatchObject({ authenticated: true, canEditPosts: true, canManageOptions: false });
  expect(Object.values(probe.routes).every(Boolean)).toBe(true);
  expect((await admin.probe()).canManageOptions).toBe(true);
});

test('a refused write surfaces as ApiError with the server’s code', async () => {
  const error = await editor.schemas
    .create({ url: 'https://example.com/x/', schema_type: 'Article', schema_name: 'x', schema_data: data })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 403, code: 'rest_forbidden' });
});
