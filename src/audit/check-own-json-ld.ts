// The pages' own JSON-LD (a layout's, a component's), validated as it ships: one finding per problem, listing
// the pages that have it, as a theme's layout repeats it on every page it writes.
import type { IssueCode } from '../validate/report.ts';
import type { PageJsonLdIssue } from './page-facts.ts';
import { listUrls, type SiteView } from './site-view.ts';

/** @example checkOwnJsonLd(viewSite(input)) */
export function checkOwnJsonLd(view: SiteView): void {
  const { pages, findings } = view;
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
}
