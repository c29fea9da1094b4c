// What the site-wide audit is given and what it finds: the shapes its callers and its checks share.
import type { SitemapLanguageLink } from '../read-sitemap.ts';
import type { IssueCode } from '../validate/report.ts';
import type { Severity } from '../validate/types.ts';
import type { AuditCode } from './codes.ts';
import type { PageFacts } from './page-facts.ts';

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
