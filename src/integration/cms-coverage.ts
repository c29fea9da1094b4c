// CMS data -> the pages it is for: the URLs the CMS holds head data for that are no page of the build (an
// address the CMS uses and the site does not, pages removed since), so that a build which found nothing for its
// pages says why instead of shipping them bare in silence.
import { decodedPath, pathInSite, urlIdentity, urlVariants } from '../url-forms.ts';
import { isEmpty, type PageData } from './page-data.ts';
import { isExcluded, onDemandMatcher, type RouteInfo, routeMatcher, type SiteLayout } from './pages.ts';
import type { HeadIndex } from './read-index.ts';

export interface CmsCoverage {
  /** How many URLs (one per page, whatever its spelling or slash) the CMS holds head data for. */
  held: number;
  /** What `held` counts: URLs (read from the index) or schemas (a page-by-page build's one list request). */
  counted: 'urls' | 'schemas';
  /**
   * Those that are no page of the build, as the CMS spells them, sorted. When some of the data is for pages,
   * only those on the pages' own origins: a CMS may serve several sites, and another site's pages are not
   * this one's to list.
   */
  withoutPage: string[];
  /** Those of them the site serves as something that has no head, by URL: a redirect or an endpoint. */
  notPages?: Record<string, NotAPage>;
  /**
   * Pages the CMS holds one kind of head data for under both trailing-slash spellings (WordPress's
   * `/hello-world` beside a pushed `/hello-world/`): the build reads each kind from the page's own spelling
   * where it has it (`used`), and that kind under the other (`ignored`) is never shipped.
   */
  twins?: Array<{ used: string; ignored: string; kinds: Array<'schemas' | 'meta' | 'social'> }>;
}

/** What a URL of the site is when it is no page: one of the build's redirects, or an endpoint (a feed, JSON). */
export type NotAPage = 'redirect' | 'endpoint';

/**
 * @example cmsCoverage(index, true, ['https://a.dev/x/'], () => false) // { held: 2, withoutPage: ['https://www.a.dev/y/'] }
 */
export function cmsCoverage(
  index: HeadIndex,
  canReadTags: boolean,
  /** The CMS URLs of the build's pages. */
  pageUrls: string[],
  /** Pages the site serves that are not in the build (on-demand routes), or leaves alone (`exclude`). */
  servedElsewhere: (url: string) => boolean,
): CmsCoverage {
  const pages = new Set(pageUrls.flatMap((url) => urlVariants(url).map(urlIdentity)));
  // The index is keyed by identity: one spelling of each URL is enough to read it back.
  const spelled = new Map<string, string>();
  for (const [key, records] of index.schemas) if (records[0]) spelled.set(key, records[0].url);
  for (const map of [index.meta, index.social]) {
    for (const [key, entry] of map ?? []) if (!spelled.has(key)) spelled.set(key, entry.url);
  }
  // What the build would ship from the data under one identity: active schemas, and tags it may read.
  const holds = (key: string) =>
    !isEmpty({
      schemas: (index.schemas.get(key) ?? []).filter((record) => record.is_active),
      meta: (canReadTags && index.meta?.get(key)) || null,
      social: (canReadTags && index.social?.get(key)) || null,
    });
  let held = 0;
  const withoutPage: string[] = [];
  for (const [key, url] of spelled) {
    if (!holds(key)) continue;
    held++;
    if (!pages.has(key) && !servedElsewhere(url)) withoutPage.push(url);
  }
  // Each kind is looked up on its own, the page's spelling first: where that spelling holds any of a kind
  // (active records; tags even when empty), the same kind under the other slash is left out.
  const kinds = ['schemas', 'meta', 'social'] as const;
  const heldAt = (kind: (typeof kinds)[number], key: string): PageData => ({
    schemas: kind === 'schemas' ? (index.schemas.get(key) ?? []).filter((record) => record.is_active) : [],
    meta: kind === 'meta' && canReadTags ? (index.meta?.get(key) ?? null) : null,
    social: kind === 'social' && canReadTags ? (index.social?.get(key) ?? null) : null,
  });
  const found = ({ schemas, meta, social }: PageData) =>
    schemas.length > 0 || meta !== null || social !== null;
  const twins = pageUrls.flatMap((url) => {
    const [own, other] = urlVariants(url).map(urlIdentity);
    if (other === undefined || own === other) return [];
    const lost = kinds.filter((kind) => found(heldAt(kind, own!)) && !isEmpty(heldAt(kind, other)));
    return lost.length === 0 ? [] : [{ used: spelled.get(own!)!, ignored: spelled.get(other)!, kinds: lost }];
  });
  const anyPage = withoutPage.length < held;
  // By host: http://www.example.com/x/ stored for an https site is this site's address, to correct, not another site's.
  const hosts = new Set(pageUrls.map(hostOf));
  // A URL that does not parse is no other site's: an address to correct in the CMS.
  const ours = (url: string) => !URL.canParse(url) || hosts.has(hostOf(url));
  const listed = anyPage ? withoutPage.filter(ours) : withoutPage;
  return { held, counted: 'urls', withoutPage: listed.sort(), ...(twins.length > 0 && { twins }) };
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/**
 * Whether a CMS URL is a page the site serves outside the build (an on-demand route) or leaves alone
 * (`exclude`); false for a URL that does not parse (a CMS may store anything).
 *
 * @example servedElsewhereFor(layout, routes, ['/drafts/'])('https://a.dev/drafts/x/') // true
 */
export function servedElsewhereFor(
  layout: SiteLayout,
  routes: RouteInfo[],
  exclude: readonly string[],
): (url: string) => boolean {
  const onDemand = onDemandMatcher(layout, routes);
  return (url) => {
    if (!URL.canParse(url)) return false;
    const pathname = decodedPath(new URL(url).pathname);
    return onDemand(pathname) || isExcluded(pathInSite(pathname, layout.base), exclude);
  };
}

/**
 * Which of the site's redirects and endpoints a CMS URL is, if any: data the CMS holds for it goes on no page
 * (a redirect's belongs to the page it leads to).
 *
 * @example notAPageFor(layout, routes)('https://a.dev/old/') // 'redirect', with redirects: { '/old/': '/new/' }
 */
export function notAPageFor(layout: SiteLayout, routes: RouteInfo[]): (url: string) => NotAPage | null {
  const route = routeMatcher(
    layout,
    routes,
    (route) => route.type === 'redirect' || route.type === 'endpoint',
  );
  return (url) => {
    if (!URL.canParse(url)) return null;
    return (route(decodedPath(new URL(url).pathname))?.type as NotAPage | undefined) ?? null;
  };
}
