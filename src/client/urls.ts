// Addresses: the API's location in either of WordPress' forms, joining it with a route, loopback checks,
// redaction.

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

/** Pretty permalinks (`/wp-json/ns/v1/...`) or plain ones (`index.php?rest_route=/ns/v1/...`). */
export type RouteForm = 'pretty' | 'rest_route';

/**
 * Where the API lives, in both of WordPress' forms, so a call can go either way.
 * `prettyBase` is `https://site/wp-json/ns/v1`; `plainEntry` is the script the `rest_route` form goes to
 * (`https://site/index.php`) and `route` the namespace part (`/ns/v1`).
 */
export interface ApiLocation {
  prettyBase: string;
  plainEntry: string;
  route: string;
  /** The form the base URL was given in: the one tried first. */
  form: RouteForm;
}

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

const trimSlashes = (path: string) => path.replace(/\/+$/, '');

/**
 * Reads a base URL in any of its forms; null when it is a site's bare address (the REST root must then be
 * discovered). A `rest_route` value (or a path) ending in `/<version>` such as `/v1` names an API.
 *
 * @example
 * locateApi('https://site/index.php?rest_route=/ns/v1')
 * // { prettyBase: 'https://site/wp-json/ns/v1', plainEntry: 'https://site/index.php', route: '/ns/v1', form: 'rest_route' }
 */
export function locateApi(baseUrl: string): ApiLocation | null {
  const url = new URL(redactUrl(baseUrl));
  const restRoute = url.searchParams.get('rest_route');
  if (restRoute !== null) {
    const route = trimSlashes(`/${restRoute.replace(/^\/+/, '')}`);
    if (route === '') return null;
    // The site is the entry script's folder: `/blog/index.php` and `/blog/` are both the site `/blog/`, and so is
    // `/blog` (a folder, which WordPress redirects to `/blog/`: a write would not follow).
    const entry = /\/[^/.]+$/.test(url.pathname) ? `${url.pathname}/` : url.pathname;
    const sitePath = entry.replace(/[^/]*$/, '');
    return {
      prettyBase: `${url.origin}${sitePath}wp-json${route}`,
      plainEntry: plainEntryOf(url.origin, entry),
      route,
      form: 'rest_route',
    };
  }
  const path = trimSlashes(url.pathname);
  const marker = path.indexOf('/wp-json/');
  if (marker >= 0) {
    const route = path.slice(marker + '/wp-json'.length);
    return {
      prettyBase: url.origin + path,
      plainEntry: plainEntryOf(url.origin, `${path.slice(0, marker)}/`),
      route,
      form: 'pretty',
    };
  }
  // Another REST prefix (`/api/ns/v1`, `/blog/api/ns/v1` for a site in a folder): the segment before the
  // namespace, which is a name and a version (see the namespace option).
  const custom = /^((?:\/[^/]+)*)(\/[^/]+)(\/[^/]+\/v\d+)$/.exec(path);
  if (custom) {
    const [, sitePath = '', , route = ''] = custom;
    return {
      prettyBase: url.origin + path,
      plainEntry: plainEntryOf(url.origin, `${sitePath}/`),
      route,
      form: 'pretty',
    };
  }
  return null;
}

/**
 * The script the `?rest_route=` form is sent to: a folder's `index.php`, as WordPress names it (get_rest_url),
 * because nginx answers anything but GET, HEAD and POST to a folder with its own 405, so writes to
 * `/?rest_route=` never reach WordPress there.
 */
function plainEntryOf(origin: string, entry: string): string {
  return origin + (entry.endsWith('/') ? `${entry}index.php` : entry);
}

/**
 * The API's location from a REST root (what WordPress advertises in `Link: <root>; rel="https://api.w.org/"`)
 * and a namespace.
 *
 * @example
 * locateFromRoot('https://site/?rest_route=/', 'schemafy/v1').form // 'rest_route'
 */
export function locateFromRoot(root: string, namespace: string): ApiLocation | null {
  const url = new URL(root);
  const ns = `/${namespace.replace(/^\/+|\/+$/g, '')}`;
  if (url.searchParams.has('rest_route')) {
    url.searchParams.set('rest_route', ns);
    return locateApi(url.href);
  }
  return locateApi(`${url.origin}${trimSlashes(url.pathname)}${ns}`);
}

/** The site's REST index (`/wp-json/` or `?rest_route=/`), where WordPress names its time zone. */
export function restIndexUrl(location: ApiLocation, form: RouteForm): URL {
  if (form === 'pretty') return new URL(`${location.prettyBase.slice(0, -location.route.length)}/`);
  const url = new URL(location.plainEntry);
  url.searchParams.set('rest_route', '/');
  return url;
}

/**
 * The address of a route in WordPress' pretty form or its `?rest_route=` form: sub-paths go inside
 * `rest_route`, query parameters beside it.
 *
 * @example
 * routeUrl(locateApi('https://site/wp-json/ns/v1')!, '/schemas', { page: 2 }, 'rest_route').href
 * // 'https://site/index.php?rest_route=%2Fns%2Fv1%2Fschemas&page=2'
 */
export function routeUrl(
  location: ApiLocation,
  path: string,
  query: Query | undefined,
  form: RouteForm,
): URL {
  let url: URL;
  if (form === 'pretty') {
    url = new URL(location.prettyBase + path);
  } else {
    url = new URL(location.plainEntry);
    url.searchParams.set('rest_route', location.route + path);
  }
  appendQuery(url.searchParams, query);
  return url;
}

/** How a location is shown: as the user would write its base URL in the form that works. */
export function describeLocation(location: ApiLocation, form: RouteForm): string {
  if (form === 'pretty') return location.prettyBase;
  const href = routeUrl(location, '', undefined, form).href;
  try {
    return decodeURIComponent(href);
  } catch {
    return href; // a "%" that does not start percent-encoding: shown as sent
  }
}
