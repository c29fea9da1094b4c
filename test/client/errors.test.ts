// Every error the contract names, and the client's own, become one ApiError with a hint.
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createClientWith } from '../../src/client/create-client.ts';
import { credentialsHint, httpAddressIn } from '../../src/client/errors.ts';
import { ApiError, createClient } from '../../src/client/index.ts';
import { createFetchSender } from '../../src/client/send-fetch.ts';
import { failure, type Reply, scripted } from './scripted-server.ts';

/** A schema to create: what it holds does not matter to these servers. */
const INPUT = { url: 'https://e.com/', schema_type: 'T', schema_name: 'n', schema_data: '{}' };

function wpError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { code, message, data: { status, ...extra } } };
}

async function failureOf(reply: Reply, call: 'get' | 'create' = 'get', options = {}): Promise<ApiError> {
  const api = await scripted(() => reply, {
    username: 'editor',
    password: 'pass word',
    retries: 1,
    ...options,
  });
  try {
    if (call === 'get') await api.client.schemas.get(1);
    else await api.client.schemas.create(INPUT);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  } finally {
    await api.close();
  }
  throw new Error('the call did not fail');
}

describe('server errors', () => {
  test('401 rest_forbidden without credentials asks for them', async () => {
    const api = await scripted(() =>
      wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.'),
    );
    const error = await failure(api.client.meta.get('https://e.com/'));
    await api.close();
    expect(error).toMatchObject({
      status: 401,
      code: 'rest_forbidden',
      operation: 'meta.get',
      method: 'GET',
    });
    expect(error.serverMessage).toBe('Sorry, you are not allowed to do that.');
    expect(error.hint).toBe(
      'this route needs credentials: give the username and application password of createClient',
    );
  });

  test('401 on a public route without credentials: the site locks its REST API to logged-in users', async () => {
    // What a "Disable REST API" plugin answers every visitor, public routes included.
    const api = await scripted(() =>
      wpError(401, 'rest_cannot_access', 'DRA: Only authenticated users can access the REST API.'),
    );
    const error = await failure(api.client.schemasByUrl('https://e.com/'));
    await api.close();
    expect(error).toMatchObject({ status: 401, code: 'rest_cannot_access', operation: 'schemasByUrl' });
    expect(error.hint).toBe(
      "the site lets only logged-in users use its REST API, this public route too (a security plugin such as Disable REST API, a firewall's REST API setting, or a rest_authentication_errors filter): give the username and application password of createClient, or allow the API's routes to visitors in that plugin",
    );
  });

  test.each(['incorrect_password', 'invalid_username'])(
    '401 %s: wrong credentials or a stripped header',
    async (code) => {
      const error = await failureOf(wpError(401, code, 'Bad login'));
      expect(error).toMatchObject({ status: 401, code });
      expect(error.hint).toMatch(/application password/);
      expect(error.hint).toMatch(
        /drops the Authorization header before PHP \(Apache with PHP-FPM or CGI: add `CGIPassAuth On`/,
      );
      // WordPress looked at the password and said so: plain http is not why.
      expect(error.hint).not.toMatch(/plain http/);
    },
  );

  test("401 rest_forbidden on any call: the site's REST index, offering application passwords, keeps plain http out of the hint", async () => {
    const api = await scripted(
      (route) =>
        route === 'GET /wp-json/'
          ? { body: { namespaces: ['ns/v1'], authentication: { 'application-passwords': {} }, routes: {} } }
          : wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.'),
      { username: 'editor', password: 'pass word' },
    );
    const error = await failure(api.client.schemas.list());
    await api.close();
    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden', operation: 'schemas.list' });
    expect(error.hint).toMatch(
      /^the credentials were refused: check the username and application password of createClient \(Users > Profile/,
    );
    expect(error.hint).not.toMatch(/plain http/);
    expect(error.hint).not.toMatch(/turned application passwords off/);
  });

  test('401 rest_forbidden with credentials over plain http: WordPress may have ignored the password', async () => {
    const error = await failureOf(wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.'));
    expect(error.url).toMatch(/^http:/);
    expect(error.hint).toMatch(
      /^the credentials were refused: the API is reached over plain http, where WordPress ignores application passwords unless the site's WP_ENVIRONMENT_TYPE is 'local': use its https address\. Else check the username/,
    );
    // The REST index answers 401 too (a site that locks its API to visitors): it cannot say whether application
    // passwords are on, so that is named as well.
    expect(error.hint).toMatch(
      /, or the site turned application passwords off \(a security plugin such as Wordfence, .*lists them under "authentication" where they work\)$/,
    );
  });

  test("500 internal_server_error, WordPress's answer to a PHP fatal, names it and the recovery-mode e-mail", async () => {
    const error = await failureOf(
      wpError(500, 'internal_server_error', '<p>There has been a critical error on this website.</p>'),
    );
    expect(error.hint).toMatch(/^a PHP fatal error in WordPress, a plugin or the theme .*recovery-mode link/);
  });

  test('403 names the capability the operation needs', async () => {
    const error = await failureOf(wpError(403, 'rest_forbidden', 'Forbidden'), 'create');
    expect(error).toMatchObject({ status: 403, operation: 'schemas.create', method: 'POST' });
    expect(error.hint).toMatch(/`manage_options`/);
    const read = await failureOf(wpError(403, 'rest_forbidden', 'Forbidden'));
    expect(read.hint).toMatch(/`edit_posts`/);
  });

  test('400 rest_invalid_param and rest_missing_callback_param carry their params', async () => {
    const invalid = await failureOf(
      wpError(400, 'rest_invalid_param', 'Invalid parameter(s): url', { params: { url: 'not absolute' } }),
      'create',
    );
    expect(invalid).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      details: { url: 'not absolute' },
    });
    const missing = await failureOf(
      wpError(400, 'rest_missing_callback_param', 'Missing parameter(s): url', { params: ['url'] }),
      'create',
    );
    expect(missing).toMatchObject({ code: 'rest_missing_callback_param', details: ['url'] });
    expect(missing.message).toMatch(
      /^schemas\.create: Missing parameter\(s\): url \(400 rest_missing_callback_param at POST http:\/\/127\.0\.0\.1:\d+\/wp-json\/ns\/v1\/schemas\)/,
    );
  });

  test('404 rest_no_route: tries ?rest_route= once, then names the usual causes', async () => {
    const api = await scripted(() =>
      wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
    );
    const error = await failure(api.client.schemas.list());
    // Then the site's REST index, once: a namespace it lists would say the plugin is there (it is not here).
    expect(api.server.requests.map((r) => r.url)).toEqual([
      '/wp-json/ns/v1/schemas?page=1',
      '/index.php?rest_route=%2Fns%2Fv1%2Fschemas&page=1',
      '/wp-json/',
    ]);
    await api.close();
    expect(error).toMatchObject({ status: 404, code: 'rest_no_route' });
    expect(error.hint).toMatch(
      /plugin may be inactive.*plan below Business.*also tried \?rest_route=|also tried \?rest_route=.*plugin may be inactive.*Business/,
    );
  });

  test('404 not_found, 413, 500 db_error', async () => {
    expect(await failureOf(wpError(404, 'not_found', 'No such schema'))).toMatchObject({
      status: 404,
      code: 'not_found',
      hint: 'no record with that id or URL',
    });
    const tooBig = await failureOf(wpError(413, 'payload_too_large', 'Too large'), 'create');
    expect(tooBig).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(tooBig.hint).toMatch(/too large/);
    const db = await failureOf(wpError(500, 'db_error', 'Database error'));
    expect(db).toMatchObject({ status: 500, code: 'db_error' });
    expect(db.hint).toMatch(/server failed/);
  });

  test("a maintenance page's Retry-After of ten minutes is not waited for, and the hint says so", async () => {
    const page =
      '<!DOCTYPE html><html><head><title>Maintenance</title></head><body>Briefly unavailable for scheduled maintenance.</body></html>';
    const error = await failureOf({ status: 503, body: page, headers: { 'retry-after': '600' } });
    expect(error).toMatchObject({ status: 503, code: 'html_response' });
    expect(error.hint).toBe(
      'the server asks to be left alone for 600 s (Retry-After; WordPress does so in maintenance mode, while it updates), longer than a call waits: try again then',
    );
  });

  test('a create whose record cannot be read back says it was created, so it is not sent again', async () => {
    const api = await scripted(
      (route) =>
        route === 'POST /schemas'
          ? { status: 201, body: { success: true, id: 7 } }
          : wpError(500, 'db_error', 'Database read failed'),
      { retries: 0 },
    );
    const error = await failure(api.client.schemas.create(INPUT));
    await api.close();
    expect(error).toMatchObject({ operation: 'schemas.create', status: 500, details: { id: 7 } });
    expect(error.serverMessage).toBe(
      'schema 7 was created, but reading it back failed: Database read failed',
    );
    expect(error.hint).toMatch(/^the create is done: do not send it again; /);
  });

  test('a hint says retries were spent only where the client was allowed some', async () => {
    const retried = await failureOf(wpError(500, 'db_error', 'Database error'), 'get', { retries: 1 });
    expect(retried.hint).toBe(
      'the server failed; retries were spent, try again later or check its error log',
    );
    // A create is never sent again after a 500: the hint says so, and how to find out whether it was done.
    const written = await failureOf(wpError(500, 'db_error', 'Could not store the schema.'), 'create', {
      retries: 3,
    });
    expect(written.hint).toBe(
      "the server failed on this write, which was not sent again (it may have been done): check the site's error log (its database refused the write: a value too long for its column, a lost connection), then read the API (pull) before sending it again",
    );
    const once = await failureOf(wpError(500, 'db_error', 'Database error'), 'get', { retries: 0 });
    expect(once.hint).toBe('the server failed; try again later or check its error log');
    const limited = await failureOf(
      { ...wpError(429, 'rate_limited', 'Slow down'), headers: { 'retry-after': '0' } },
      'get',
      { retries: 0 },
    );
    expect(limited.hint).toBe(
      'the server rate-limits this client; wait (Retry-After) or lower the request rate',
    );
  });

  test('429 rate_limited after the retries are spent', async () => {
    const error = await failureOf(
      { ...wpError(429, 'rate_limited', 'Slow down'), headers: { 'retry-after': '0' } },
      'create',
      { retries: 2 },
    );
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.hint).toMatch(/rate-limits/);
  });
});

