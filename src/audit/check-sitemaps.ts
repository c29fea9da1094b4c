// Sitemaps against the pages: a listed URL with no page, redirects and noindex pages listed.
import { listUrls, pageKey, resolve, type SiteView } from './site-view.ts';

/** @example checkSitemaps(view, ['https://a.dev/', 'https://a.dev/gone/']) */
export function checkSitemaps(view: SiteView, sitemapUrls: readonly string[]): void {
  const { input, site, pages, byKey, where, isRedirect, isNoindex, basedPage, add } = view;
  const inSitemap = new Set<string>();
  // By page key: the sitemap file that lists the page, for messages.
  const sitemapFileOf = new Map<string, string>();
  for (const loc of sitemapUrls) {
    const url = resolve(loc, site.href);
    if (!url) continue;
    const key = pageKey(url);
    inSitemap.add(key);
    const file = input.sitemapFileOf?.get(loc);
    if (file && !sitemapFileOf.has(key)) sitemapFileOf.set(key, file);
    if (url.origin === site.origin && !byKey.has(key) && !input.servedOnDemand?.(url.pathname)) {
      // Which page it meant when it leaves the site's base path out (a Next.js sitemap.ts with a basePath).
      const based = basedPage(url);
      add(
        'sitemap-url-without-page',
        url.href,
        'sitemap',
        `${file ?? 'The sitemap'} lists ${url.href}, which is not a page of this build${based ? `; ${based.href} is: the address leaves out the site's base path ${site.pathname}. Write the sitemap's addresses with the base` : ''}.`,
        [url.href],
        file,
      );
    }
  }
  // A redirect page (Astro's are noindex too) is its own, lesser finding: @astrojs/sitemap lists i18n fallback
  // and config redirects the user never wrote a page for, and search engines follow them.
  const listedRedirects = pages.filter((page) => isRedirect(page) && inSitemap.has(where(page).key));
  if (listedRedirects.length > 0) {
    const urls = listedRedirects.map((page) => page.url);
    const sitemaps = [
      ...new Set(listedRedirects.map((page) => sitemapFileOf.get(where(page).key)).filter(Boolean)),
    ];
    const lists = sitemaps.length > 0 ? sitemaps.join(' and ') : 'the sitemap';
    add(
      'redirect-in-sitemap',
      urls[0]!,
      'meta refresh',
      `${lists} ${urls.length === 1 ? `lists a redirect (to ${listedRedirects[0]!.refreshTo})` : `lists ${urls.length} redirects: ${listUrls(urls)}`}. ` +
        'A sitemap lists the final pages: leave redirects out (with @astrojs/sitemap, its filter option does; Astro writes a redirect page for each config redirect and i18n fallback).',
      urls,
    );
  }
  // One finding for them all: a theme's noindex tag pages are usually many.
  const listedNoindex = pages.filter(
    (page) => isNoindex(page) && !isRedirect(page) && inSitemap.has(where(page).key),
  );
  if (listedNoindex.length > 0) {
    const urls = listedNoindex.map((page) => page.url);
    const sitemaps = [
      ...new Set(listedNoindex.map((page) => sitemapFileOf.get(where(page).key)).filter(Boolean)),
    ];
    const them = urls.length === 1 ? 'The page is' : `${urls.length} pages are`;
    const lists = sitemaps.length > 0 ? sitemaps.join(' and ') : 'the sitemap';
    add(
      'noindex-in-sitemap',
      urls[0]!,
      'meta robots',
      `${them} marked noindex, but ${lists} ${urls.length === 1 ? 'lists it' : 'lists them'}${urls.length > 1 ? `: ${listUrls(urls)}` : ''}. ` +
        'Drop one of the two: a sitemap lists pages to index (with @astrojs/sitemap, its filter option leaves pages out).',
      urls,
    );
  }
}
