// Zone-less dates are read in the time zone the site's REST index names, asked once; ids are checked first.
import { expect, test } from 'vitest';
import { failure, record, scripted } from './scripted-server.ts';

const local = { ...record, id: '12', created_at: '2026-11-21 10:00:00', updated_at: '2026-11-21 10:30:00' };

test("zone-less dates in the site's time zone, from the REST index, asked once", async () => {
  const api = await scripted((route) => {
    if (route === 'GET /wp-json/')
      return { body: { name: 'Site', timezone_string: 'Asia/Tokyo', gmt_offset: 9 } };
    if (route.startsWith('GET /schemas/12')) return { body: local };
    if (route.startsWith('GET /schemas')) return { body: [local, local] };
    return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
  });
  const one = await api.client.schemas.get(12);
  expect(one).toMatchObject({
    id: 12,
    created_at: '2026-11-21T01:00:00.000Z',
    updated_at: '2026-11-21T01:30:00.000Z',
  });
  const page = await api.client.schemas.list();
  expect(page.items.map((r) => r.created_at)).toEqual([
    '2026-11-21T01:00:00.000Z',
    '2026-11-21T01:00:00.000Z',
  ]);
  expect(api.server.requests.filter((r) => r.url === '/wp-json/')).toHaveLength(1);
  await api.close();
});

test('without a time zone from the site, zone-less dates are UTC', async () => {
  const api = await scripted((route) =>
    route.startsWith('GET /schemas/12') ? { body: local } : { status: 404, body: '<html>Not Found</html>' },
  );
  expect((await api.client.schemas.get(12)).created_at).toBe('2026-11-21T10:00:00.000Z');
  await api.close();
});

test('an id that is not a positive integer is refused before any request', async () => {
  const api = await scripted(() => ({ body: local }));
  for (const id of ['abc', -1, 1.5, 0]) {
    const error = await failure(api.client.schemas.delete(id as number));
    expect(error.code).toBe('invalid_argument');
  }
  expect(api.server.requests).toHaveLength(0);
  await api.close();
});
