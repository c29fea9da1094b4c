// The one reader of sitemap XML: the scan follows what it lists over the network, the audit and `check` read
// the sitemaps of a built site.
import type { LanguageAlternate } from './head/read.ts';
import { readTags } from './read-tags.ts';

/** `<url><loc>page</loc><xhtml:link rel="alternate" hreflang href></url>` in a sitemap. */
export interface SitemapLanguageLink extends LanguageAlternate {
  /** The `<loc>` of the `<url>` the link is in. */
  page: string;
}

export interface SitemapEntries {
  /** The `<loc>` of each `<url>` of a `<urlset>`. */
  pages: string[];
  /** The `<loc>` of each `<sitemap>` of a `<sitemapindex>`: child sitemaps. */
  sitemaps: string[];
  /** Each `<xhtml:link rel="alternate" hreflang>` of a `<url>` (as @astrojs/sitemap writes with its `i18n` option). */
  languageLinks: SitemapLanguageLink[];
  /** The `<loc>`s left unread once `room` entries were in. */
  more: number;
}

/**
 * The entries of a sitemap or sitemap index. Reading stops once `room` `<loc>`s are in (a 10 MB sitemap holds
 * 400,000, and a scan takes hundreds): `more` counts those left unread.
 *
 * @example readSitemap('<urlset><url><loc>https://a.test/</loc></url></urlset>').pages // ['https://a.test/']
 */
export function readSitemap(xml: string, room = Number.POSITIVE_INFINITY): SitemapEntries {
  const entries: SitemapEntries = { pages: [], sitemaps: [], languageLinks: [], more: 0 };
  let parent: string | null = null;
  let inLoc = false;
  let text = '';
  let loc = '';
  let alternates: LanguageAlternate[] = [];
  // Tags by their local name: `<sm:url>` is a `<url>`, `<xhtml:link>` a `<link>`.
  const local = (name: string) => name.replace(/^.*:/, '').toLowerCase();
  const read = readTags(
    xml,
    {
      onOpenTag(name, attrs) {
        const tag = local(name);
        if (tag === 'url' || tag === 'sitemap') {
          parent = tag;
          loc = '';
          alternates = [];
        } else if (tag === 'loc') {
          inLoc = true;
          text = '';
        } else if (tag === 'link' && attrs.hreflang && attrs.href && /\balternate\b/i.test(attrs.rel ?? ''))
          alternates.push({ hreflang: attrs.hreflang, href: attrs.href });
      },
      onText(chunk) {
        if (inLoc) text += chunk;
      },
      onCloseTag(name) {
        const tag = local(name);
        if (tag === 'loc' && inLoc) {
          inLoc = false;
          loc = text.trim();
          // Pushed one by one: a sitemap may list more URLs than a call takes arguments.
          if (loc) (parent === 'sitemap' ? entries.sitemaps : entries.pages).push(loc);
        } else if (tag === 'url' && loc)
          for (const alternate of alternates) entries.languageLinks.push({ page: loc, ...alternate });
      },
    },
    { xmlMode: true, stop: () => entries.pages.length + entries.sitemaps.length >= room },
  );
  if (read >= xml.length) return entries;
  // What is left is counted, not parsed: each entry has one <loc>.
  for (let next = xml.indexOf('<loc', read); next !== -1; next = xml.indexOf('<loc', next + 4))
    entries.more++;
  return entries;
}
