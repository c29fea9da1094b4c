import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createServer, type MetaTags, type SchemaRecord, type SocialTags } from '../../src/server/index.ts';
import { schema, startServer, users } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'schemas-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('50 parallel creates and 50 parallel updates of one record lose nothing', async () => {
  const server = await startServer({ db: join(dir, 'parallel.sqlite') });
  try {
    const creates = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.call('POST', '/schemas', { body: schema(`/p/${i}/`) })),
    );
    expect(creates.every((answer) => answer.status === 201)).toBe(true);
    expect(new Set(creates.map((answer) => answer.body.id)).size).toBe(50);
    expect((await server.call('GET', '/schemas?per_page=1')).headers.get('x-wp-total')).toBe('50');

    // Partial meta writes to one URL: each field must survive the others' read-modify-write.
    const url = 'https://example.com/p/0/';
    const fields = ['title', 'description', 'robots', 'canonical', 'keywords'];
    await Promise.all(fields.map((field) => server.call('POST', '/meta', { body: { url, [field]: field } })));
    const meta = (await server.call('GET', `/meta?url=${url}`)).body;
    for (const field of fields) expect(meta[field]).toBe(field);

    const id = creates[0]!.body.id;
    const names = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.call('PUT', `/schemas/${id}`, { body: { schema_name: `n${i}` } }),
      ),
    );
    expect(names.every((answer) => answer.status === 200)).toBe(true);
    const final = (await server.call('GET', `/schemas/${id}`)).body.schema_name;
    expect(names.map((answer) => answer.body.schema_name)).toContain(final);
  } finally {
    await server.close();
  }
});

test('two servers on one file both write, and neither loses the other’s records', async () => {
  const file = join(dir, 'shared.sqlite');
  const [a, b] = [await startServer({ db: file }), await startServer({ db: file })];
  try {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).call('POST', '/schemas', { body: schema(`/shared/${i}/`) }),
      ),
    );
    expect((await a.call('GET', '/schemas?per_page=1')).headers.get('x-wp-total')).toBe('40');
    expect((await b.call('GET', '/schemas?per_page=1')).headers.get('x-wp-total')).toBe('40');
  } finally {
    await a.close();
    await b.close();
  }
});

test('data survives a restart on the same file; the seed is not loaded twice', async () => {
  const file = join(dir, 'restart.sqlite');
  const seed = {
    schemas: [
      {
        url: 'https://example.com/seeded/',
        schema_data: { '@context': 'https://schema.org', '@type': 'WebPage' },
      },
    ],
    meta: [{ url: 'https://example.com/seeded/', title: 'Seeded' }],
    social: [{ url: 'https://example.com/seeded/', og: { title: 'OG seeded' } }],
  };
  const first = await startServer({ db: file, seed });
  const created = await first.call('POST', '/schemas', { body: schema('/kept/', 'Article') });
  await first.call('POST', '/meta', { body: { url: 'https://example.com/kept/', title: 'Kept' } });
  await first.close();

  const second = createServer({ db: file, seed, users: [users.admin] });
  const base = await second.listen(0);
  try {
    const auth = {
      authorization: `Basic ${Buffer.from(`admin:${users.admin.password}`).toString('base64')}`,
    };
    const list = (await (await fetch(`${base}/schemas`, { headers: auth })).json()) as SchemaRecord[];
    expect(
      list.map((r: { url: string; schema_type: string; schema_name: string }) => [r.url, r.schema_type]),
    ).toEqual([
      ['https://example.com/seeded/', 'WebPage'],
      ['https://example.com/kept/', 'Article'],
    ]);
    expect(list[1]).toEqual(created.body);
    const meta = (await (
      await fetch(`${base}/meta?url=https://example.com/kept/`, { headers: auth })
    ).json()) as MetaTags;
    expect(meta.title).toBe('Kept');
    const social = (await (
      await fetch(`${base}/social?url=https://example.com/seeded/`, { headers: auth })
    ).json()) as SocialTags;
    expect(social.og.title).toBe('OG seeded');
  } finally {
    await second.close();
  }
});

test('a seed entry that breaks a rule is refused, naming the entry and field', () => {
  expect(() =>
    createServer({
      seed: {
        schemas: [
          {
            url: 'https://elsewhere.test/',
            schema_data: '{"@context":"https://schema.org","@type":"Thing"}',
          },
        ],
      },
    }),
  ).toThrow(/schemas\[0\]\.url/);
});
