import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createStore, type Store } from '../../src/server/index.ts';
import { document, schema, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let ids: Record<string, number>;

/** Records the API refuses (bad JSON, no context, drifted type) are planted straight into the store. */
function plant(store: Store): Record<string, number> {
  const add = (name: string, url: string, type: string, data: string, active = true) =>
    [
      name,
      store.createSchema({
        url: `https://example.com${url}`,
        schema_type: type,
        schema_name: name,
        schema_data: data,
        is_active: active,
      }).id,
    ] as const;
  return Object.fromEntries([
    add('good', '/a/', 'WebPage', document('WebPage')),
    add('copy', '/a/', 'WebPage', JSON.stringify({ '@type': 'WebPage', '@context': 'https://schema.org' })),
    add('noContext', '/b/', 'WebPage', '{"@type":"WebPage"}'),
    add('httpContext', '/c/', 'Article', '  {"@context":"http://schema.org","@type":"BlogPosting"} '),
    add('broken', '/d/', 'WebPage', '{not json'),
    add('inactive', '/e/', 'WebPage', document('WebPage'), false),
  ]);
}

let folder: string;
beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'bulk-'));
  const file = join(folder, 'db.sqlite');
  const store = createStore(file);
  ids = plant(store);
  store.close();
  server = await startServer({ db: file });
});
afterEach(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const all = async () =>
  (await server.call('GET', '/schemas?per_page=100')).body as Array<Record<string, unknown>>;

describe.each([true, false])('/bulk with dry_run %s', (dryRun) => {
  test('fix', async () => {
    const before = await all();
    const answer = await server.call('POST', '/bulk', { body: { action: 'fix', dry_run: dryRun } });
    expect(answer.body).toMatchObject({ action: 'fix', dry_run: dryRun, affected: 2 });
    const changes = Object.fromEntries(
      answer.body.items.map((i: { id: number; change: string }) => [i.id, i.change]),
    );
    expect(changes[ids.noContext!]).toBe('added @context');
    expect(changes[ids.httpContext!]).toBe(
      '@context http: -> https:; schema_type Article -> BlogPosting; trimmed whitespace (schema_data)',
    );
    expect(answer.body.errors).toEqual([expect.objectContaining({ id: ids.broken, code: 'invalid_json' })]);
    const after = await all();
    if (dryRun) expect(after).toEqual(before);
    else {
      const fixed = after.find((r) => r.id === ids.httpContext)!;
      expect(fixed.schema_type).toBe('BlogPosting');
      expect(JSON.parse(fixed.schema_data as string)['@context']).toBe('https://schema.org');
      expect(JSON.parse(after.find((r) => r.id === ids.noContext)!.schema_data as string)['@context']).toBe(
        'https://schema.org',
      );
    }
  });

  test('cleanup', async () => {
    const answer = await server.call('POST', '/bulk', { body: { action: 'cleanup', dry_run: dryRun } });
    expect(answer.body.items).toEqual([
      { id: ids.broken, url: 'https://example.com/d/', change: 'deleted: schema_data does not parse' },
      { id: ids.inactive, url: 'https://example.com/e/', change: 'deleted: inactive' },
    ]);
    expect((await all()).length).toBe(dryRun ? 6 : 4);
  });

  test('duplicates keeps the oldest', async () => {
    const answer = await server.call('POST', '/bulk', { body: { action: 'duplicates', dry_run: dryRun } });
    expect(answer.body).toMatchObject({
      affected: 1,
      items: [{ id: ids.copy, change: `deleted: duplicate of ${ids.good}` }],
    });
    const remaining = (await all()).map((r) => r.id);
    expect(remaining.includes(ids.copy!)).toBe(dryRun);
    expect(remaining).toContain(ids.good);
  });
});

test('/bulk ids restrict the records an action looks at', async () => {
  const answer = await server.call('POST', '/bulk', { body: { action: 'cleanup', ids: [ids.inactive] } });
  expect(answer.body.items.map((i: { id: number }) => i.id)).toEqual([ids.inactive]);
});

describe('/validate', () => {
  test('a document, a stored record, or a URL', async () => {
    const good = await server.call('POST', '/validate', { body: { schema_data: document('WebPage') } });
    expect(good.body).toEqual({ valid: true, errors: [], warnings: [] });
    const asObject = await server.call('POST', '/validate', {
      body: { schema_data: { '@context': 'https://schema.org', '@type': 'WebPage' } },
    });
    expect(asObject.body.valid).toBe(true);
    const notJson = await server.call('POST', '/validate', { body: { schema_data: '{nope' } });
    expect(notJson.status).toBe(200);
    expect(notJson.body.valid).toBe(false);
    expect(notJson.body.errors[0]).toMatchObject({
      path: expect.any(String),
      code: expect.any(String),
      message: expect.any(String),
    });
    const byId = await server.call('POST', '/validate', { body: { id: ids.broken } });
    expect(byId.body.valid).toBe(false);
    expect(byId.body.errors[0].id).toBe(ids.broken);
    const byUrl = await server.call('POST', '/validate', {
      body: { url: 'https://example.com/a/' },
      as: 'editor',
    });
    expect(byUrl.body.valid).toBe(true);
  });

  test('unknown id or URL is 404; two targets at once is 400', async () => {
    expect((await server.call('POST', '/validate', { body: { id: 99999 } })).body.code).toBe('not_found');
    expect(
      (await server.call('POST', '/validate', { body: { url: 'https://example.com/none/' } })).status,
    ).toBe(404);
    const both = await server.call('POST', '/validate', { body: { id: 1, url: 'https://example.com/a/' } });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.data.params)).toEqual(['id', 'url']);
    expect((await server.call('POST', '/validate', { body: {} })).body.code).toBe(
      'rest_missing_callback_param',
    );
  });

  test('the validator judges the document', async () => {
    const answer = await server.call('POST', '/validate', {
      body: { schema_data: schema('/', 'WebPage').schema_data.replace('WebPage', 'webpage') },
    });
    expect(answer.body.valid).toBe(false);
  });
});
