// Built pages -> findings that only show across pages: shared titles, canonicals and images that lead nowhere,
// sitemaps that disagree with the pages, CMS addresses left in JSON-LD. Pure: the caller reads dist/.

import { typesDescribedTwice } from '../head/json-ld-type.ts';
import type { LanguageAlternate } from '../head/read.ts';
import type { SitemapLanguageLink } from '../read-sitemap.ts';
import { decodedPath, readableUrl } from '../url-forms.ts';
import type { IssueCode } from '../validate/report.ts';
import type { Severity } from '../validate/types.ts';
import { AUDIT_CODES, type AuditCode } from './codes.ts';
import { hreflangProblem } from './hreflang.ts';
import { DESCRIPTION_SHOWN, DESCRIPTION_TOO_LONG, TITLE_SHOWN, TITLE_TOO_LONG } from './lengths.ts';
import type { PageFacts, PageJsonLdIssue } from './page-facts.ts';

export interface SiteAuditInput {
  /** The site's public address with its base, e.g. `https://www.example.com/docs/`. */
  site: string;
  /** The CMS's origin, whose URLs must not be left in pages; null when unknown. */
  cmsOrigin?: string | null;
  /** CMS paths that stay on the CMS on purpose (media, `/wp-content/`): not a leak. */
  cmsKeptPrefixes?: string[];
  /** Pages not in the output that the site still serves (on-demand routes), by pathname. */
  servedOnDemand?: (pathname: string) => boolean;
  pages: PageFacts[];
  /** Every file of the output directory, relative to it, with `/` separators. */
  files: ReadonlySet<string>;
  /** The `<loc>`s of the sitemaps in the output directory; null when it has none. */
  sitemapUrls: string[] | null;
  /** The sitemap file that lists a `<loc>` (the first, if several do), for messages. */
  sitemapFileOf?: ReadonlyMap<string, string>;
  /** The hreflang links the sitemaps give their URLs (`<xhtml:link rel="alternate">`). */
  sitemapLanguageLinks?: SitemapLanguageLink[];
  /** Severity per code, or 'off' to drop it; the same map the validator reads. */
  severity?: Record<string, Severity | 'off'>;
  /**
   * Astro's `trailingSlash`, when known: under 'ignore' a canonical may use either spelling. Unknown (`check`),
   * page URLs follow the spelling most of the site's pages give themselves.
   */
  trailingSlash?: 'always' | 'never' | 'ignore';
}

export interface AuditFinding {
  severity: Severity;
  /** An audit code, or the validator's for a problem in the pages' own JSON-LD. */
  code: AuditCode | IssueCode;
  /** The page the finding is about (the first of a group). */
  page: string;
  /** Every page concerned, for findings about a group (duplicates). */
  pages: string[];
  /** Where on the page: a tag (`<title>`, `og:image`) or a JSON path into a JSON-LD document. */
  path: string;
  /** For a finding in JSON-LD: the node it is in, named for people (see ValidationIssue.node). */
  node?: string;
  message: string;
  /** The file of the output the finding is in when it is no page's (the sitemap listing a missing page). */
  file?: string;
}

/**
 * Findings across the pages of one built site, in a stable order.
 * @example auditSite({ site: 'https://a.dev/', pages, files, sitemapUrls: null })
 */
