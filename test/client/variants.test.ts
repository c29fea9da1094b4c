// Every item of "Variants real servers send" normalises to the one shape.
import { describe, expect, test } from 'vitest';
import { record, scripted } from './scripted-server.ts';

const normalised = {
  id: 12,
  url: 'https://example.com/blog/hello/',
  schema_type: 'Article',
  schema_name: 'Hello post',
  schema_data: '{"@context":"https://schema.org","@type":"Article","headline":"Hello"}',
  data: { '@context': 'https://schema.org', '@type': 'Article', headline: 'Hello' },
  data_error: null,
  is_active: true,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

async function getOne(body: unknown) {
  const api = await scripted(() => ({ body }));
  try {
    return await api.client.schemas.get(12);
  } finally {
    await api.close();
  }
}

describe('records', () => {
  test('the contract shape', async () => {
    expect(await getOne(record)).toEqual(normalised);
  });

  test('ids and flags as strings, MySQL dates without a zone (read as UTC), extra fields ignored', async () => {
    const loose = {
      ...record,
      id: '12',
      is_active: '1',
      created_at: '2026-11-21 10:00:00',
      updated_at: '0000-00-00 00:00:00',
      meta_title: 'x',
      meta_description: 'y',
      _links: { self: [{ href: 'https://example.com' }] },
    };
    expect(await getOne(loose)).toEqual({ ...normalised, updated_at: null });
    expect((await getOne({ ...record, is_active: '0' })).is_active).toBe(false);
  });

  test('schema_data as an object, an array, a @graph, a placeholder', async () => {
    const document = { '@context': 'https://schema.org', '@type': 'Article', headline: 'Hello' };
    expect(await getOne({ ...record, schema_data: document })).toEqual(normalised);
    const list = [document, { '@type': 'BreadcrumbList' }];
    expect(await getOne({ ...record, schema_data: list })).toMatchObject({
      data: list,
      schema_data: JSON.stringify(list),
    });
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'WebSite' }, { '@type': 'Organization' }],
    };
    expect((await getOne({ ...record, schema_data: JSON.stringify(graph) })).data).toEqual(graph);
    const placeholder = '{"@type":"WebPage","name":"{{meta_title}}","description":"{{meta_description}}"}';
    expect((await getOne({ ...record, schema_data: placeholder })).data).toEqual({
      '@type': 'WebPage',
      name: '{{meta_title}}',
      description: '{{meta_description}}',
    });
  });

  test('a schema_data that does not parse is an error on that record only', async () => {
    const api = await scripted(() => ({
      body: [record, { ...record, id: 13, schema_data: '{"@type": "Article",' }],
    }));
    const page = await api.client.schemas.list();
    await api.close();
    expect(page.items[0]?.data_error).toBeNull();
    expect(page.items[1]).toMatchObject({ id: 13, data: null, schema_data: '{"@type": "Article",' });
    expect(page.items[1]?.data_error).toMatch(/^schema_data is not JSON/);
  });

  test('envelopes { data } and { schemas }', async () => {
    for (const body of [{ data: [record] }, { schemas: [record] }, [record]]) {
      const api = await scripted(() => ({ body }));
      expect((await api.client.schemas.list()).items).toEqual([normalised]);
      expect(await api.client.schemasByUrl(record.url)).toEqual([normalised]);
      await api.close();
    }
  });

  test('create answering { success, id } reads the record back', async () => {
    const api = await scripted((route) =>
      route === 'POST /schemas' ? { status: 201, body: { success: true, id: '12' } } : { body: record },
    );
    const created = await api.client.schemas.create({
      url: record.url,
      schema_type: 'Article',
      schema_name: 'x',
      schema_data: {},
    });
    expect(created).toEqual(normalised);
    expect(api.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /wp-json/ns/v1/schemas',
      'GET /wp-json/ns/v1/schemas/12',
    ]);
    await api.close();
  });

  test('update answering { success } reads the record back; delete answering { success } gives null', async () => {
    const api = await scripted((route) =>
      route === 'GET /schemas/12' ? { body: record } : { body: { success: true } },
    );
    expect(await api.client.schemas.update(12, { schema_name: 'Hello post' })).toEqual(normalised);
    expect(await api.client.schemas.delete(12)).toBeNull();
    expect(api.server.requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'DELETE']);
    await api.close();
  });
});