describe('bodies that are not the API', () => {
  test('an HTML 503 maintenance page', async () => {
    const page = `<!DOCTYPE html><html><head><title>Maintenance</title></head><body>${'Briefly unavailable. '.repeat(30)}</body></html>`;
    const error = await failureOf({ status: 503, body: page, headers: { 'retry-after': '0' } });
    expect(error).toMatchObject({ status: 503, code: 'html_response' });
    expect(error.serverMessage).toBe(
      `the server answered HTML, not JSON: Maintenance ${'Briefly unavailable. '.repeat(9).trim()}…`,
    );
    expect(error.hint).toMatch(/could not reach PHP .*, or the site is in maintenance/);
  });

  test("a web server's own error page to a write is reported where it was sent, and not sent again", async () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
    const cases = [
      {
        status: 504,
        title: '504 Gateway Time-out',
        hint: /fastcgi_read_timeout.*WordPress may still have finished/,
      },
      { status: 413, title: '413 Request Entity Too Large', hint: /client_max_body_size.*LimitRequestBody/ },
    ];
    for (const { status, title, hint } of cases) {
      const api = await scripted(() => ({ status, body: page(title) }), { retries: 3 });
      const error = await failure(api.client.schemas.create(INPUT));
      // Not the ?rest_route= form: a 504 may come while WordPress still runs the POST.
      expect(api.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /wp-json/ns/v1/schemas']);
      await api.close();
      expect(error).toMatchObject({ status, code: 'html_response' });
      expect(error.url).toMatch(/\/wp-json\/ns\/v1\/schemas$/);
      expect(error.hint).toMatch(hint);
    }
  });

  test('a 200 HTML page from a firewall', async () => {
    const error = await failureOf({
      status: 200,
      body: '<html><body>Access denied by firewall</body></html>',
    });
    expect(error).toMatchObject({ status: 200, code: 'html_response' });
  });

  test('text that is not JSON, and JSON of the wrong shape', async () => {
    const fatal = '<br />\n<b>Fatal error</b>: Allowed memory size exhausted in <b>/var/www/x.php</b>';
    expect(await failureOf({ status: 200, body: fatal })).toMatchObject({ code: 'html_response' });
    const text = await failureOf({
      status: 200,
      body: 'out of memory',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text).toMatchObject({
      code: 'invalid_json',
      serverMessage: 'the server answered text, not JSON: out of memory',
    });
    const shape = await failureOf({ body: { hello: 'world' } });
    expect(shape).toMatchObject({ status: 200, code: 'invalid_response' });
    expect(shape.serverMessage).toMatch(/id/);
  });

  test('a list of 200,000 items that fit no record names the first and checks no further', async () => {
    // 600 KB, well within maxResponseBytes: checked item by item it drew an issue each (1,000,000 took 40 s).
    const body = `[${Array(200_000).fill('{}').join(',')}]`;
    const api = await scripted(() => ({ body, headers: { 'content-type': 'application/json' } }), {
      retries: 0,
    });
    const error = await failure(api.client.schemas.list());
    await api.close();
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
    expect(error.serverMessage).toMatch(
      /item \[0\] of the 200,000 items is the first that does not fit; the rest are not checked/,
    );
    expect(error.serverMessage).toMatch(/at \[0\]\.schema_data/);
    expect(error.serverMessage).not.toMatch(/\[1\]/);
  });

  test("a server's megabyte error code and message are cut, saying how much was left out", async () => {
    const error = await failureOf(wpError(400, 'x'.repeat(100_000), `Bad ${'m'.repeat(1_000_000)}`));
    expect(error.code).toBe(`${'x'.repeat(200)}… (99,800 more characters)`);
    expect(error.serverMessage).toBe(`Bad ${'m'.repeat(1_996)}… (998,004 more characters)`);
    expect(error.message.length).toBeLessThan(3_000);
  });

  test('a timeout', async () => {
    const api = await scripted(() => undefined, { timeoutMs: 150, retries: 0 });
    const error = await failure(api.client.schemas.get(1));
    await api.close();
    expect(error).toMatchObject({ status: null, code: 'timeout' });
    expect(error.hint).toMatch(/timeoutMs \(150 ms\)/);
  });

  test("nothing listening, through the runtime's fetch (dev, on-demand pages): named as the build names it", async () => {
    // A port that was free a moment ago (fetch refuses port 9 itself, as a "bad port").
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const client = createClientWith(
      { baseUrl: `http://127.0.0.1:${port}/wp-json/ns/v1`, retries: 0 },
      createFetchSender,
    );
    const error = await failure(client.schemas.get(1));
    await client.close();
    expect(error).toMatchObject({ status: null, code: 'network_error' });
    // Node's own words, which name the code: not repeated before them.
    expect(error.serverMessage).toMatch(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(error.hint).toBe('nothing answers at that host and port: check baseUrl and that the site is up');
  });

  test('nothing listening', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/wp-json/ns/v1', retries: 0 });
    const error = await failure(client.schemas.get(1));
    await client.close();
    expect(error).toMatchObject({ status: null, code: 'network_error' });
    expect(error.serverMessage).toMatch(/ECONNREFUSED/);
  });
});

describe('hints name the bound that ran out and the usual cause of a failed connection', () => {
  test('the total bound, not timeoutMs, when it is the one that ran out', async () => {
    const api = await scripted(() => undefined, { timeoutMs: 5000, totalTimeoutMs: 300, retries: 0 });
    const error = await failure(api.client.schemas.get(1));
    expect(error.code).toBe('timeout');
    expect(error.hint).toBe(
      'the call, retries included, took longer than totalTimeoutMs (300 ms); check that the site is up, or raise totalTimeoutMs if it is only slow',
    );
    await api.close();
  });

  test("https to a port that answers plain http says so in words, not in OpenSSL's", async () => {
    const api = await scripted(() => ({ status: 200, body: [] }));
    const tls = createClient({
      baseUrl: `${api.server.url.replace('http://', 'https://')}/wp-json/ns/v1`,
      retries: 0,
    });
    const error = await failure(tls.schemas.get(1));
    await tls.close();
    await api.close();
    expect(error.code).toBe('network_error');
    expect(error.serverMessage).toBe(
      'ERR_SSL_WRONG_VERSION_NUMBER: what answers on that port does not speak TLS (https); it may be plain http',
    );
    expect(error.hint).toMatch(/^that port answers plain http, not https: use http:\/\/ in baseUrl/);
    expect(error.message).not.toMatch(/openssl|\n/);
  });

  test("a web server's own 404 page is an address with no REST API: the hint names the setting and its forms", async () => {
    const page = '<html><head><title>404 Not Found</title></head><body>File not found</body></html>';
    const api = await scripted(() => ({ status: 404, body: page, headers: { 'content-type': 'text/html' } }));
    const error = await failure(api.client.schemas.get(1));
    await api.close();
    expect(error.code).toBe('html_response');
    expect(error.hint).toBe(
      'no WordPress REST API answers at that address (the web server\'s own "not found" page): check baseUrl; it is <site>/wp-json/<namespace>/v1 (the address the plugin shows), <site>/?rest_route=/<namespace>/v1 or the site address',
    );
  });

  test('a site address that advertises no REST API: the hint names the setting as the caller names it', async () => {
    const api = await scripted(() => ({ body: '<html><head><title>Home</title></head></html>' }));
    const site = createClient({
      baseUrl: api.server.url,
      retries: 0,
      optionNames: { baseUrl: '--api (or $SCHEMA_MANAGER_API)' },
    });
    const error = await failure(site.schemas.get(1));
    await site.close();
    await api.close();
    expect(error.code).toBe('not_this_api');
    expect(error.hint).toBe(
      'set --api (or $SCHEMA_MANAGER_API) to <site>/wp-json/<namespace>/v1 (the address the plugin shows), <site>/?rest_route=/<namespace>/v1 or the site address, and check that the plugin and its REST API are active',
    );
  });

  test('a refused connection and text that is not JSON each get their usual cause', async () => {
    const refused = createClient({ baseUrl: 'http://127.0.0.1:9/wp-json/ns/v1', retries: 0 });
    expect((await failure(refused.schemas.get(1))).hint).toBe(
      'nothing answers at that host and port: check baseUrl and that the site is up',
    );
    await refused.close();
    const notice = await failureOf({
      status: 200,
      body: 'Deprecated: Creation of dynamic property in functions.php on line 3',
      headers: { 'content-type': 'application/json' },
    });
    expect(notice.code).toBe('invalid_json');
    expect(notice.hint).toMatch(/^a PHP notice or warning printed before the JSON/);
  });
});

describe('options', () => {
  test('bad options are listed one per line', () => {
    expect(() =>
      createClient({ baseUrl: 'https://e.com/wp-json/ns/v1', timeoutMs: -1, retries: 99 }),
    ).toThrow(/timeoutMs {2}.*\n {1}retries {2}/);
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(
      /baseUrl "not a url" is not an absolute URL/,
    );
    // A value pasted by mistake (a whole file) is quoted by its start and length.
    expect(() => createClient({ baseUrl: 'x'.repeat(5000) })).toThrow(
      new RegExp(`baseUrl "${'x'.repeat(300)}… \\(5000 characters\\)" is not an absolute URL`),
    );
    expect(() => createClient({ baseUrl: 'https://e.com/v1', username: 'only' })).toThrow(
      /username and password go together/,
    );
  });

  test('a mistyped option is named with the nearest one, and no request is claimed where none was made', () => {
    let error: unknown;
    try {
      // @ts-expect-error: as JavaScript may pass it.
      createClient({ baseUrl: 'https://e.com/wp-json/ns/v1', timeout: 5 });
    } catch (caught) {
      error = caught;
    }
    expect((error as ApiError).code).toBe('invalid_options');
    expect((error as ApiError).message).toBe(
      'createClient: invalid client options:\n timeout  not an option (did you mean timeoutMs?). (invalid_options). Hint: see the client options in the README',
    );
  });
});

test('no application passwords over https: a proxy that ends TLS comes first, with the http address WordPress names', () => {
  const hint = credentialsHint({
    plainHttp: false,
    refusedInWords: false,
    applicationPasswords: 'unavailable',
    httpAddress: 'http://shop.example',
  });
  expect(hint).toContain(
    'it sees plain http unless told (its REST index names http://shop.example, on plain http',
  );
  expect(hint).toContain("$_SERVER['HTTPS'] = 'on';");
  expect(hint).toMatch(/else a security plugin/);
  expect(httpAddressIn({ namespaces: [], home: 'http://shop.example', url: 'http://shop.example' })).toBe(
    'http://shop.example',
  );
  expect(httpAddressIn({ namespaces: [], home: 'https://shop.example' })).toBeNull();
});
