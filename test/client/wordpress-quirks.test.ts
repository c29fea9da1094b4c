// How production WordPress sites answer when something around them misbehaves, as a probe of real sites found:
// a BOM in a plugin file with PHP's output buffering off (the status and headers are lost), a warning printed
// after the JSON, a web server's redirect to https or another host, a site whose REST root is advertised over
// plain http elsewhere. Each is answered by a loopback server the way those sites answer.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readBody } from '../../src/client/body.ts';
import { headerText } from '../../src/client/exchange.ts';
import { createClient } from '../../src/client/index.ts';
import { restRootFromHtml, restRootFromLink } from '../../src/client/locate.ts';
import { locateApi } from '../../src/client/urls.ts';
import { failure, PREFIX, record, scripted } from './scripted-server.ts';

const credentials = { username: 'admin', password: 'Right pass w0rd 1234' };
const NOTICE =
  '<br />\n<b>Deprecated</b>:  Function get_page_by_title is <strong>deprecated</strong> since version 6.2.0! in <b>/var/www/html/wp-includes/functions.php</b> on line <b>6121</b><br />\n';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers WordPress sends when PHP printed something', () => {
  test("WordPress's error sent as 200 (headers lost to a BOM) is that error: a wrong password is not read as data", async () => {
    const forbidden = {
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    };
    const api = await scripted(
      () => ({ status: 200, body: `\uFEFF${JSON.stringify(forbidden)}` }),
      credentials,
    );
    const error = await failure(api.client.meta.get('https://example.com/'));
    expect(error.status).toBe(401);
    expect(error.code).toBe('rest_forbidden');
    expect(error.message).toContain('Sorry, you are not allowed to do that.');
    await api.close();
  });

  test('a JSON answer followed by a warning printed at shutdown is read as the JSON, HTML in its strings and all', async () => {
    const withHtml = { ...record, schema_name: '<b>Hello</b> {post}' };
    const api = await scripted(() => ({ body: `${JSON.stringify(withHtml)}\n${NOTICE}` }));
    expect((await api.client.schemas.get(12)).schema_name).toBe('<b>Hello</b> {post}');
    // Read where it was given: the pretty form answered, no fallback to ?rest_route=.
    expect(api.server.requests.map((request) => request.url)).toEqual([`${PREFIX}/schemas/12`]);
    await api.close();
    expect(readBody(`[1,2]\nPHP Warning:  Undefined variable $x in /var/www/a.php on line 3`)).toMatchObject({
      kind: 'json',
      value: [1, 2],
    });
    // Other text after the JSON is not PHP's: the answer is not taken for JSON.
    expect(readBody('{"a":1} and then some').kind).toBe('text');
  });
});