export function auditSite(input: SiteAuditInput): AuditFinding[] {
  const site = new URL(input.site);
  const findings: AuditFinding[] = [];
  const add = (
    code: AuditCode,
    page: string,
    path: string,
    message: string,
    pages = [page],
    file?: string,
  ): void => {
    const severity = input.severity?.[code] ?? AUDIT_CODES[code];
    if (severity !== 'off')
      findings.push({ severity, code, page, pages, path, message, ...(file === undefined ? {} : { file }) });
  };

  // A partial's or a server island's HTML is a piece of a page, not a page: nothing here is asked of it. Nor
  // of a single-page app's fallback (`200.html`: Nuxt's generate, SvelteKit's adapter-static, Surge), the
  // shell a host serves for every address it has no file for.
  const pages = input.pages.filter((page) => !page.fragment && page.file !== '200.html');
  // Each page's key and canonical, worked out once: the checks below ask for them several times a page.
  const located = new Map(pages.map((page) => [page, locate(page)]));
  const where = (page: PageFacts) => located.get(page) as Located;
  const byKey = new Map<string, PageFacts>();
  for (const [page, { key }] of located) byKey.set(key, page);
  // Astro's error pages, and their copies under a locale that i18n fallbacks of the rewrite type write (fr/404/).
  const isNotFoundPage = (page: PageFacts): boolean =>
    /^(?:[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*\/)?(?:404|500)(?:\.html|\/index\.html)$/.test(page.file);
  const isRedirect = (page: PageFacts): boolean => page.refreshTo !== null;
  const isNoindex = (page: PageFacts): boolean => /\bnoindex\b/i.test(page.robots ?? '');
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
  const languageCluster = languageClusters(pages, (page) => where(page).key, allLinksOf);
  // A canonical naming another built page; one naming nothing built is ignored by search engines (and reported
  // below), so the page still stands for itself.
  const canonicalElsewhere = (page: PageFacts): boolean => {
    const { key, canonical } = where(page);
    return !!canonical && canonical.key !== key && byKey.has(canonical.key);
  };
  // Pages a search engine would list: not redirects, not error pages, not noindex.
  const listed = pages.filter((page) => !isRedirect(page) && !isNotFoundPage(page) && !isNoindex(page));

  for (const [field, code, tag] of [
    ['title', 'duplicate-title', '<title>'],
    ['description', 'duplicate-description', 'meta description'],
  ] as const) {
    const groups = new Map<string, PageFacts[]>();
    // A page whose canonical names another page says it is a copy of that one: sharing its title is expected.
    for (const page of listed) {
      const text = page[field]?.trim();
      if (!text || canonicalElsewhere(page)) continue;
      const group = groups.get(text);
      if (group) group.push(page);
      else groups.set(text, [page]);
    }
    for (const [text, group] of groups) {
      // A page's versions in other languages (hreflang, both ways) may share a title while one is untranslated.
      if (group.length < 2 || new Set(group.map(languageCluster)).size < 2) continue;
      const urls = group.map((page) => page.url);
      add(code, urls[0]!, tag, `${urls.length} pages share the ${tag} "${text}": ${listUrls(urls)}.`, urls);
    }
  }

  for (const page of listed) {
    const title = page.title?.trim() ?? '';
    const description = page.description?.trim() ?? '';
    if (!title) add('title-missing', page.url, '<title>', 'The page has no <title> (or an empty one).');
    else if ([...title].length > TITLE_TOO_LONG)
      add(
        'title-too-long',
        page.url,
        '<title>',
        `The <title> has ${[...title].length} characters; Google shows about ${TITLE_SHOWN}.`,
      );
    if (!description)
      add(
        'description-missing',
        page.url,
        'meta description',
        'The page has no meta description (or an empty one).',
      );
    else if ([...description].length > DESCRIPTION_TOO_LONG)
      add(
        'description-too-long',
        page.url,
        'meta description',
        `The meta description has ${[...description].length} characters; Google shows about ${DESCRIPTION_SHOWN}.`,
      );
    if (page.ogTitle && title && !sameTitle(page.ogTitle.trim(), title))
      add(
        'social-disagrees-with-meta',
        page.url,
        'og:title',
        `og:title "${page.ogTitle}" differs from the <title> "${title}".`,
      );
    if (page.ogDescription && description && page.ogDescription.trim() !== description)
      add(
        'social-disagrees-with-meta',
        page.url,
        'og:description',
        `og:description differs from the meta description.`,
      );
  }

  // Under trailingSlash 'ignore' both spellings are served; a directory given to `check` says how by its pages.
  const spellingMatters = input.trailingSlash !== 'ignore';
  const misspelled: Array<{ page: PageFacts; canonical: string; served: string }> = [];
  for (const page of pages) {
    if (isRedirect(page)) continue;
    // An error page is served with its error status, for many addresses: no one reads its canonical.
    const named = isNotFoundPage(page) ? null : where(page).canonical;
    const canonical = named?.url ?? null;
    if (canonical) {
      if (canonical.origin !== site.origin) {
        add(
          'canonical-off-site',
          page.url,
          'link rel=canonical',
          canonical.host === site.host
            ? `The canonical ${canonical.href} uses ${canonical.protocol}// where the site is ${site.protocol}//: search engines index that address instead of this one. Write it with ${site.protocol}//.`
            : `The canonical points off the site, to ${canonical.href}: search engines index that page instead of this one. Right for a post syndicated from there (severity: { 'canonical-off-site': 'off' } if all are); otherwise name this page.`,
        );
      } else {
        const target = named && byKey.get(named.key);
        // A page rendered on request is not in the output, and not missing either.
        if (!target && !input.servedOnDemand?.(canonical.pathname))
          add(
            'canonical-not-built',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is not a page of this build.`,
          );
        else if (target && isRedirect(target))
          add(
            'canonical-to-redirect',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is a redirect (to ${target.refreshTo}); point it at the final page.`,
          );
        else if (target && isNotFoundPage(target))
          add(
            'canonical-to-not-found',
            page.url,
            'link rel=canonical',
            `The canonical ${canonical.href} is the site's error page.`,
          );
        else if (target && spellingMatters && spelledOtherwise(canonical, target, site))
          misspelled.push({ page, canonical: canonical.href, served: target.url });
      }
    }
    const ogUrl = page.ogUrl ? resolve(page.ogUrl, page.url) : null;
    if (canonical && ogUrl && ogUrl.href !== canonical.href)
      add(
        'og-url-mismatch',
        page.url,
        'og:url',
        `og:url ${ogUrl.href} differs from the canonical ${canonical.href}.`,
      );

    // One finding per missing file, naming every tag that points at it (twitter:image often repeats og:image).
    const missing = new Map<string, { file: string; tags: string[] }>();
    for (const image of page.images) {
      const url = resolve(image.value, page.url);
      if (!url || url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) continue;
      const file = decodedPath(url.pathname.slice(site.pathname.length));
      if (input.files.has(file)) continue;
      const entry = missing.get(url.href) ?? { file, tags: [] };
      entry.tags.push(image.tag);
      missing.set(url.href, entry);
    }
    for (const [href, { file, tags }] of missing) {
      add(
        'image-not-built',
        page.url,
        tags[0]!,
        `${tags.join(' and ')} ${href} is on this site but ${file} is not in the build output.`,
      );
    }

    for (const type of typesTwice(page)) {
      add(
        'json-ld-type-twice',
        page.url,
        '<script type="application/ld+json">',
        `${type} is described twice: by the page's own JSON-LD (its theme or layout) and by the CMS's. Search engines may take either, or see two: let the CMS's replace the page's (jsonLdConflict: 'api'), remove it from the theme, or leave ${type} out of the CMS's.`,
      );
    }

    for (const link of page.jsonLdLinks) {
      const url = resolve(link.value, page.url);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
      const kept = (input.cmsKeptPrefixes ?? []).some((prefix) => url.pathname.startsWith(prefix));
      if (input.cmsOrigin && url.origin === input.cmsOrigin && url.origin !== site.origin && !kept) {
        add(
          'cms-url-in-json-ld',
          page.url,
          link.path,
          `${link.value} is on the CMS's address; readers of this page would be sent to the CMS.`,
        );
      } else if (link.topLevel && url.origin !== site.origin && link.path.endsWith('["@id"]')) {
        add(
          'off-site-id-in-json-ld',
          page.url,
          link.path,
          `The node's @id ${link.value} is off the site; a page's own nodes are identified on its address.`,
        );
      }
    }
  }

  // One finding for them all: a layout that writes its canonicals one way writes every page's so.
  if (misspelled.length > 0) {
    const urls = misspelled.map(({ page }) => page.url);
    const [first] = misspelled;
    const example = `${first!.canonical} for ${first!.served}`;
    add(
      'canonical-spelling',
      urls[0]!,
      'link rel=canonical',
      `${misspelled.length === 1 ? 'The canonical names its page' : `${misspelled.length} canonicals name their page`} with another spelling than the site serves it at (${example}${misspelled.length > 1 ? `; ${listUrls(urls)}` : ''}): that address redirects or is a 404; write it as served, trailing slash included.`,
      urls,
    );
  }

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
        if (!input.servedOnDemand?.(url.pathname))
          hreflang(
            'hreflang-not-built',
            about,
            path,
            page.url,
            (urls) => `${naming(urls)} is not a page of this build.`,
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

  if (input.sitemapUrls) {
    const inSitemap = new Set<string>();
    // By page key: the sitemap file that lists the page, for messages.
    const sitemapFileOf = new Map<string, string>();
    for (const loc of input.sitemapUrls) {
      const url = resolve(loc, site.href);
      if (!url) continue;
      const key = pageKey(url);
      inSitemap.add(key);
      const file = input.sitemapFileOf?.get(loc);
      if (file && !sitemapFileOf.has(key)) sitemapFileOf.set(key, file);
      if (url.origin === site.origin && !byKey.has(key) && !input.servedOnDemand?.(url.pathname))
        add(
          'sitemap-url-without-page',
          url.href,
          'sitemap',
          `${file ?? 'The sitemap'} lists ${url.href}, which is not a page of this build.`,
          [url.href],
          file,
        );
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
          "A sitemap lists the final pages; @astrojs/sitemap's filter option leaves redirects out (Astro writes one for each config redirect and i18n fallback).",
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

  // The pages' own JSON-LD (a layout's, a component's), validated as it ships: one finding per problem, listing
  // the pages that have it, as a theme's layout repeats it on every page it writes.
  const ownProblems = new Map<string, { issue: PageJsonLdIssue; urls: string[] }>();
  for (const page of pages) {
    for (const issue of page.pageJsonLdIssues) {
      const id = [issue.severity, issue.code, issue.types.join(), issue.path, issue.message].join('\n');
      const problem = ownProblems.get(id);
      if (problem) problem.urls.push(page.url);
      else ownProblems.set(id, { issue, urls: [page.url] });
    }
  }
  for (const { issue, urls } of ownProblems.values()) {
    const what = issue.types.length > 0 ? `${issue.types.join(', ')} JSON-LD` : 'JSON-LD';
    findings.push({
      severity: issue.severity,
      code: issue.code as IssueCode,
      page: urls[0]!,
      pages: urls,
      path: issue.path,
      ...(issue.node && { node: issue.node }),
      // The pages before the validator's message, which may end in a link.
      message: `In the page's own ${what} (script ${issue.script}, not from the CMS)${urls.length > 1 ? `, on ${urls.length} pages (${listUrls(urls)})` : ''}: ${issue.message}`,
    });
  }

  return findings.sort(
    (a, b) => a.page.localeCompare(b.page) || a.code.localeCompare(b.code) || a.path.localeCompare(b.path),
  );
}

/**
 * The types both the page's own JSON-LD and this package's describe, each once. Two nodes with one `@id` are one
 * thing described in two places (a JSON-LD reader merges them), not two.
 */
function typesTwice(page: PageFacts): string[] {
  const { ours, page: theirs } = page.jsonLdNodes;
  return [...new Set(ours.flatMap((node) => typesDescribedTwice(node, theirs)))];
}

interface Located {
  /** The page's own key (see `pageKey`). */
  key: string;
  /** Its canonical, resolved, and that URL's key; null when it has none or it does not parse. */
  canonical: { url: URL; key: string } | null;
}

function locate(page: PageFacts): Located {
  const canonical = page.canonical ? resolve(page.canonical, page.url) : null;
  return {
    key: pageKey(new URL(page.url)),
    canonical: canonical && { url: canonical, key: pageKey(canonical) },
  };
}

/** One of a page's hreflang links, resolved against the page (null when the href does not parse). */
interface LanguageLink {
  hreflang: string;
  url: URL | null;
  key: string | null;
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

/** One key for the forms a server answers a page at: `/a`, `/a/`, `/a/index.html`, `/a.html`. */
/**
 * Whether `named` is the page written with another trailing slash than it is served at. Its own file's address
 * (`/about.html`, which Astro.url gives a page of the `file` and `preserve` formats) is served by every host.
 */
function spelledOtherwise(named: URL, page: PageFacts, site: URL): boolean {
  const path = decodedPath(named.pathname);
  if (path === decodedPath(new URL(page.url).pathname)) return false;
  return path !== decodedPath(new URL(page.file, site).pathname);
}

function pageKey(url: URL): string {
  const path = url.pathname.replace(/(?:\/index)?\.html?$/i, '').replace(/\/+$/, '');
  return `${url.origin}${decodedPath(path)}`;
}

function resolve(value: string, base: string): URL | null {
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

function listUrls(urls: string[]): string {
  const shown = urls.slice(0, 5).map(readableUrl).join(', ');
  return urls.length > 5 ? `${shown}, … and ${urls.length - 5} more` : shown;
}

// "Page | Site", "Site - Page", "Page — Site", "Page · Site", "Page • Site" (Astro Cactus), "Page: Site",
// "Page » Site", "Page / Site", "Page ~ Site".
const SEPARATORS = '|\\-–—·•:»/~';
const SITE_NAME_AFTER = new RegExp(`^\\s*[${SEPARATORS}]\\s*`);
const SITE_NAME_BEFORE = new RegExp(`[${SEPARATORS}]$`);

/**
 * Whether og:title says what the <title> says. Sites (Starlight, Astro's blog starter, most themes) put the
 * site's name beside the page's in the <title> only: "Install | Acme Docs" against og:title "Install" agrees.
 */
function sameTitle(ogTitle: string, title: string): boolean {
  if (ogTitle === title) return true;
  if (ogTitle.length === 0) return false;
  if (title.startsWith(ogTitle)) return SITE_NAME_AFTER.test(title.slice(ogTitle.length));
  if (title.endsWith(ogTitle)) {
    const before = title.slice(0, title.length - ogTitle.length).trimEnd();
    return SITE_NAME_BEFORE.test(before);
  }
  return false;
}
