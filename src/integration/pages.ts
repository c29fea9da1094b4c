// Built output -> pages: which HTML files Astro wrote for which routes, and the public URL of each,
// following Astro's own output rules (build.format, trailingSlash, base, i18n fallbacks, 404/500).
import { decodedPath, pageHref, pathInSite } from '../url-forms.ts';

export type BuildFormat = 'directory' | 'file' | 'preserve';
export type TrailingSlash = 'always' | 'never' | 'ignore';

/** The parts of a resolved route (astro:routes:resolved) this module reads. */
export interface RouteInfo {
  pattern: string;
  patternRegex: RegExp;
  type: string;
  origin: string;
  isPrerendered: boolean;
  /** The source file, e.g. `src/pages/blog/index.astro`. */
  entrypoint: string;
  fallbackRoutes: Array<{ pattern: string }>;
}

/** A locale served on a domain of its own: its path, the codes Astro may name it by, and the domain's origin. */
export interface LocaleDomain {
  path: string;
  codes: string[];
  origin: string;
}

export interface SiteLayout {
  /** The origin of `site` from the Astro config, e.g. `https://www.example.com/`: Astro leaves its path out of page URLs. */
  site: string;
  /** `base`, e.g. `/` or `/docs`. */
  base: string;
  format: BuildFormat;
  trailingSlash: TrailingSlash;
  /** i18n fallback pages are real pages only when Astro renders them in place ('rewrite'). */
  fallbackType: 'rewrite' | 'redirect' | null;
  /** The locales of `i18n.domains`: a page of one is known on its domain (see `requestedPage`). */
  localeDomains?: LocaleDomain[];
}

export interface BuiltPage {
  /** Path of the HTML file relative to the output directory, with `/` separators. */
  file: string;
  /** The page's public URL, percent-encoded as Astro.url and sitemaps have it. */
  url: string;
  /** Pathname after `base`, with a leading slash, used for `exclude`. */
  pathname: string;
}

const STATUS_CODE_PAGES = new Set(['/404', '/500']);

/**
 * Where a page rendered on request is known: its origin and path. With `i18n.domains`, a page of a locale served
 * on a domain of its own is known on that domain however Astro reached it: by the domain (a server answering
 * `fr.example.com/live`) or by the locale's path (`astro dev`, which routes by path: `/fr/live`). Astro says which
 * locale it rendered (`currentLocale`), so a request to a locale's domain that Astro routed to another locale's
 * page is known as that page.
 *
 * @example requestedPage('/fr/live', 'fr', layout) // { origin: 'https://fr.example.com', pathname: '/live' } with domains: { fr: 'https://fr.example.com' }
 */
export function requestedPage(
  pathname: string,
  locale: string | undefined,
  layout: SiteLayout,
): { origin: string; pathname: string } {
  const domain =
    locale === undefined ? undefined : layout.localeDomains?.find((d) => d.codes.includes(locale));
  if (!domain) return { origin: new URL(layout.site).origin, pathname };
  const base = layout.base.replace(/\/+$/, '');
  const prefix = `${base}/${domain.path}`;
  const inPrefix = pathname === prefix || pathname.startsWith(`${prefix}/`);
  return {
    origin: domain.origin,
    pathname: inPrefix ? `${base}${pathname.slice(prefix.length)}` || '/' : pathname,
  };
}

/**
 * The path (with `base`) the visitor asked for, where a middleware before this package's rewrote the request
 * (`context.rewrite('/en/about/')`): Astro then runs the middleware again for the new path, so the first run
 * this package sees is already the new page's, and the address asked for is only in `originPathname` (decoded,
 * without `base`, its trailing slash as Astro serves it). The build names such a page by its own address, so
 * the request-time pass does too. Without a rewrite, or where Astro has no `originPathname` (a value that is
 * not a string), the request's own path, as it spells it.
 *
 * @example pathBeforeRewrite('/docs/en/about/', '/en/alias/', '/docs') // '/docs/en/alias/'
 * @example pathBeforeRewrite('/docs/caf%C3%A9', '/café/', '/docs') // '/docs/caf%C3%A9' (no rewrite)
 */