describe('redirects', () => {
  for (const runtime of ['Node (undici)', 'a runtime with fetch only'] as const) {
    test(`${runtime}: a credentialed read sent to another address stops there, naming it; within the address it goes on, with the credentials`, async () => {
      if (runtime !== 'Node (undici)') vi.stubGlobal('navigator', { userAgent: 'Bun/1.4.5' });
      const api = await scripted((route, req) => {
        const host = req.headers.host ?? '';
        // The canonical host is localhost: 127.0.0.1 is sent there, as a web server sends http to https.
        if (host.startsWith('127.0.0.1'))
          return {
            status: 301,
            body: '<html><head><title>301 Moved Permanently</title></head><body>Moved</body></html>',
            headers: { location: `http://localhost:${host.split(':')[1]}${req.url}` },
          };
        if (route === 'GET /schemas/12')
          return { status: 302, headers: { location: `${PREFIX}/schemas/13` } };
        return req.headers.authorization ? { body: { ...record, id: 13 } } : { status: 401, body: {} };
      }, credentials);
      const error = await failure(api.client.schemas.get(12));
      expect(error.code).toBe('redirect');
      expect(error.message).toContain(
        `redirected to http://localhost:${new URL(api.server.url).port}${PREFIX}/schemas/12`,
      );
      expect(error.hint).toContain('credentials are not sent on to where they were not given for');
      expect(error.message).not.toContain('did not accept the credentials');
      // probe() says the same, not "no API here": the build stops with the address to use.
      const probed = await failure(api.client.probe());
      expect(probed.code).toBe('redirect');
      expect(probed.hint).toContain('set baseUrl to the address it leads to');
      // No request reached the other address with or without the credentials.
      expect(api.server.requests.filter((request) => request.headers.host?.startsWith('localhost'))).toEqual(
        [],
      );

      // Given the address it leads to, the read follows the redirect within it, credentials kept.
      const there = createClient({
        baseUrl: `http://localhost:${new URL(api.server.url).port}${PREFIX}`,
        ...credentials,
      });
      expect((await there.schemas.get(12)).id).toBe(13);
      await there.close();
      await api.close();
    });
  }

  test('a write redirected with an HTML page is a redirect, not "HTML instead of JSON"', async () => {
    const api = await scripted(
      () => ({
        status: 301,
        body: '<html><head><title>301 Moved Permanently</title></head></html>',
        headers: { location: 'https://example.com/wp-json/ns/v1/validate' },
      }),
      credentials,
    );
    const error = await failure(api.client.validate({ schema_data: '{}' }));
    expect(error.code).toBe('redirect');
    expect(error.message).toContain('redirected to https://example.com/wp-json/ns/v1/validate');
    await api.close();
  });

  test('a folder given without its slash before ?rest_route= is the folder, sent to its index.php', () => {
    expect(locateApi('http://h.example/blog?rest_route=/ns/v1')).toEqual({
      prettyBase: 'http://h.example/blog/wp-json/ns/v1',
      plainEntry: 'http://h.example/blog/index.php',
      route: '/ns/v1',
      form: 'rest_route',
    });
    expect(locateApi('http://h.example/blog/index.php?rest_route=/ns/v1')?.plainEntry).toBe(
      'http://h.example/blog/index.php',
    );
  });
});

describe('discovery', () => {
  test('a home page that lost its Link header still names its REST root in <link rel="https://api.w.org/">', async () => {
    const api = await scripted((route) => {
      if (route === 'GET /')
        return {
          body: `\uFEFF<!doctype html><html><head><title>Blog</title><link rel="https://api.w.org/" href="/index.php?rest_route=/" /></head><body></body></html>`,
        };
      if (route.startsWith('GET /index.php?rest_route=%2Fschemafy%2Fv1%2Fschemas%2F12'))
        return { body: record };
      return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
    });
    const site = createClient({ baseUrl: api.server.url });
    expect((await site.schemas.get(12)).id).toBe(12);
    await site.close();
    await api.close();
    expect(
      restRootFromHtml(
        '<html><head></head><body><link rel="https://api.w.org/" href="/x/"></body></html>',
        'https://a.dev/',
      ),
    ).toBeNull();
  });

  test('credentials never go to a REST root the site advertises over plain http on another machine', async () => {
    const api = await scripted((route) =>
      route === 'GET /'
        ? {
            body: '<html></html>',
            headers: { link: '<http://192.0.2.2:8080/wp-json/>; rel="https://api.w.org/"' },
          }
        : { body: record },
    );
    const site = createClient({ baseUrl: api.server.url, ...credentials });
    const error = await failure(site.schemas.get(12));
    expect(error.code).toBe('insecure_auth');
    expect(error.message).toContain('names http://192.0.2.2:8080/wp-json/ as its REST API');
    expect(error.hint).toContain('Settings > General');
    // Only the home page was asked, without credentials.
    expect(api.server.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/', undefined],
    ]);
    await site.close();
    // Without credentials, public reads may go there (and here fail to connect, as nothing listens).
    await api.close();
  });

  test('credentials never follow a REST root on another origin: a staging copy that names production', async () => {
    // Another loopback origin: `localhost` for `127.0.0.1`, as a copy's WordPress Address may name the original.
    const elsewhere = await scripted(() => ({ body: record }));
    const production = elsewhere.server.url.replace('127.0.0.1', 'localhost');
    const api = await scripted((route) =>
      route === 'GET /'
        ? { body: '<html></html>', headers: { link: `<${production}/wp-json/>; rel="https://api.w.org/"` } }
        : { body: record },
    );
    const site = createClient({ baseUrl: api.server.url, ...credentials });
    const error = await failure(site.schemas.get(12));
    expect(error.code).toBe('not_this_api');
    expect(error.message).toContain(`names ${production}/wp-json/ as its REST API, on another origin`);
    expect(error.hint).toContain(`set baseUrl to ${production}/wp-json/schemafy/v1`);
    expect(elsewhere.server.requests).toEqual([]);
    await site.close();
    // Without credentials a public read goes where the site says its API is.
    const anonymous = createClient({ baseUrl: api.server.url });
    expect((await anonymous.schemas.get(12)).id).toBe(12);
    expect(elsewhere.server.requests.map((request) => request.headers.authorization)).toEqual([undefined]);
    await anonymous.close();
    await api.close();
    await elsewhere.close();
  });
});

