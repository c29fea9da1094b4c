// The hreflang links of the pages and of the sitemaps, resolved once, and the language clusters they make:
// pages that name each other in other languages are one page in several, which may share a title.
import type { LanguageAlternate } from '../head/read.ts';
import type { PageFacts } from './page-facts.ts';
import { pageKey, resolve, type SiteView } from './site-view.ts';

/** One of a page's hreflang links, resolved against the page (null when the href does not parse). */
export interface LanguageLink {
  hreflang: string;
  url: URL | null;
  key: string | null;
}

export interface LanguageLinks {
  /** The page's own hreflang links. */
  linksOf(page: PageFacts): LanguageLink[];
  /** Its own and those a sitemap gives it: search engines read both. */
  allLinksOf(page: PageFacts): LanguageLink[];
  /** The id of the page's language cluster. */
  clusterOf(page: PageFacts): string;
}

/** @example const { clusterOf } = readLanguageLinks(viewSite(input)); */
export function readLanguageLinks(view: SiteView): LanguageLinks {
  const { input, site, pages, where } = view;
  // Each page's hreflang links, resolved once; the sitemaps' count too, as search engines read both.
  const links = new Map(pages.map((page) => [page, languageLinks(page.languageAlternates, page.url)]));
  const linksOf = (page: PageFacts) => links.get(page) as LanguageLink[];
  const sitemapLinks = new Map<string, LanguageLink[]>();
  for (const link of input.sitemapLanguageLinks ?? []) {
    const url = resolve(link.page, site.href);
    if (!url) continue;
    const [resolved] = languageLinks([link], url.href) as [LanguageLink];
    const key = pageKey(url);
    const listed = sitemapLinks.get(key);
    if (listed) listed.push(resolved);
    else sitemapLinks.set(key, [resolved]);
  }
  const allLinksOf = (page: PageFacts): LanguageLink[] => {
    const listed = sitemapLinks.get(where(page).key);
    return listed ? [...linksOf(page), ...listed] : linksOf(page);
  };
  const clusterOf = languageClusters(pages, (page) => where(page).key, allLinksOf);
  return { linksOf, allLinksOf, clusterOf };
}

function languageLinks(alternates: readonly LanguageAlternate[], base: string): LanguageLink[] {
  return alternates.map(({ hreflang, href }) => {
    const url = resolve(href, base);
    return { hreflang: hreflang.trim(), url, key: url && pageKey(url) };
  });
}

/**
 * Which language cluster each page is in: pages that name each other with `<link rel="alternate" hreflang>`
 * (directly, or through other such pairs) are one page in several languages. A link the other page does not
 * return does not count, as search engines ignore it: an x-default switcher to the home page on every page
 * does not make the site one page. Returns the cluster's id for a page.
 */
function languageClusters(
  pages: readonly PageFacts[],
  keyOf: (page: PageFacts) => string,
  linksOf: (page: PageFacts) => readonly LanguageLink[],
): (page: PageFacts) => string {
  // Which language each page gives each other page: two pages are versions of one only where they name each
  // other in different languages (two pages of a paginated list both saying "en" are not translations).
  const named = new Map<string, string>();
  for (const page of pages)
    for (const link of linksOf(page))
      if (link.key) named.set(`${keyOf(page)}\n${link.key}`, link.hreflang.trim().toLowerCase());
  // Union-find. Every key a find passes is pointed straight at the root, and a page joins the cluster its
  // alternates are in (not the other way round), so that chains stay short.
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) root = up;
    for (let at = key; at !== root; ) {
      const up = parent.get(at) as string;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  for (const page of pages) {
    const key = keyOf(page);
    let own = find(key);
    for (const link of linksOf(page)) {
      if (!link.key || link.key === key) continue;
      const back = named.get(`${link.key}\n${key}`);
      if (back === undefined || back === link.hreflang.trim().toLowerCase()) continue;
      const other = find(link.key);
      if (other === own) continue;
      parent.set(own, other);
      own = other;
    }
  }
  return (page) => find(keyOf(page));
}
