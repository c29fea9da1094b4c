// Built pages -> findings that only show across pages: shared titles, canonicals and images that lead nowhere,
// sitemaps that disagree with the pages, CMS addresses left in JSON-LD. Pure: the caller reads dist/.
import type { AuditFinding, SiteAuditInput } from './audit-types.ts';
import { checkHreflang } from './check-hreflang.ts';
import { checkImageAddresses } from './check-image-addresses.ts';
import { checkLinks } from './check-links.ts';
import { checkOwnJsonLd } from './check-own-json-ld.ts';
import { checkSitemaps } from './check-sitemaps.ts';
import { checkPageTitles, checkTitles } from './check-titles.ts';
import { readLanguageLinks } from './language-links.ts';
import type { PageFacts } from './page-facts.ts';
import { findingAdder, isListable, isSitePage, viewSite } from './site-view.ts';

export type { AuditFinding, SiteAuditInput } from './audit-types.ts';

/**
 * Findings across the pages of one built site, in a stable order.
 * @example auditSite({ site: 'https://a.dev/', pages, files, sitemapUrls: null })
 */
export function auditSite(input: SiteAuditInput): AuditFinding[] {
  const view = viewSite(input);
  const languages = readLanguageLinks(view);
  checkTitles(view, languages.clusterOf);
  checkLinks(view);
  checkHreflang(view, languages);
  if (input.sitemapUrls) checkSitemaps(view, input.sitemapUrls);
  checkOwnJsonLd(view);
  return inOrder(view.findings);
}

/**
 * What pages say on their own, where the site's address is unknown (`check` on a directory that names none):
 * the checks that need no address, on the pages auditSite would make them on.
 * @example auditPagesAlone([readPageFacts(html, 'file:///site/a.html', 'a.html')])
 */
export function auditPagesAlone(pages: PageFacts[], severity?: SiteAuditInput['severity']): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const add = findingAdder(severity, findings);
  for (const page of pages.filter(isSitePage)) {
    checkImageAddresses(page, add);
    if (isListable(page)) checkPageTitles(page, add);
  }
  return inOrder(findings);
}

function inOrder(findings: AuditFinding[]): AuditFinding[] {
  return findings.sort(
    (a, b) => a.page.localeCompare(b.page) || a.code.localeCompare(b.code) || a.path.localeCompare(b.path),
  );
}
