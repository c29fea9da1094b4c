// Written pages -> the site-wide audit and the HTML report: what only shows across pages (shared titles,
// canonicals and images that lead nowhere, CMS addresses left behind), found on the output as it will ship.
import { type AuditFinding, auditOutput, outputFileUrl, type PageFacts } from '../audit/index.ts';
import type { SchemaRecord } from '../client/index.ts';
import { describeSchema } from '../describe-schema.ts';
import { prettyJson, type ReportPage, reportFinding } from '../report/html-report.ts';
import type { ResolvedOptions } from './options.ts';
import { onDemandMatcher, type RouteInfo, routeMatcher, type SiteLayout, urlOfOutputFile } from './pages.ts';
import type { PagePlan } from './plan-page.ts';
import { pageJsonLdValidation } from './write-page.ts';

/** The site's address with its base: what page URLs start with. */
export function siteAddress(layout: SiteLayout): string {
  return new URL(layout.base.endsWith('/') ? layout.base : `${layout.base}/`, layout.site).href;
}

/**
 * The public URL of an HTML file of the output, as the audit names it: a page's as Astro serves it, and the
 * output of an endpoint whose name ends in `.html` (`src/pages/feed.html.ts`) at its own name, where it is served
 * (`/feed.html`, not the page address `/feed/` its file would have as a page's).
 *
 * @example auditUrlOf(layout, routes)('feed.html') // 'https://www.example.com/feed.html' for an endpoint
 */
export function auditUrlOf(layout: SiteLayout, routes: RouteInfo[]): (file: string) => string {
  const endpoint = routeMatcher(layout, routes, (route) => route.type === 'endpoint');
  const base = layout.base.replace(/\/+$/, '');
  return (file) =>
    endpoint(`${base}/${file}`) ? outputFileUrl(file, siteAddress(layout)) : urlOfOutputFile(file, layout);
}

/**
 * Audits the output directory once the pages are written. `known` holds the facts read while writing, so the
 * pages the build rewrote are not read twice.
 */
export async function auditBuild(input: {
  outDir: string;
  layout: SiteLayout;
  routes: RouteInfo[];
  options: ResolvedOptions;
  known: ReadonlyMap<string, PageFacts>;
}): Promise<{ findings: AuditFinding[]; pages: PageFacts[] }> {
  const { options, layout } = input;
  const site = siteAddress(layout);
  return auditOutput({
    outDir: input.outDir,
    site,
    cmsOrigin: options.api ? new URL(options.api).origin : null,
    cmsKeptPrefixes: options.keepPathPrefixes,
    severity: options.severity,
    known: input.known,
    urlOf: auditUrlOf(layout, input.routes),
    trailingSlash: layout.trailingSlash,
    // On-demand routes of a server build are served, though they are not in the output.
    servedOnDemand: onDemandMatcher(layout, input.routes),
    validation: pageJsonLdValidation(options),
  });
}

/** The pages of the HTML report: each page's facts, its CMS records as documents, and its findings. */
export function reportPages(
  facts: PageFacts[],
  plans: PagePlan[],
  records: (plan: PagePlan) => SchemaRecord[],
  audit: AuditFinding[],
  /** By file: how many of the page's own JSON-LD scripts the build replaced by the CMS's. */
  jsonLdReplaced: ReadonlyMap<string, number>,
): ReportPage[] {
  const planByFile = new Map(plans.map((plan) => [plan.page.file, plan]));
  const auditByPage = new Map<string, AuditFinding[]>();
  for (const finding of audit) {
    for (const page of finding.pages) {
      const held = auditByPage.get(page);
      if (held) held.push(finding);
      else auditByPage.set(page, [finding]);
    }
  }
  return facts.map((page) => {
    const plan = planByFile.get(page.file);
    const documents = (plan ? records(plan) : []).map((record) => {
      const label = describeSchema(record);
      return {
        label,
        types: record.schema_type ? [record.schema_type] : [],
        text: prettyJson(record.schema_data),
        findings: (plan?.findings ?? []).filter((finding) => finding.schema === label).map(reportFinding),
      };
    });
    const labels = new Set(documents.map((document) => document.label));
    const pageFindings = [
      ...(plan?.findings ?? []).filter((finding) => finding.schema === null || !labels.has(finding.schema)),
      ...(auditByPage.get(page.url) ?? []),
    ].map(reportFinding);
    return {
      url: page.url,
      file: page.file,
      title: page.title,
      description: page.description,
      ogTitle: page.ogTitle,
      ogDescription: page.ogDescription,
      ogImage: page.images.find((image) => image.tag === 'og:image')?.value ?? null,
      documents,
      findings: pageFindings,
      jsonLdReplaced: jsonLdReplaced.get(page.file) ?? 0,
    };
  });
}