describe('a site address whose home page fails', () => {
  test("maintenance mode's 503 and a firewall's 403 are said as such, not as a site without a REST API", async () => {
    // What WordPress's maintenance mode sends to a client that asks for JSON (wp_die's JSON handler).
    const maintenance = await scripted(() => ({
      status: 503,
      headers: { 'retry-after': '600' },
      body: {
        code: 'wp_die',
        message: 'Briefly unavailable for scheduled maintenance. Check back in a minute.',
        data: { status: 503 },
      },
    }));
    const down = await failure(
      createClient({ baseUrl: maintenance.server.url, retries: 0 }).schemasByUrl('https://e.com/'),
    );
    expect(down).toMatchObject({ status: 503, code: 'wp_die' });
    expect(down.hint).toContain('maintenance mode');
    const firewall = await scripted(() => ({
      status: 403,
      body: '<html><head><title>403 Forbidden</title></head><body>Forbidden</body></html>',
    }));
    const refused = await failure(createClient({ baseUrl: firewall.server.url, ...credentials }).probe());
    expect(refused).toMatchObject({ status: 403, code: 'html_response' });
    expect(refused.hint).toContain('User-Agent');
    await maintenance.close();
    await firewall.close();
  });
});

describe('hosts that refuse methods', () => {
  test("a web server that refuses PUT and DELETE itself: writes go once more as WordPress's POST with X-HTTP-Method-Override", async () => {
    const refused = `<html><head><title>405 Method Not Allowed</title></head><body>The requested method is not allowed for this URL.</body></html>`;
    const api = await scripted((route, req) => {
      if (req.method === 'PUT' || req.method === 'DELETE') return { status: 405, body: refused };
      const override = req.headers['x-http-method-override'];
      // Either address form reaches WordPress (the client tried both before it overrode the method).
      const record12 = req.method === 'POST' && decodeURIComponent(route).endsWith('/schemas/12');
      if (record12 && override === 'PUT') return { body: { ...record, schema_name: 'Renamed' } };
      if (record12 && override === 'DELETE') return { body: { deleted: true, previous: record } };
      return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
    }, credentials);
    expect((await api.client.schemas.update(12, { schema_name: 'Renamed' })).schema_name).toBe('Renamed');
    await api.client.schemas.delete(12);
    // The first PUT met the web server's 405 in both forms; from then on writes go as POST at once.
    expect(
      api.server.requests.map((request) =>
        `${request.method} ${request.headers['x-http-method-override'] ?? ''}`.trim(),
      ),
    ).toEqual(['PUT', 'PUT', 'POST PUT', 'POST DELETE']);
    await api.close();
  });

  test("WordPress's own 405 (a route without that method) is its answer, not sent again", async () => {
    const api = await scripted(
      () => ({
        status: 405,
        body: {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 405 },
        },
      }),
      credentials,
    );
    expect((await failure(api.client.schemas.update(12, { schema_name: 'x' }))).status).toBe(405);
    expect(api.server.requests.map((request) => request.method)).toEqual(['PUT']);
    await api.close();
  });
});

