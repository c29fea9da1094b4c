// What probe() concludes from servers that are not this API, or that answer credentials as anonymous.
import { describe, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { failure, scripted } from './scripted-server.ts';

const HOME = '<!doctype html><html><head><title>Home</title></head><body>A website</body></html>';
const noRoute = { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
const index = {
  body: {
    namespace: 'ns/v1',
    routes: { '/ns/v1': {}, '/ns/v1/schemas': {}, '/ns/v1/meta': {}, '/ns/v1/social': {} },
  },
};

describe('probe', () => {
  test('a website answering every address with its home page is "no API here", never a credentials problem', async () => {
    const api = await scripted(() => ({ body: HOME }), { username: 'admin', password: 'right password' });
    const error = await failure(api.client.probe());
    expect(error.code).toBe('not_this_api');
    expect(error.message).toContain(`no Schema Management API answers at ${api.server.url}/wp-json/ns/v1`);
    // The pretty form answered HTML, so the plain form was tried once.
    expect(api.server.requests.map((r) => r.url)).toEqual([
      '/wp-json/ns/v1',
      '/index.php?rest_route=%2Fns%2Fv1',
    ]);
    await api.close();
  });

  test('an inactive plugin: OPTIONS answers 200 on any path, the probe does not ask it', async () => {
    const api = await scripted((route) => (route.startsWith('OPTIONS') ? { body: [] } : noRoute));
    const error = await failure(api.client.probe());
    expect(error.code).toBe('not_this_api');
    expect(error.message).toContain('without this namespace');
    expect(api.server.requests.some((r) => r.method === 'OPTIONS')).toBe(false);
    await api.close();
  });

  test("a namespace mistyped in the address: the site's REST index names the one it has", async () => {
    const restIndex = { body: { namespaces: ['oembed/1.0', 'nz/v1', 'wp/v2'], routes: {} } };
    const api = await scripted((route) => (route === 'GET /wp-json/' ? restIndex : noRoute));
    const error = await failure(api.client.probe());
    expect(error.code).toBe('not_this_api');
    expect(error.message).toContain(
      'WordPress answers there, but without this namespace: did you mean "nz/v1"? The site\'s REST index lists it; put it in the address in place of "ns/v1"',
    );
    await api.close();
  });

  test('credentials answered as anonymous (401 rest_forbidden) are not accepted', async () => {
    const api = await scripted(
      (route) =>
        route === 'GET ' || route === 'GET /'
          ? index
          : { status: 401, body: { code: 'rest_forbidden', message: 'Sorry', data: { status: 401 } } },
      { username: 'admin', password: 'wrong password' },
    );
    const error = await failure(api.client.probe());
    expect(error.code).toBe('credentials_not_accepted');
    expect(error.message).toContain('"admin"');
    expect(error.message).not.toContain('wrong password');
    await api.close();
  });

  test.each([
    { offers: 'application passwords', authentication: { 'application-passwords': { endpoints: {} } } },
    { offers: 'none', authentication: [] },
  ])(
    'credentials WordPress never looked at: its REST index, offering $offers, decides the hint',
    async ({ authentication }) => {
      const restIndex = { body: { namespaces: ['ns/v1'], authentication, routes: {} } };
      const api = await scripted(
        (route) =>
          route === 'GET ' || route === 'GET /'
            ? index
            : route === 'GET /wp-json/'
              ? restIndex
              : { status: 401, body: { code: 'rest_forbidden', message: 'Sorry', data: { status: 401 } } },
        { username: 'admin', password: 'right password' },
      );
      const error = await failure(api.client.probe());
      await api.close();
      expect(error.code).toBe('credentials_not_accepted');
      if (Array.isArray(authentication)) {
        // Over plain http on a site that is not 'local', WordPress lists none: that is the cause, not the password.
        expect(error.hint).toMatch(
          /^the site's REST index offers no application passwords, so WordPress ignores them: over plain http they are off unless its WP_ENVIRONMENT_TYPE is 'local'/,
        );
      } else {
        // Offered here, so plain http is not why, though the address is http.
        expect(error.hint).toMatch(
          /^check the username and application password of createClient .*drops the Authorization header/,
        );
        expect(error.hint).not.toMatch(/plain http/);
      }
    },
  );

  test('REST discovery: the site address leads to the root its Link header names', async () => {
    const api = await scripted((route) => {
      if (route === 'GET /') {
        return { body: HOME, headers: { link: '</index.php?rest_route=/>; rel="https://api.w.org/"' } };
      }
      if (route.startsWith('GET /index.php?rest_route=%2Fschemafy%2Fv1'))
        return { body: { ...index.body, routes: { '/schemafy/v1/schemas': {} } } };
      return noRoute;
    });
    const site = createClient({ baseUrl: api.server.url });
    expect((await site.probe()).routes.schemas).toBe(true);
    expect(site.baseUrl).toBe(`${api.server.url}/index.php?rest_route=/schemafy/v1`);
    await site.close();
    await api.close();
  });

  test('plain permalinks behind a front controller: calls made side by side all find the plain form', async () => {
    // The pretty form answers the home page (slowly, as WordPress renders it); the plain form is the API.
    const api = await scripted((route) =>
      route.startsWith('GET /index.php?rest_route=') ? { body: [] } : { body: HOME },
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.client.schemasByUrl(`https://example.com/${i}/`)),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => []));
    expect(api.client.baseUrl).toContain('rest_route=');
    await api.close();
  });
});
