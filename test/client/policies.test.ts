// The pure rules: retry decisions, paging, addresses.
import { describe, expect, test } from 'vitest';
import { isLoopback } from '../../src/client/index.ts';
import { restRootFromLink, wantsPlainForm } from '../../src/client/locate.ts';
import { linkNextPage, toPage } from '../../src/client/paging.ts';
import { retryAfterMs, retryDelay } from '../../src/client/retry-policy.ts';
import { localToUtc, readSiteZone } from '../../src/client/site-time.ts';
import { locateApi, locateFromRoot, redactUrl, restIndexUrl, routeUrl } from '../../src/client/urls.ts';

describe('retryDelay', () => {
  const now = 1_000_000;
  const settings = { retries: 3, minDelayMs: 100, maxDelayMs: 5000, deadline: now + 60_000, random: () => 1 };

  test('which failures repeat for which methods', () => {
    expect(retryDelay({ statusCode: 503 }, 'GET', 1, settings, now)).toBe(100);
    expect(retryDelay({ statusCode: 503 }, 'DELETE', 1, settings, now)).toBe(100);
    expect(retryDelay({ statusCode: 503 }, 'POST', 1, settings, now)).toBeNull();
    expect(retryDelay({ statusCode: 500 }, 'GET', 1, settings, now)).toBe(100);
    expect(retryDelay({ statusCode: 500 }, 'POST', 1, settings, now)).toBeNull();
    expect(retryDelay({ statusCode: 501 }, 'GET', 1, settings, now)).toBeNull();
    expect(retryDelay({ statusCode: 429 }, 'PUT', 1, settings, now)).toBe(100);
    expect(retryDelay({ code: 'ECONNRESET' }, 'GET', 1, settings, now)).toBe(100);
    expect(retryDelay({ code: 'ECONNRESET' }, 'POST', 1, settings, now)).toBeNull();
    expect(retryDelay({ code: 'ECONNREFUSED' }, 'POST', 1, settings, now)).toBe(100);
    expect(retryDelay({ code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' }, 'GET', 1, settings, now)).toBeNull();
  });

  test('exponential, jittered, bounded', () => {
    expect(retryDelay({ statusCode: 503 }, 'GET', 3, settings, now)).toBe(400);
    expect(retryDelay({ statusCode: 503 }, 'GET', 3, { ...settings, random: () => 0 }, now)).toBe(200);
    expect(retryDelay({ statusCode: 503 }, 'GET', 4, settings, now)).toBeNull();
    expect(retryDelay({ statusCode: 503 }, 'GET', 1, { ...settings, deadline: now + 50 }, now)).toBeNull();
  });

  test('Retry-After in seconds or as a date', () => {
    expect(retryDelay({ statusCode: 429, retryAfter: '2' }, 'POST', 1, settings, now)).toBe(2000);
    expect(retryDelay({ statusCode: 429, retryAfter: '60' }, 'POST', 1, settings, now)).toBeNull();
    expect(retryAfterMs(new Date(now + 3000).toUTCString(), now)).toBe(3000);
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('paging', () => {
  test('the next page from headers, Link, or a full page', () => {
    expect(toPage([1, 2], 1, 2, { 'x-wp-total': '5', 'x-wp-totalpages': '3' })).toEqual({
      items: [1, 2],
      page: 1,
      total: 5,
      totalPages: 3,
      next: 2,
    });
    expect(toPage([1, 2], 3, 2, { 'x-wp-totalpages': '3' }).next).toBeNull();
    expect(toPage([1, 2], 1, 2, { link: '<https://e.com/x?page=2>; rel="next"' }).next).toBe(2);
    expect(toPage([1, 2], 2, 2, { link: '<https://e.com/x?page=1>; rel="prev"' }).next).toBeNull();
    expect(toPage([1, 2], 1, 2, {}).next).toBe(2);
    // WordPress's discovery link on every answer says nothing of paging: a full page still has a next one.
    const discovery = '<https://e.com/wp-json/>; rel="https://api.w.org/"';
    expect(toPage([1, 2], 1, 2, { link: discovery }).next).toBe(2);
    expect(toPage([1], 1, 2, { link: discovery }).next).toBeNull();
    expect(
      toPage([1, 2], 2, 2, { link: `${discovery}, <https://e.com/x?page=1>; rel="prev"` }).next,
    ).toBeNull();
    expect(toPage([1], 1, 2, {}).next).toBeNull();
    expect(toPage([], 1, 2, { 'x-wp-totalpages': '9' }).next).toBeNull();
  });

  test('linkNextPage', () => {
    const link = '<https://e.com/x?page=1>; rel="prev", <https://e.com/x?per_page=5&page=3>; rel="next"';
    expect(linkNextPage(link, 2)).toBe(3);
    expect(linkNextPage('<https://e.com/x>; rel=next', 4)).toBe(5);
    expect(linkNextPage(undefined, 1)).toBeNull();
  });
});

describe('addresses', () => {
  test('routeUrl in both forms, from every base URL form', () => {
    const at = (base: string) => {
      const location = locateApi(base);
      if (!location) throw new Error(`no location for ${base}`);
      return location;
    };
    expect(
      routeUrl(
        at('https://e.com/wp-json/ns/v1'),
        '/schemas',
        { page: 2, ids: [1, 2], skip: undefined },
        'pretty',
      ).href,
    ).toBe('https://e.com/wp-json/ns/v1/schemas?page=2&ids%5B%5D=1&ids%5B%5D=2');
    expect(routeUrl(at('https://e.com/blog/wp-json/ns/v1'), '/schemas', { page: 2 }, 'rest_route').href).toBe(
      'https://e.com/blog/index.php?rest_route=%2Fns%2Fv1%2Fschemas&page=2',
    );
    expect(routeUrl(at('https://e.com/api/ns/v1'), '', undefined, 'rest_route').href).toBe(
      'https://e.com/index.php?rest_route=%2Fns%2Fv1',
    );
    // Another prefix on a site in a folder: the folder is the site's, the prefix the segment before the
    // namespace (read as the prefix, the folder sent the query form to the wrong script and lost the REST
    // index, and with it the site's time zone).
    const folder = at('https://e.com/blog/api/ns/v1');
    expect(folder).toMatchObject({ route: '/ns/v1', plainEntry: 'https://e.com/blog/index.php' });
    expect(restIndexUrl(folder, 'pretty').href).toBe('https://e.com/blog/api/');
    expect(locateFromRoot('https://e.com/blog/api/', 'ns/v1')?.route).toBe('/ns/v1');
    // The query forms keep the namespace: sub-paths inside rest_route, query parameters beside it.
    // A folder's form is sent to its index.php, as WordPress names it: nginx refuses PUT and DELETE to a folder.
    const plain = at('https://e.com/?rest_route=/ns/v1/');
    expect(plain.form).toBe('rest_route');
    expect(routeUrl(plain, '/schemas', { page: 2 }, 'rest_route').href).toBe(
      'https://e.com/index.php?rest_route=%2Fns%2Fv1%2Fschemas&page=2',
    );
    const script = at('https://e.com/blog/index.php?rest_route=%2Fns%2Fv1');
    expect(routeUrl(script, '/schemas/3', undefined, 'rest_route').href).toBe(
      'https://e.com/blog/index.php?rest_route=%2Fns%2Fv1%2Fschemas%2F3',
    );
    expect(routeUrl(script, '/schemas', undefined, 'pretty').href).toBe(
      'https://e.com/blog/wp-json/ns/v1/schemas',
    );
    // A bare site address has no location: it is discovered.
    expect(locateApi('https://e.com')).toBeNull();
    expect(locateApi('https://e.com/blog/')).toBeNull();
    expect(locateFromRoot('https://e.com/index.php?rest_route=/', 'ns/v1')?.plainEntry).toBe(
      'https://e.com/index.php',
    );
    expect(locateFromRoot('https://e.com/wp-json/', 'ns/v1')?.prettyBase).toBe('https://e.com/wp-json/ns/v1');
  });

  test('REST discovery reads the api.w.org Link among others', () => {
    const link =
      '<https://e.com/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://e.com/?rest_route=/>; rel="https://api.w.org/"';
    expect(restRootFromLink(link, 'https://e.com/')).toBe('https://e.com/?rest_route=/');
    expect(
      restRootFromLink(
        ['<https://e.com/?p=2>; rel=shortlink', '</wp-json/>; rel="https://api.w.org/"'],
        'https://e.com/x/',
      ),
    ).toBe('https://e.com/wp-json/');
    expect(restRootFromLink('<https://e.com/?p=2>; rel=shortlink', 'https://e.com/')).toBeNull();
    expect(restRootFromLink(undefined, 'https://e.com/')).toBeNull();
  });

  test('which pretty-form answers send the call to the plain form', () => {
    const raw = (status: number, text: string, headers: Record<string, string> = {}) => ({
      status,
      text,
      headers,
      url: 'https://e.com/wp-json/ns/v1',
    });
    expect(wantsPlainForm(raw(200, '<!doctype html><html><body>Home</body></html>'))).toBe(true);
    expect(wantsPlainForm(raw(404, '<html><body>Not Found</body></html>'))).toBe(true);
    expect(wantsPlainForm(raw(404, '{"code":"rest_no_route","message":"x","data":{"status":404}}'))).toBe(
      true,
    );
    expect(wantsPlainForm(raw(301, '', { location: 'https://e.com/wp-json/ns/v1/' }))).toBe(false);
    expect(wantsPlainForm(raw(302, '', { location: 'https://e.com/' }))).toBe(true);
    expect(wantsPlainForm(raw(404, '{"code":"not_found","message":"x"}'))).toBe(false);
    expect(wantsPlainForm(raw(401, '{"code":"rest_forbidden","message":"x"}'))).toBe(false);
    expect(wantsPlainForm(raw(200, '[]'))).toBe(false);
    // A web server's own error pages that do not say the route is missing: a 504 while WordPress still runs a
    // POST, a body or address too large, PHP down. Sent again, a write would run twice.
    for (const status of [401, 403, 413, 414, 500, 502, 503, 504])
      expect(
        wantsPlainForm(raw(status, `<html><body><h1>${status}</h1></body></html>`)),
        String(status),
      ).toBe(false);
    expect(wantsPlainForm(raw(405, '<html><body><h1>405 Not Allowed</h1></body></html>'))).toBe(true);
  });

  test("zone-less dates in the site's zone, UTC without one", () => {
    const tokyo = readSiteZone({ timezone_string: 'Asia/Tokyo', gmt_offset: 9 });
    expect(localToUtc('2026-11-21T10:00:00', tokyo)).toBe('2026-11-21T01:00:00.000Z');
    expect(localToUtc('2026-07-01T12:00:00', readSiteZone({ timezone_string: 'Europe/Berlin' }))).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    expect(localToUtc('2026-01-01T12:00:00', readSiteZone({ timezone_string: '', gmt_offset: '5.5' }))).toBe(
      '2026-01-01T06:30:00.000Z',
    );
    expect(localToUtc('2026-01-01T12:00:00', readSiteZone({}))).toBe('2026-01-01T12:00:00.000Z');
  });

  test('a clamped page reports the page served', () => {
    expect(toPage([1], 9, 1, { 'x-wp-totalpages': '3' }).page).toBe(3);
    expect(toPage([1], 2, 1, { 'x-wp-totalpages': '3' }).page).toBe(2);
  });

  test('isLoopback and redactUrl', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.1', '[::1]', 'app.localhost'].every(isLoopback)).toBe(true);
    expect(['example.com', '10.0.0.1', '127.0.0.1.example.com'].some(isLoopback)).toBe(false);
    expect(redactUrl('https://u:p@e.com/x')).toBe('https://e.com/x');
  });
});