test('writes in flight beside the first one a web server refused are sent again as POSTs too', async () => {
  const api = await scripted((route, req) => {
    if (req.method === 'PUT') return { status: 405, body: '<html><body>Method Not Allowed</body></html>' };
    if (
      req.method === 'POST' &&
      req.headers['x-http-method-override'] === 'PUT' &&
      /schemas(\/|%2F)\d+$/.test(route)
    )
      return { body: record };
    return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
  }, credentials);
  const updates = await Promise.allSettled(
    Array.from({ length: 6 }, () => api.client.schemas.update(12, { schema_name: 'x' })),
  );
  expect(updates.map((update) => update.status)).toEqual(Array(6).fill('fulfilled'));
  await api.close();
});

test('a write as the first call, on a plain-permalink site that refuses PUT: the query form it went through is kept', async () => {
  // Pretty addresses are the site's HTML 404; PUT is refused by the web server in either form.
  const api = await scripted((route, req) => {
    if (req.method === 'PUT') return { status: 405, body: '<html><body>Method Not Allowed</body></html>' };
    if (!route.includes('rest_route=')) return { status: 404, body: '<html><body>Not Found</body></html>' };
    if (req.method === 'POST' && req.headers['x-http-method-override'] === 'PUT') return { body: record };
    if (req.method === 'GET') return { body: record };
    return { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } };
  }, credentials);
  expect((await api.client.schemas.update(12, { schema_name: 'x' })).id).toBe(12);
  // Read back through the form that worked, not the pretty one that answers with the site's 404 page.
  expect((await api.client.schemas.get(12)).id).toBe(12);
  expect(api.client.baseUrl).toContain('rest_route=');
  await api.close();
});

test('a route the API lacks, where its namespace answers, is said so: not an inactive plugin or a wrong address', async () => {
  const api = await scripted((route) => {
    if (route === 'GET /wp-json/') return { body: { namespaces: ['wp/v2', 'ns/v1'], routes: {} } };
    return {
      status: 404,
      body: {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      },
    };
  }, credentials);
  const error = await failure(api.client.scan({ urls: ['https://example.com/'] }));
  expect(error.code).toBe('rest_no_route');
  expect(error.hint).toBe(
    "the API's namespace ns/v1 is there, without this route: the plugin on the site may be a version without it, or its plan may not include it",
  );
  await api.close();
  // Where the namespace is not listed, the hint still names the plugin and the address.
  const without = await scripted((route) =>
    route === 'GET /wp-json/'
      ? { body: { namespaces: ['wp/v2'] } }
      : { status: 404, body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } } },
  );
  expect((await failure(without.client.schemas.get(1))).hint).toContain('the plugin may be inactive');
  await without.close();
});

test('a namespace the site lacks, where the REST index lists the one meant, is named with it', async () => {
  const noRoute = {
    status: 404,
    body: { code: 'rest_no_route', message: 'No route', data: { status: 404 } },
  };
  // A typo in the address: the index lists a namespace spelt near it.
  const typo = await scripted((route) =>
    route === 'GET /wp-json/' ? { body: { namespaces: ['wp/v2', 'nz/v1'], routes: {} } } : noRoute,
  );
  expect((await failure(typo.client.schemas.get(1))).hint).toBe(
    'the site has no namespace "ns/v1": did you mean "nz/v1"? The site\'s REST index lists it; put it in baseUrl in place of "ns/v1"',
  );
  await typo.close();
  // Another name altogether: the namespace whose routes are the API's is the one meant.
  const renamed = await scripted((route) =>
    route === 'GET /wp-json/'
      ? {
          body: {
            namespaces: ['wp/v2', 'oembed/1.0', 'schema-manager/v1'],
            routes: { '/wp/v2/posts': {}, '/schema-manager/v1/schemas-by-url': {} },
          },
        }
      : noRoute,
  );
  expect((await failure(renamed.client.schemas.get(1))).hint).toContain(
    'did you mean "schema-manager/v1"? The site\'s REST index lists it',
  );
  await renamed.close();
});

