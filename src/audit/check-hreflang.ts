// hreflang links that search engines ignore or that contradict each other: invalid values, two pages for one
// language, links to pages not built, to redirects or to non-canonical pages, and links not returned.
import type { AuditCode } from './codes.ts';
import { hreflangProblem } from './hreflang.ts';
import type { LanguageLinks } from './language-links.ts';
import { listUrls, type SiteView } from './site-view.ts';

/** @example checkHreflang(view, readLanguageLinks(view)) */
export function checkHreflang(view: SiteView, { linksOf, allLinksOf }: LanguageLinks): void {
  const { input, site, pages, byKey, where, isRedirect, isNotFoundPage, canonicalElsewhere, basedPage, add } =
    view;
  // hreflang problems, each grouped by what it is about (a value, or the page named), so that a language
  // switcher on every page gives one finding, not one a page.
  const hreflangGroups = new Map<
    string,
    { code: AuditCode; path: string; urls: string[]; say: (urls: string[]) => string }
  >();
  const hreflang = (
    code: AuditCode,
    about: string,
    path: string,
    url: string,
    say: (urls: string[]) => string,
  ) => {
    const id = `${code}\n${about}`;
    const group = hreflangGroups.get(id);
    if (group) group.urls.push(url);
    else hreflangGroups.set(id, { code, path, urls: [url], say });
  };
  const onPages = (urls: string[]) =>
    urls.length === 1 ? '' : ` On ${urls.length} pages: ${listUrls(urls)}.`;
  for (const page of pages) {
    // An error page is not indexed: its links (Starlight's 404 names a /fr/404/ it does not build) mislead no one.
    // Nor do the links of a page that names another as its canonical: search engines read that page's instead.
    if (isRedirect(page) || isNotFoundPage(page) || canonicalElsewhere(page)) continue;
    const { key } = where(page);
    // One page per language: a value naming two pages leaves search engines to pick, or to ignore both.
    const byValue = Map.groupBy(
      linksOf(page).filter((link) => link.url && !hreflangProblem(link.hreflang)),
      (link) => link.hreflang.toLowerCase(),
    );
    for (const [value, links] of byValue) {
      const targets = [...new Map(links.map((link) => [link.key, (link.url as URL).href])).values()];
      if (targets.length < 2) continue;
      hreflang(
        'hreflang-conflict',
        `${value}\n${targets.join('\n')}`,
        `link rel=alternate hreflang="${links[0]!.hreflang}"`,
        page.url,
        (urls) =>
          `hreflang="${links[0]!.hreflang}" names ${targets.length} pages (${targets.join(', ')}); search engines take one page per language, so keep one.${onPages(urls)}`,
      );
    }
    for (const { hreflang: value, url, key: named } of linksOf(page)) {
      const path = `link rel=alternate hreflang="${value}"`;
      const problem = hreflangProblem(value);
      if (problem) {
        hreflang(
          'hreflang-invalid',
          value,
          path,
          page.url,
          (urls) => `Search engines ignore hreflang="${value}": ${problem}${onPages(urls)}`,
        );
        continue;
      }
      // Another site's pages (another locale's domain) are not in this build to check.
      if (!url || !named || url.origin !== site.origin || named === key) continue;
      const target = byKey.get(named);
      const about = `${value}\n${url.href}`;
      const naming = (urls: string[]) =>
        urls.length === 1
          ? `hreflang="${value}" names ${url.href}, which`
          : `${urls.length} pages name ${url.href} as their hreflang="${value}" version (${listUrls(urls)}), and it`;
      if (!target) {
        // Which page it meant when it leaves the site's base path out (Next.js's metadata with a basePath).
        const based = basedPage(url);
        const meant = based
          ? `; ${based.href} is: the link leaves out the site's base path ${site.pathname}. Write the address with the base`
          : '';
        if (!input.servedOnDemand?.(url.pathname))
          hreflang(
            'hreflang-not-built',
            about,
            path,
            page.url,
            (urls) => `${naming(urls)} is not a page of this build${meant}.`,
          );
      } else if (isRedirect(target)) {
        // Google names an auto-redirecting home page as a fit x-default: only other languages must be final.
        if (value.toLowerCase() === 'x-default') continue;
        hreflang(
          'hreflang-to-redirect',
          about,
          path,
          page.url,
          (urls) => `${naming(urls)} is a redirect (to ${target.refreshTo}); name the final page.`,
        );
      } else if (canonicalElsewhere(target)) {
        hreflang(
          'hreflang-to-non-canonical',
          about,
          path,
          page.url,
          (urls) =>
            `${naming(urls)} names ${where(target).canonical?.url.href} as its canonical; search engines take hreflang links to canonical pages only: name that one.`,
        );
      } else if (!allLinksOf(target).some((back) => back.key === key)) {
        hreflang(
          'hreflang-no-return-link',
          about,
          path,
          page.url,
          (urls) =>
            `${naming(urls)} does not name ${urls.length === 1 ? 'this page' : 'them'} back. Search engines ignore an hreflang link the other page does not return: add the return links to ${url.pathname}, or drop these.`,
        );
      }
    }
  }
  for (const { code, path, urls, say } of hreflangGroups.values()) add(code, urls[0]!, path, say(urls), urls);
}