describe('meta and social field names', () => {
  test('meta_title, meta_description, meta_robots', async () => {
    const api = await scripted(() => ({
      body: {
        url: 'https://example.com/',
        meta_title: 'T',
        meta_description: 'D',
        meta_robots: 'noindex',
        extra: 1,
      },
    }));
    expect(await api.client.meta.get('https://example.com/')).toEqual({
      url: 'https://example.com/',
      title: 'T',
      description: 'D',
      robots: 'noindex',
      canonical: null,
      keywords: null,
    });
    await api.close();
  });

  test('social flat og_title, og:title and twitter_card', async () => {
    const api = await scripted(() => ({
      body: {
        url: 'https://example.com/',
        og_title: 'A',
        'og:description': 'B',
        twitter_card: 'summary',
        'twitter:site': '@s',
      },
    }));
    const social = await api.client.social.get('https://example.com/');
    expect(social.og).toMatchObject({ title: 'A', description: 'B', image: null });
    expect(social.twitter).toMatchObject({ card: 'summary', site: '@s', title: null });
    await api.close();
  });
});

describe('paging', () => {
  test('a server that clamps past the last page and sends no paging headers', async () => {
    // 40 items, 20 a page: page 3 and beyond answer page 2 again.
    const api = await scripted((route) => {
      const page = Math.min(2, Number(/[?&]page=(\d+)/.exec(route)?.[1] ?? 1));
      return { body: Array.from({ length: 20 }, (_, i) => ({ ...record, id: (page - 1) * 20 + i + 1 })) };
    });
    const ids: number[] = [];
    for await (const r of api.client.schemas.listAll({ per_page: 20 })) ids.push(r.id);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(api.server.requests).toHaveLength(3);
    await api.close();
  });

  test('Link rel="next" when X-WP-TotalPages is absent, and a short page ends the walk', async () => {
    const api = await scripted((route) => {
      const page = Number(/[?&]page=(\d+)/.exec(route)?.[1]);
      const link =
        page < 2 ? { link: `<https://x/wp-json/ns/v1/schemas?page=${page + 1}>; rel="next"` } : undefined;
      return { body: [{ ...record, id: page }], headers: link };
    });
    const ids: number[] = [];
    for await (const r of api.client.schemas.listAll({ per_page: 5 })) ids.push(r.id);
    expect(ids).toEqual([1, 2]);
    await api.close();
  });

  test('a hard cap on pages', async () => {
    // Announces endless pages, each different.
    const api = await scripted(
      (route) => {
        const page = Number(/[?&]page=(\d+)/.exec(route)?.[1]);
        return { body: [{ ...record, id: page }], headers: { 'x-wp-totalpages': '100000' } };
      },
      { maxPages: 5 },
    );
    const seen: number[] = [];
    const walk = async () => {
      for await (const r of api.client.schemas.listAll()) seen.push(r.id);
    };
    await expect(walk()).rejects.toMatchObject({ code: 'page_limit', operation: 'schemas.listAll' });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    await api.close();
  });
});

describe('bodies and routes', () => {
  test('PHP notices before the JSON', async () => {
    const notice =
      '<br />\n<b>Notice</b>:  Undefined index: foo in <b>/var/www/wp-content/plugins/x/api.php</b> on line <b>42</b><br />\n';
    const api = await scripted(() => ({ body: notice + JSON.stringify(record) }));
    expect(await api.client.schemas.get(12)).toEqual(normalised);
    await api.close();
  });

  test('404 rest_no_route with plain permalinks: one retry with ?rest_route=, then remembered', async () => {
    const api = await scripted((_route, req) => {
      if (!req.url?.startsWith('/index.php?rest_route='))
        return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
      return { body: record };
    });
    expect(await api.client.schemas.get(12)).toEqual(normalised);
    expect(await api.client.schemas.get(12)).toEqual(normalised);
    expect(api.server.requests.map((r) => r.url)).toEqual([
      '/wp-json/ns/v1/schemas/12',
      '/index.php?rest_route=%2Fns%2Fv1%2Fschemas%2F12',
      '/index.php?rest_route=%2Fns%2Fv1%2Fschemas%2F12',
    ]);
    await api.close();
  });
});