describe('addresses WordPress names in UTF-8', () => {
  // What WordPress sends for a site whose address has letters outside ASCII (a Unicode host such as
  // münchen.test, or a folder): the Link header's URL in raw UTF-8, which HTTP clients hand over byte by byte.
  const utf8Header = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

  test('a Link header in UTF-8 names the host and folder WordPress wrote, not their bytes read one by one', async () => {
    expect(headerText(utf8Header('<https://münchen.test/wp-json/>'))).toBe('<https://münchen.test/wp-json/>');
    expect(headerText('<https://xn--mnchen-3ya.test/wp-json/>')).toBe(
      '<https://xn--mnchen-3ya.test/wp-json/>',
    );
    // Latin-1 that is not UTF-8 is left as it came.
    expect(headerText('caf\u00e9')).toBe('caf\u00e9');
    expect(
      restRootFromLink(
        utf8Header('<https://münchen.test/wp-json/>; rel="https://api.w.org/"'),
        'https://xn--mnchen-3ya.test/',
      ),
    ).toBe('https://xn--mnchen-3ya.test/wp-json/');

    const api = await scripted((route) => {
      if (route === 'GET /bl%C3%B6g/' || route === 'GET /bl%C3%B6g')
        return {
          body: '<html></html>',
          headers: { link: utf8Header(`<${api.server.url}/blög/wp-json/>; rel="https://api.w.org/"`) },
        };
      if (route === 'GET /bl%C3%B6g/wp-json/schemafy/v1/schemas/12') return { body: record };
      return { status: 404, body: '<html><title>404 Not Found</title></html>' };
    });
    const site = createClient({ baseUrl: `${api.server.url}/blög/`, ...credentials });
    expect((await site.schemas.get(12)).id).toBe(12);
    expect(site.baseUrl).toBe(`${api.server.url}/bl%C3%B6g/wp-json/schemafy/v1`);
    await site.close();
    await api.close();
  });
});

