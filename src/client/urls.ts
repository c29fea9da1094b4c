// Addresses: joining the base URL with a route, the `?rest_route=` form, loopback checks, redaction.

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

/** Whether a host name is this machine (auth over plain http is allowed there). */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/** Removes `user:pass@` from a URL so it can be shown in errors and logs. */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return String(url).replace(/\/\/[^/@]*@/, '//');
  }
}

function appendQuery(params: URLSearchParams, query: Query | undefined): void {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
}

/**
 * The address of a route under the base URL, in WordPress' pretty form or its `?rest_route=` form
 * (what a site with plain permalinks answers).
 *
 * @example
 * routeUrl('https://site/wp-json/ns/v1', '/schemas', { page: 2 }, 'rest_route')
 * // 'https://site/?rest_route=%2Fns%2Fv1%2Fschemas&page=2'
 */
export function routeUrl(
  baseUrl: string,
  path: string,
  query: Query | undefined,
  form: 'pretty' | 'rest_route',
): URL {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (form === 'pretty') {
    const url = new URL(base.origin + basePath + path);
    appendQuery(url.searchParams, query);
    return url;
  }
  // `/blog/wp-json/ns/v1` -> site `/blog/`, route `/ns/v1`; without `wp-json` the first segment is the prefix.
  const marker = basePath.indexOf('/wp-json/');
  const sitePath = marker >= 0 ? basePath.slice(0, marker) : '';
  const route = marker >= 0 ? basePath.slice(marker + '/wp-json'.length) : basePath.replace(/^\/[^/]+/, '');
  const url = new URL(`${base.origin}${sitePath}/`);
  url.searchParams.set('rest_route', route + path);
  appendQuery(url.searchParams, query);
  return url;
}