export function pathBeforeRewrite(pathname: string, originPathname: unknown, base: string): string {
  if (typeof originPathname !== 'string' || !originPathname.startsWith('/')) return pathname;
  const unslashed = (path: string) => path.replace(/\/+$/, '');
  if (unslashed(pathInSite(decodedPath(pathname), base)) === unslashed(originPathname)) return pathname;
  // Encoded, as a request's path is: a `%` in the decoded path must not be read as an escape.
  return `${base.replace(/\/+$/, '')}${encodeURI(originPathname)}`;
}

/**
 * The HTML file Astro writes for a page pathname, relative to the output directory.
 *
 * @example outputFileFor('blog/hello/', 'directory', false) // 'blog/hello/index.html'
 */
export function outputFileFor(pathname: string, format: BuildFormat, isIndex: boolean): string {
  const name = stripSlashes(pathname);
  if (name === '') return 'index.html';
  if (format === 'file' || STATUS_CODE_PAGES.has(`/${name}`)) return `${name}.html`;
  if (format === 'preserve' && !isIndex) return `${name}.html`;
  return `${name}/index.html`;
}

/**
 * The public URL of a page, from `site`, `base` and the page pathname (decoded, as Astro names it), with the
 * trailing slash Astro serves, percent-encoded as Astro.url has it.
 *
 * @example pageUrlFor('blog/hello/', layout) // 'https://www.example.com/blog/hello/'
 * @example pageUrlFor('café', layout) // 'https://www.example.com/caf%C3%A9/'
 */
export function pageUrlFor(pathname: string, layout: SiteLayout, isIndex = false): string {
  const name = stripSlashes(pathname);
  const base = stripSlashes(layout.base);
  const path = [base, name].filter(Boolean).join('/');
  let slash: boolean;
  if (path === '') slash = true;
  else if (layout.trailingSlash === 'always') slash = true;
  else if (layout.trailingSlash === 'never') slash = false;
  else if (STATUS_CODE_PAGES.has(`/${name}`)) slash = false;
  else if (layout.format === 'directory') slash = true;
  else if (layout.format === 'preserve') slash = isIndex || name === '';
  else slash = name === '';
  return pageHref(layout.site, `/${path}${slash && path !== '' ? '/' : ''}`);
}

/**
 * The public URL of an HTML file of the output, as Astro serves it (the inverse of `outputFileFor`): for pages
 * this build did not rewrite too, so that the audit names every page alike.
 *
 * @example urlOfOutputFile('blog/hello/index.html', layout) // 'https://www.example.com/blog/hello' with trailingSlash 'never'
 */
export function urlOfOutputFile(file: string, layout: SiteLayout): string {
  const index = /(^|\/)index\.html?$/i.test(file);
  const name = index ? file.replace(/(^|\/)index\.html?$/i, '') : file.replace(/\.html?$/i, '');
  return pageUrlFor(name, layout, index);
}

/**
 * Every page of a static build (or the prerendered pages of a server build): the pathnames Astro reports in
 * `astro:build:done`, plus the i18n fallback pages it renders in place, minus endpoints and redirects.
 */
export function listBuiltPages(pathnames: string[], routes: RouteInfo[], layout: SiteLayout): BuiltPage[] {
  const pages = new Map<string, BuiltPage>();
  const add = (pathname: string, route: RouteInfo | undefined) => {
    const isIndex = route ? isIndexRoute(route, pathname) : stripSlashes(pathname) === '';
    const file = outputFileFor(pathname, layout.format, isIndex);
    if (pages.has(file)) return;
    pages.set(file, {
      file,
      url: pageUrlFor(pathname, layout, isIndex),
      pathname: `/${stripSlashes(pathname)}`,
    });
  };
  const pageRoutes = routes.filter((route) => route.type === 'page' && route.origin !== 'internal');
  // Each pathname's route, found once: the fallbacks below take each route's pathnames.
  const routeOf = new Map(pathnames.map((pathname) => [pathname, routeFor(pathname, routes)]));
  for (const pathname of pathnames) {
    const route = routeOf.get(pathname);
    if (route && route.type !== 'page') continue;
    add(pathname, route);
  }
  if (layout.fallbackType === 'rewrite') {
    const pathnamesOf = Map.groupBy(pathnames, (pathname) => routeOf.get(pathname));
    for (const route of pageRoutes) {
      for (const fallback of route.fallbackRoutes) {
        if (fallback.pattern === route.pattern) continue;
        for (const pathname of pathnamesOf.get(route) ?? []) {
          const moved = swapPrefix(`/${stripSlashes(pathname)}`, route.pattern, fallback.pattern);
          if (moved !== null) add(moved, route);
        }
      }
    }
  }
  return [...pages.values()].sort((a, b) => a.file.localeCompare(b.file));
}

