// One built site as the audit's checks read it: each page's key and canonical worked out once, which pages are
// fragments, redirects, error pages or noindex, and a finding added at the severity the user set for its code.
import { decodedPath, readableUrl } from '../url-forms.ts';
import type { AuditFinding, SiteAuditInput } from './audit-types.ts';
import { AUDIT_CODES, type AuditCode } from './codes.ts';
import type { PageFacts } from './page-facts.ts';

export interface Located {
  /** The page's own key (see `pageKey`). */
  key: string;
  /** Its canonical, resolved, and that URL's key; null when it has none or it does not parse. */
  canonical: { url: URL; key: string } | null;
}

export interface SiteView {
  input: SiteAuditInput;
  site: URL;
  /** The pages the audit reads: not a partial's or a server island's HTML, nor a single-page app's fallback. */
  pages: PageFacts[];
  /** Pages a search engine would list: not redirects, not error pages, not noindex. */
  listed: PageFacts[];
  /** The built page at a key (see `pageKey`). */
  byKey: Map<string, PageFacts>;
  where(page: PageFacts): Located;
  isNotFoundPage(page: PageFacts): boolean;
  isRedirect(page: PageFacts): boolean;
  isNoindex(page: PageFacts): boolean;
  /** The page's canonical names another built page. */
  canonicalElsewhere(page: PageFacts): boolean;
  /**
   * The built page a URL of the site's origin names once the site's base path is put in (Next.js's metadata
   * leaves its basePath out of canonicals, sitemaps and hreflang links); null when it names none so.
   */
  basedPage(url: URL): URL | null;
  /** Adds a finding at the severity set for its code (none when 'off'). */
  add(code: AuditCode, page: string, path: string, message: string, pages?: string[], file?: string): void;
  findings: AuditFinding[];
}

/** @example const view = viewSite({ site: 'https://a.dev/', pages, files, sitemapUrls: null }); */
export function viewSite(input: SiteAuditInput): SiteView {
  const site = new URL(input.site);
  const findings: AuditFinding[] = [];
  const add = findingAdder(input.severity, findings);
  const pages = input.pages.filter(isSitePage);
  // Each page's key and canonical, worked out once: the checks below ask for them several times a page.
  const located = new Map(pages.map((page) => [page, locate(page)]));
  const where = (page: PageFacts) => located.get(page) as Located;
  const byKey = new Map<string, PageFacts>();
  for (const [page, { key }] of located) byKey.set(key, page);
  const isNotFoundPage = (page: PageFacts): boolean => isErrorPageFile(page.file);
  // A canonical naming another built page; one naming nothing built is ignored by search engines (and reported
  // as canonical-not-built), so the page still stands for itself.
  const canonicalElsewhere = (page: PageFacts): boolean => {
    const { key, canonical } = where(page);
    return !!canonical && canonical.key !== key && byKey.has(canonical.key);
  };
  const basedPage = (url: URL): URL | null => {
    if (site.pathname === '/' || url.origin !== site.origin || url.pathname.startsWith(site.pathname))
      return null;
    const based = new URL(`${site.pathname.replace(/\/$/, '')}${url.pathname}`, site.origin);
    return byKey.has(pageKey(based)) ? based : null;
  };
  const listed = pages.filter(isListable);
  return {
    input,
    site,
    pages,
    listed,
    byKey,
    where,
    isNotFoundPage,
    isRedirect,
    isNoindex,
    canonicalElsewhere,
    basedPage,
    add,
    findings,
  };
}

/** Adds a finding to `findings` at the severity set for its code (none when 'off'). */
export function findingAdder(
  severity: SiteAuditInput['severity'],
  findings: AuditFinding[],
): SiteView['add'] {
  return (code, page, path, message, pages = [page], file) => {
    const level = severity?.[code] ?? AUDIT_CODES[code];
    if (level !== 'off')
      findings.push({
        severity: level,
        code,
        page,
        pages,
        path,
        message,
        ...(file === undefined ? {} : { file }),
      });
  };
}

/**
 * Whether a built HTML file is a page of the site. A partial's or a server island's HTML is a piece of a page,
 * not a page: nothing is asked of it. Nor of a single-page app's fallback (`200.html`: Nuxt's generate,
 * SvelteKit's adapter-static, Surge), the shell a host serves for every address it has no file for.
 */
export function isSitePage(page: PageFacts): boolean {
  return !page.fragment && page.file !== '200.html';
}

/** Whether a search engine would list a page: not a redirect (meta refresh), not an error page, not noindex. */
export function isListable(page: PageFacts): boolean {
  return !isRedirect(page) && !isErrorPageFile(page.file) && !isNoindex(page);
}

function isRedirect(page: PageFacts): boolean {
  return page.refreshTo !== null;
}

function isNoindex(page: PageFacts): boolean {
  return /\bnoindex\b/i.test(page.robots ?? '');
}

/**
 * An error page's file: `404.html` and `500.html` (or in their folder), their copies under a locale that
 * Astro's i18n fallbacks of the rewrite type write (`fr/404/`), and Next.js's `_not-found.html`, the same page
 * as its `404.html`. A host serves them for many addresses, with their error status.
 */
export function isErrorPageFile(file: string): boolean {
  return /^(?:(?:[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*\/)?(?:404|500)|_not-found)(?:\.html|\/index\.html)$/.test(
    file,
  );
}

function locate(page: PageFacts): Located {
  const canonical = page.canonical ? resolve(page.canonical, page.url) : null;
  return {
    key: pageKey(new URL(page.url)),
    canonical: canonical && { url: canonical, key: pageKey(canonical) },
  };
}

/** One key for the forms a server answers a page at: `/a`, `/a/`, `/a/index.html`, `/a.html`. */
export function pageKey(url: URL): string {
  const path = url.pathname.replace(/(?:\/index)?\.html?$/i, '').replace(/\/+$/, '');
  return `${url.origin}${decodedPath(path)}`;
}

/** `value` as a URL against `base`; null when it does not parse. */
export function resolve(value: string, base: string): URL | null {
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

/** The first five URLs, readable, then how many more. */
export function listUrls(urls: string[]): string {
  const shown = urls.slice(0, 5).map(readableUrl).join(', ');
  return urls.length > 5 ? `${shown}, … and ${urls.length - 5} more` : shown;
}