describe('an address no site of its own answers (a multisite network answers it with its main site)', () => {
  // What a subdirectory network sends for /sit2/, a sub-site that does not exist: the main site's 404 page,
  // naming the main site's REST root; and its API for /sit2/index.php?rest_route=, which the network's rewrite
  // rules send to the main site's index.php.
  const mainSite = (url: string) => ({ link: `<${url}/wp-json/>; rel="https://api.w.org/"` });
  const network = () =>
    scripted((route) => {
      const headers = mainSite(api.server.url);
      if (route.startsWith('GET /sit2/') && !route.includes('rest_route'))
        return { status: 404, body: '<!DOCTYPE html><html><title>Page not found</title></html>', headers };
      if (route.includes('rest_route'))
        return { status: route.startsWith('POST') ? 201 : 200, body: record, headers };
      return { status: 404, body: '<!DOCTYPE html><html><title>Page not found</title></html>', headers };
    });
  let api: Awaited<ReturnType<typeof scripted>>;

  test('the address given as the site, or as the API in either form: calls stop, naming the site that answers', async () => {
    api = await network();
    for (const baseUrl of [
      `${api.server.url}/sit2/`,
      `${api.server.url}/sit2`,
      `${api.server.url}/sit2/wp-json/schemafy/v1`,
      `${api.server.url}/sit2/?rest_route=/schemafy/v1`,
    ]) {
      const site = createClient({ baseUrl, ...credentials, retries: 0 });
      const error = await failure(site.schemas.list());
      expect(error.code, baseUrl).toBe('not_this_api');
      expect(error.message, baseUrl).toContain(
        `WordPress answers ${api.server.url}/sit2/ as the site ${api.server.url}/, so calls stop here`,
      );
      expect(error.hint, baseUrl).toContain(`set baseUrl to ${api.server.url}/wp-json/schemafy/v1`);
      await site.close();
    }
    await api.close();
  });

  test('a write as the first call is not sent on to the main site', async () => {
    api = await network();
    const site = createClient({ baseUrl: `${api.server.url}/sit2/wp-json/schemafy/v1`, ...credentials });
    const error = await failure(
      site.schemas.create({ url: 'https://e.com/', schema_type: 'Thing', schema_name: 'x', schema_data: {} }),
    );
    expect(error.code).toBe('not_this_api');
    expect(api.server.requests.filter((request) => request.method === 'POST').map((r) => r.url)).toEqual([
      '/sit2/wp-json/schemafy/v1/schemas',
    ]);
    await site.close();
    await api.close();
  });

  test('in the ?rest_route= form, which the main site would run, a first write is not sent at all', async () => {
    api = await network();
    for (const baseUrl of [
      `${api.server.url}/sit2/?rest_route=/schemafy/v1`,
      `${api.server.url}/sit2/index.php?rest_route=/schemafy/v1`,
    ]) {
      const site = createClient({ baseUrl, ...credentials, retries: 0 });
      const error = await failure(
        site.schemas.create({
          url: 'https://e.com/',
          schema_type: 'Thing',
          schema_name: 'x',
          schema_data: {},
        }),
      );
      expect(error.code, baseUrl).toBe('not_this_api');
      expect(error.message, baseUrl).toContain(`WordPress answers ${api.server.url}/sit2/ as the site`);
      await site.close();
    }
    expect(api.server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    // The namespace's index asked without credentials.
    expect(api.server.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    await api.close();
  });

  test('a sub-site that is there takes the write after one read of its index, and later writes at once', async () => {
    const subSite = await scripted((route) => ({
      status: route.startsWith('POST') ? 201 : 200,
      body: record,
      headers: { link: `<${subSite.server.url}/sit2/wp-json/>; rel="https://api.w.org/"` },
    }));
    const site = createClient({
      baseUrl: `${subSite.server.url}/sit2/?rest_route=/schemafy/v1`,
      ...credentials,
    });
    const write = () =>
      site.schemas.create({ url: 'https://e.com/', schema_type: 'Thing', schema_name: 'x', schema_data: {} });
    await write();
    await write();
    expect(subSite.server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /sit2/index.php?rest_route=%2Fschemafy%2Fv1',
      'POST /sit2/index.php?rest_route=%2Fschemafy%2Fv1%2Fschemas',
      'POST /sit2/index.php?rest_route=%2Fschemafy%2Fv1%2Fschemas',
    ]);
    await site.close();
    await subSite.close();
  });
});

describe('a redirect back to the address asked (https redirect behind a proxy that ends TLS)', () => {
  test('with credentials and without, it is named a loop, with the proxy as its usual cause', async () => {
    const api = await scripted((_route, req) => ({
      status: 301,
      body: '<html><title>301 Moved Permanently</title></html>',
      headers: { location: `${api.server.url}${req.url}` },
    }));
    const admin = createClient({ baseUrl: `${api.server.url}${PREFIX}`, ...credentials, retries: 0 });
    const error = await failure(admin.schemas.get(12));
    expect(error.code).toBe('redirect');
    expect(error.message).toContain('redirected to the address asked, in a loop (301 to');
    expect(error.hint).toContain('X-Forwarded-Proto');
    const anonymous = createClient({ baseUrl: api.server.url, retries: 0 });
    const loop = await failure(anonymous.schemas.get(12));
    expect(loop.message).toContain('the server redirects in a loop');
    expect(loop.hint).toContain('X-Forwarded-Proto');
    await admin.close();
    await anonymous.close();
    await api.close();
  });
});