/** The route that renders a pathname: Astro reports routes in priority order. */
function routeFor(pathname: string, routes: RouteInfo[]): RouteInfo | undefined {
  const candidates = [`/${stripSlashes(pathname)}`, `/${stripSlashes(pathname)}/`];
  return routes.find((route) => candidates.some((candidate) => route.patternRegex.test(candidate)));
}

/** A page file named index (src/pages/blog/index.astro) renders its folder's URL: `preserve` keeps it a folder. */
function isIndexRoute(route: RouteInfo, pathname: string): boolean {
  return stripSlashes(pathname) === '' || /(^|\/)index\.[a-z]+$/i.test(route.entrypoint);
}

/**
 * Moves a pathname rendered by one route to the place its i18n fallback takes, by the prefix in which the
 * two patterns differ (`/en/about` -> `/fr/about`; `/about` -> `/fr/about` without a default-locale prefix).
 */
function swapPrefix(pathname: string, from: string, to: string): string | null {
  let shared = 0;
  while (shared < from.length && shared < to.length && from.at(-1 - shared) === to.at(-1 - shared)) shared++;
  const fromPrefix = from.slice(0, from.length - shared);
  const toPrefix = to.slice(0, to.length - shared);
  if (!pathname.startsWith(fromPrefix)) return null;
  return toPrefix + pathname.slice(fromPrefix.length);
}

function stripSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/**
 * The patterns of the endpoints among the routes, as `context.routePattern` names the route that answered.
 *
 * @example endpointPatterns(routes) // ['/feed.html', '/api/[id].json']
 */
export function endpointPatterns(routes: RouteInfo[]): string[] {
  return routes.filter((route) => route.type === 'endpoint').map((route) => route.pattern);
}

/**
 * Whether a pathname (with `base`) is one of a server build's on-demand pages: served, though not in the output.
 *
 * @example onDemandMatcher(layout, routes)('/docs/live/') // true for src/pages/live.astro with prerender = false
 */
export function onDemandMatcher(layout: SiteLayout, routes: RouteInfo[]): (pathname: string) => boolean {
  const route = routeMatcher(layout, routes, (route) => route.type === 'page' && !route.isPrerendered);
  return (pathname) => route(pathname) !== undefined;
}

/**
 * The first of the routes `keep` keeps that a pathname (with `base`) is served by, with or without its
 * trailing slash.
 *
 * @example routeMatcher(layout, routes, (route) => route.type === 'redirect')('/old/')?.type // 'redirect'
 */
export function routeMatcher(
  layout: SiteLayout,
  routes: RouteInfo[],
  keep: (route: RouteInfo) => boolean,
): (pathname: string) => RouteInfo | undefined {
  const kept = routes.filter(keep);
  return (pathname) => {
    if (kept.length === 0) return undefined;
    const inSite = pathInSite(pathname, layout.base);
    return kept.find(
      (route) => route.patternRegex.test(inSite) || route.patternRegex.test(inSite.replace(/\/$/, '')),
    );
  };
}

/**
 * Whether a page is left alone by the `exclude` option: a prefix matches the pathname after `base`, with or
 * without its trailing slash, so `/drafts/` excludes `/drafts` as well as `/drafts/a`.
 *
 * @example isExcluded('/blog/first', ['/blog/first/']) // true
 */
export function isExcluded(pathname: string, prefixes: readonly string[]): boolean {
  const slashed = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return prefixes.some((prefix) => pathname.startsWith(prefix) || slashed.startsWith(prefix));
}
