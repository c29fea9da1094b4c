// The pure rules: retry decisions, paging, addresses.
import { describe, expect, test } from 'vitest';
import { isLoopback } from '../../src/client/index.ts';
import { linkNextPage, toPage } from '../../src/client/paging.ts';
import { retryAfterMs, retryDelay } from '../../src/client/retry-policy.ts';
import { redactUrl, routeUrl } from '../../src/client/urls.ts';

describe('retryDelay', () => {
  const now = 1_000_000;
  const settings = { retries: 3, minDelayMs: 100, maxDelayMs: 5000, deadline: now + 60_000, random: () => 1 };

  test('which failures repeat for which methods', () => {
    expect(retryDelay({ statusCode: 503 }, 'GET', 1, settings, now)).toBe(100);
    expect(retryDelay({ statusCode: 503 }, 'DELETE', 1, settings, now)).toBe(100);
    expect(retryDelay({ statusCode: 503 }, 'POST', 1, settings, now)).toBeNull();
    expect(retryDelay({ statusCode: 500 }, 'GET', 1, settings, now)).toBeNull();
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
  test('routeUrl in both forms', () => {
    expect(
      routeUrl('https://e.com/wp-json/ns/v1', '/schemas', { page: 2, ids: [1, 2], skip: undefined }, 'pretty')
        .href,
    ).toBe('https://e.com/wp-json/ns/v1/schemas?page=2&ids%5B%5D=1&ids%5B%5D=2');
    expect(routeUrl('https://e.com/blog/wp-json/ns/v1', '/schemas', { page: 2 }, 'rest_route').href).toBe(
      'https://e.com/blog/?rest_route=%2Fns%2Fv1%2Fschemas&page=2',
    );
    expect(routeUrl('https://e.com/api/ns/v1', '', undefined, 'rest_route').href).toBe(
      'https://e.com/?rest_route=%2Fns%2Fv1',
    );
  });

  test('isLoopback and redactUrl', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.1', '[::1]', 'app.localhost'].every(isLoopback)).toBe(true);
    expect(['example.com', '10.0.0.1', '127.0.0.1.example.com'].some(isLoopback)).toBe(false);
    expect(redactUrl('https://u:p@e.com/x')).toBe('https://e.com/x');
  });
});
