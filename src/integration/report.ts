// Findings -> what people read: the build log summary, the failure message, the JSON report for CI.
import type { AuditFinding } from '../audit/index.ts';
import { redactUrl } from '../client/urls.ts';
import { groupRepeated } from '../group-repeated.ts';
import { figure, plural } from '../plural.ts';
import { readableUrl, urlIdentity, urlVariants } from '../url-forms.ts';
import { foldMissingFields } from '../validate/index.ts';
import { issuePlace } from '../validate/node-label.ts';
import type { CmsCoverage, NotAPage } from './cms-coverage.ts';
import type { Finding, PagePlan } from './plan-page.ts';

/** One page in the report. */
export interface PageResult {
  url: string;
  /** The URL the CMS was asked about, when `cmsUrl` maps it elsewhere. */
  cmsUrl: string;
  file: string;
  schemas: string[];
  changed: boolean;
  tags: number;
  /** The page's own JSON-LD scripts the CMS's replaced (`jsonLdConflict: 'api'`). */
  jsonLdReplaced: number;
}

export interface BuildResult {
  pages: number;
  pagesWithSchemas: number;
  pagesChanged: number;
  schemasByType: Record<string, number>;
  tagsWritten: number;
  /** JSON-LD scripts of the pages' own removed because the CMS's describe the same (`jsonLdConflict: 'api'`). */
  jsonLdReplaced: number;
  /** Requests the pass's client made (list or per-page reads), early or not. */
  requests: number;
  /** Requests the probe made when the build started. */
  probeRequests: number;
  strategy: 'index' | 'per-page';
  fetchFailures: Array<{ page: string; cause: string; message: string; hint: string }>;
  findings: Finding[];
  /** The site-wide audit's findings, found on the written output; empty with audit: false. */
  audit: AuditFinding[];
  /** The vocabulary the schemas were validated against (`Schema.org 30.0`); null with validate: 'off'. */
  vocabulary: string | null;
  durationMs: number;
  pageResults: PageResult[];
  /** URLs the CMS holds head data for that are no page of this build (read with the index only). */
  cmsUrlsWithoutPage: string[];
}

/** How many findings the failure message lists before it says "and N more". */
export const LISTED_FINDINGS = 20;

/** Counts schemas per type over the planned pages. */
export function countSchemaTypes(plans: PagePlan[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const plan of plans) {
    for (const type of plan.schemaTypes) counts[type] = (counts[type] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** Which page's schema a finding is in: a node's absent fields fold within it (`foldMissingFields`). */
export const schemaOf = (finding: Finding): string => `${finding.page}\n${finding.schema}`;

/** One line per finding: `page  schema  path  [code] message`. */
export function formatFinding(finding: Finding): string {
  return findingLine(finding, readableUrl(finding.page));
}

/** A finding's line naming its page(s) as given: `/p/a (and 2 other pages) #1 Product at $.offers: [code] …`. */
export function findingLine(finding: Finding, page: string): string {
  const where = [finding.schema, issuePlace(finding)].filter(Boolean).join(' at ');
  return `${page}${where ? ` ${where}` : ''}: [${finding.code}] ${finding.message}`;
}

/**
 * The first findings, one line for each distinct one (the same problem on many pages, as a theme's layout makes
 * it, is one line naming how many), then a count of the rest: one repeated finding cannot hide the others.
 */
function listDistinct<T extends { page: string }>(
  findings: T[],
  keyOf: (finding: T) => string,
  lineOf: (finding: T, page: string, members: T[]) => string,
  limit: number,
): string {
  const groups = groupRepeated(findings, keyOf, (finding) => finding.page);
  const lines = groups.slice(0, limit).map(({ members, places }) => {
    const others = places.length - 1;
    const page = `${readableUrl(members[0]!.page)}${others > 0 ? ` (and ${plural(others, 'other page')})` : ''}`;
    return `  - ${lineOf(members[0]!, page, members)}`;
  });
  const rest = groups.slice(limit).reduce((count, group) => count + group.members.length, 0);
  if (rest > 0) lines.push(`  … and ${rest} more (see the report option for all).`);
  return lines.join('\n');
}

/**
 * The first distinct findings, one per line (a node's absent fields of a rich result in one), then a count of
 * the rest. A finding in the same words on many pages is one line, whether one record stands on them all or a
 * CMS template made the same mistake in each page's own: `/p/1/ (and 999 other pages) #1 Product "A" (and 999
 * other schemas) at $.offers.price: …`.
 */
export function listFindings(findings: Finding[], limit = LISTED_FINDINGS): string {
  return listDistinct(
    foldMissingFields(findings, schemaOf),
    findingKey,
    (finding, page, members) =>
      findingLine({ ...finding, schema: schemasLabel(members.map((member) => member.schema)) }, page),
    limit,
  );
}

/** What findings in the same words share, whatever page and schema they stand in: one line says them all. */
export const findingKey = (finding: Finding): string =>
  [finding.code, finding.path, finding.message].join('\n');

/** The first of the schemas one finding stands in, naming how many others: `#1 Product "A" (and 2 other schemas)`. */
export function schemasLabel(schemas: Array<string | null>): string | null {
  const first = schemas[0] ?? null;
  const others = new Set(schemas).size - 1;
  return first && others > 0 ? `${first} (and ${plural(others, 'other schema')})` : first;
}

export function validationFailureMessage(errors: Finding[]): string {
  const pages = new Set(errors.map((finding) => finding.page)).size;
  return `${plural(errors.length, 'invalid schema finding')} on ${plural(pages, 'page')}:\n${listFindings(errors)}`;
}

/** The findings a build ships with, under what they are: errors only where `validate: 'warn'` let them through. */
export function shippedFindingsMessage(shown: Finding[]): string {
  const errors = shown.some((finding) => finding.severity === 'error');
  const warnings = shown.some((finding) => finding.severity === 'warning');
  const heading = !errors
    ? 'Schema warnings (the pages ship with them):'
    : `Schema ${warnings ? 'errors and warnings' : 'errors'} (validate: "warn" ships the pages with them):`;
  return `${heading}\n${listFindings(shown)}`;
}

/** How to downgrade one finding, named by the first code the user can set (remote findings are the CMS's). */
function downgradeExample(errors: Array<{ code: string }>): string {
  const code = errors.find((finding) => !finding.code.includes(':'))?.code;
  return `schemaManager({ severity: { ${code ? `"${code}"` : '<code>'}: "warning" } })`;
}

/** What to do about a build stopped on invalid schemas. */
export function validationHint(errors: Array<{ code: string }>): string {
  return (
    'Fix the schemas in the CMS (the #id names the record), or relax the check: schemaManager({ validate: "warn" }) ships them with warnings, ' +
    `${downgradeExample(errors)} downgrades one rule, and rules: ["schema.org"] turns off Google's rich-result rules.`
  );
}

type FetchFailureLine = { page: string; cause: string; message: string; hint: string };

/** Pages that could not be fetched, grouped by reason: one wrong setting is one paragraph, not a page each. */
export function fetchFailureMessage(failures: FetchFailureLine[]): string {
  const byMessage = Map.groupBy(failures, (failure) => failure.message);
  const paragraphs = [...byMessage.entries()].map(([message, group]) => {
    const shown = group.slice(0, 5).map((failure) => readableUrl(failure.page));
    const more = group.length > shown.length ? `, … and ${group.length - shown.length} more` : '';
    return `${message}\n  ${plural(group.length, 'page')}: ${shown.join(', ')}${more}`;
  });
  return paragraphs.join('\n');
}

/** One hint per distinct cause, in the order the causes were met. */
export function fetchFailureHints(failures: FetchFailureLine[]): string {
  return [...new Set(failures.map((failure) => failure.hint))].join('\n');
}

/** The closing lines of the build log. */
export function summaryLines(result: BuildResult): string[] {
  const types = Object.entries(result.schemasByType)
    .map(([type, count]) => `${type} ${figure(count)}`)
    .join(', ');
  // A page's note on findings past the validator's cap counts as the findings it stands for.
  const count = (severity: 'error' | 'warning') =>
    result.findings.reduce(
      (sum, finding) =>
        sum + (finding.omitted ? finding.omitted[severity] : finding.severity === severity ? 1 : 0),
      0,
    );
  const warnings = count('warning');
  const errors = count('error');
  return [
    `${plural(result.pages, 'page')}: ${figure(result.pagesChanged)} rewritten, ${figure(result.pagesWithSchemas)} with schemas, ${plural(result.tagsWritten, 'tag')} written${result.jsonLdReplaced > 0 ? `, ${plural(result.jsonLdReplaced, 'JSON-LD script')} of the pages' own replaced by the CMS's` : ''}.`,
    `Schemas: ${types || 'none'}.`,
    `${plural(result.probeRequests + result.requests, 'API request')} (${result.probeRequests} to probe the API, then ${result.strategy === 'index' ? 'the whole index in list requests' : 'page by page'}), ${plural(result.fetchFailures.length, 'fetch failure')}, ${plural(errors, 'error')} and ${plural(warnings, 'warning')} in the CMS's data, ${duration(result.durationMs)}.`,
    ...(result.vocabulary ? [`Validated against ${result.vocabulary}.`] : []),
  ];
}

/** The pass's time as the summary says it: milliseconds below a tenth of a second, where "0.0 s" looks broken. */
function duration(ms: number): string {
  return ms < 100 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** One line per audit finding: `page  [code] message`. */
export function listAuditFindings(findings: AuditFinding[], limit = LISTED_FINDINGS): string {
  return listDistinct(
    findings,
    (finding) => [finding.code, finding.path, finding.message].join('\n'),
    (finding, page) => `${page} ${issuePlace(finding)}: [${finding.code}] ${finding.message}`,
    limit,
  );
}

export function auditFailureMessage(errors: AuditFinding[]): string {
  return `The site audit found ${auditErrorCount(errors)}:\n${listAuditFindings(errors)}`;
}

/**
 * `1 error on 27 pages`: a problem a layout repeats on every page is one finding, as `check` prints it once,
 * and the pages it stands on are counted too (`check` counts it on each).
 */
export function auditErrorCount(errors: AuditFinding[]): string {
  const pages = new Set(errors.flatMap((finding) => finding.pages)).size;
  return `${plural(errors.length, 'error')} on ${plural(pages, 'page')}`;
}

/** What to do about a build stopped by the site audit (the pages are written: the audit reads them). */
export function auditHint(errors: Array<{ code: string }>): string {
  return (
    `Fix the pages or the CMS data named above (a canonical, robots or og:image tag the build wrote comes from the CMS's meta or social entry for that page), or relax the audit: ${downgradeExample(errors)} downgrades one finding, ` +
    'validate: "warn" ships with them, and audit: false turns the site audit off. ' +
    "A problem in a page's own JSON-LD is fixed in the layout or component that writes it; jsonLdConflict: 'api' lets the CMS's schema of the same type replace it, and validatePageJsonLd: false leaves the pages' own JSON-LD unchecked."
  );
}

/**
 * What the build says of pages whose head data the CMS holds under both trailing-slash spellings: the build
 * ships the page's own, and the other record is silently left out, so the two would drift apart.
 *
 * @example twinsMessage({ twins: [{ used: 'https://a.dev/x/', ignored: 'https://a.dev/x', kinds: ['schemas'] }], … }) // '1 page has head data …'
 */
export function twinsMessage(coverage: CmsCoverage): string | null {
  const twins = coverage.twins ?? [];
  if (twins.length === 0) return null;
  const shown = twins
    .slice(0, 3)
    .map(
      ({ used, ignored, kinds }) =>
        `${readableUrl(used)} (built) beside ${readableUrl(ignored)} (its ${kinds.join(' and ')} left out)`,
    )
    .join('; ');
  const more = twins.length > 3 ? `; … and ${twins.length - 3} more` : '';
  return `${plural(twins.length, 'page')} ${twins.length === 1 ? 'has' : 'have'} head data of one kind in the CMS under both spellings of ${twins.length === 1 ? 'its' : 'their'} trailing slash: ${shown}${more}. The build reads each kind from the page's own spelling where it has one; merge each pair into it in the CMS (the other is never shipped, and a push of the page's files writes only the one).`;
}

/**
 * What the build says of pages that redirect (see planBuiltPage) and have CMS data: it is left aside, as a
 * config redirect's is (coverageMessage).
 *
 * @example redirectsLeftMessage(['https://a.dev/old/'])
 */
export function redirectsLeftMessage(cmsUrls: string[]): string {
  const shown = cmsUrls.slice(0, 5).map(shownUrl).join(', ');
  const more = cmsUrls.length > 5 ? `, … and ${cmsUrls.length - 5} more` : '';
  const one = cmsUrls.length === 1;
  return `${plural(cmsUrls.length, 'page')} ${one ? 'redirects' : 'redirect'} (Astro.redirect or context.redirect) and ${one ? 'keeps' : 'keep'} Astro's head; the CMS's head data for ${one ? 'its address' : 'their addresses'} belongs to the page${one ? ' it leads' : 's they lead'} to and is not used: ${shown}${more}.`;
}

/**
 * What the build says of CMS data no page of it is for: a warning when none of it is (the site's address and
 * the CMS's disagree, and every page ships bare), a note listing the rest otherwise; null when all of it is.
 */
export function coverageMessage(
  coverage: CmsCoverage,
  /** The CMS URLs of the build's pages, for the example. */
  pageUrls: string[],
): { level: 'warn' | 'info'; text: string } | null {
  const { held, withoutPage } = coverage;
  if (withoutPage.length === 0) return null;
  if ((coverage.counted === 'schemas' || withoutPage.length === held) && pageUrls.length > 0) {
    const holds = `The CMS holds ${coverage.counted === 'schemas' ? plural(held, 'schema') : `head data for ${plural(held, 'URL')}`}, and none of it is for a page of this build: the pages ship without it.`;
    const prefixed = prefixPair(withoutPage, pageUrls);
    if (prefixed) {
      // The same pages under another path (a base the CMS does not use, or one it adds): site is not the fix.
      const { cmsUrl, pageUrl, from, to, sameOrigin } = prefixed;
      return {
        level: 'warn',
        text:
          `${holds} The CMS's URLs look like ${shownUrl(cmsUrl)}; this build's like ${shownUrl(pageUrl)}.\n` +
          `Map each page to the CMS's URL with the cmsUrl option: cmsUrl: (url) => url.replace(${quoted(from)}, ${quoted(to)})` +
          (sameOrigin ? ', or store the URLs in the CMS as the site publishes them.' : '.'),
      };
    }
    const [cmsUrl, pageUrl] = examplePair(withoutPage, pageUrls);
    const cmsOrigin = mostCommonOrigin(withoutPage);
    const siteOrigin = URL.canParse(pageUrl) ? new URL(pageUrl).origin : pageUrl;
    const map =
      cmsOrigin === siteOrigin
        ? 'map each page to the URL the CMS stores with the cmsUrl option'
        : `map each page to it with the cmsUrl option: cmsUrl: (url) => url.replace('${siteOrigin}', '${cmsOrigin}')`;
    return {
      level: 'warn',
      text:
        `${holds} The CMS's URLs look like ${shownUrl(cmsUrl)}; this build's like ${shownUrl(pageUrl)}.\n` +
        `Set site in astro.config to the address the CMS uses, or ${map}.`,
    };
  }
  const shown = withoutPage
    .slice(0, 5)
    .map((url) => {
      const kind = coverage.notPages?.[url];
      return kind ? `${shownUrl(url)} (${NOT_A_PAGE[kind]})` : shownUrl(url);
    })
    .join(', ');
  const more = withoutPage.length > 5 ? `, … and ${withoutPage.length - 5} more (all in the report)` : '';
  const schemeOnly = otherScheme(withoutPage, pageUrls);
  return {
    // Data stored under http:// for an https page is data the page should have had: not a mere note.
    level: schemeOnly ? 'warn' : 'info',
    text:
      `${plural(withoutPage.length, 'URL')} the CMS holds head data for ${withoutPage.length === 1 ? 'is' : 'are'} no page of this build (pages removed from the site, or addresses to correct in the CMS): ${shown}${more}.` +
      (schemeOnly
        ? ` ${plural(schemeOnly.count, 'of them differs', 'of them differ')} from a page only by http/https (${readableUrl(schemeOnly.cmsUrl)} for ${readableUrl(schemeOnly.pageUrl)}), so that page ships without it: correct the address in the CMS, or map pages to it with the cmsUrl option.`
        : ''),
  };
}

/** A CMS URL as the log shows it: decoded, without any `user:pass@` a CMS may have stored. */
const shownUrl = (url: string) => readableUrl(redactUrl(url));

/** Why a CMS URL the site serves is no page, as the note says it. */
const NOT_A_PAGE: Record<NotAPage, string> = {
  redirect: 'a redirect: its data belongs to the page it leads to',
  endpoint: 'an endpoint, which has no head',
};

/** The CMS URLs that are a page's URL with the other scheme (`http://` for `https://`), counted, with one example. */
function otherScheme(
  cmsUrls: string[],
  pageUrls: string[],
): { count: number; cmsUrl: string; pageUrl: string } | null {
  const flipped = (url: string) =>
    url.replace(/^(https?):/i, (_, scheme: string) => (scheme.toLowerCase() === 'http' ? 'https:' : 'http:'));
  // Any spelling of a page's address (its slash, its escapes), as the build matches pages.
  const pages = new Map(
    pageUrls.flatMap((url) => urlVariants(url).map((variant) => [urlIdentity(variant), url])),
  );
  const matches = cmsUrls.filter((url) => pages.has(urlIdentity(flipped(url))));
  if (matches.length === 0) return null;
  return {
    count: matches.length,
    cmsUrl: matches[0]!,
    pageUrl: pages.get(urlIdentity(flipped(matches[0]!)))!,
  };
}

/**
 * The most common way the CMS's URLs are the pages' under another leading path (`/about/` for `/docs/about`: a
 * base the CMS leaves out, or a prefix it adds), on either origin, with a pair of examples and the `replace`
 * that maps a page's URL to the CMS's; null where no such prefix pairs more URLs than the same paths on another
 * origin do. The rest of a path must be one segment at least: every site has a home page.
 *
 * @example prefixPair(['https://a.dev/about/'], ['https://a.dev/docs/about']) // { from: 'https://a.dev/docs', to: 'https://a.dev', … }
 */
function prefixPair(
  cmsUrls: string[],
  pageUrls: string[],
): { cmsUrl: string; pageUrl: string; from: string; to: string; sameOrigin: boolean } | null {
  const parts = (url: string) => {
    if (!URL.canParse(url)) return null;
    const { origin, pathname } = new URL(url);
    // A URL with no host to map (`javascript:`, `foo://`) is nothing a replace() could fix.
    return origin === 'null' ? null : { origin, path: pathname.replace(/\/$/, '') };
  };
  /** Each path by its tails at segment boundaries: `/docs/a/b` is `/a/b` under `/docs`, `/b` under `/docs/a`. */
  const byTail = (urls: string[]) => {
    const tails = new Map<string, Array<{ url: string; origin: string; prefix: string }>>();
    for (const url of urls) {
      const at = parts(url);
      if (!at) continue;
      for (let cut = at.path.indexOf('/', 1); cut > 0; cut = at.path.indexOf('/', cut + 1)) {
        const tail = at.path.slice(cut);
        const list = tails.get(tail) ?? [];
        // A few are enough to find a prefix; a tail every page ends in (`/reviews`) must not pair them all.
        if (list.length < TAIL_CANDIDATES)
          list.push({ url, origin: at.origin, prefix: at.path.slice(0, cut) });
        tails.set(tail, list);
      }
    }
    return tails;
  };
  // A prefix counts the URLs it pairs on both sides, the fewer of the two: one page every CMS URL happens to
  // end like is one pair, not thousands.
  const pairs = new Map<string, { cms: Set<string>; pages: Set<string>; from: string; to: string }>();
  const pair = (cmsUrl: string, pageUrl: string, from: string, to: string) => {
    const key = `${from} ${to}`;
    const found = pairs.get(key) ?? { cms: new Set<string>(), pages: new Set<string>(), from, to };
    found.cms.add(cmsUrl);
    found.pages.add(pageUrl);
    pairs.set(key, found);
  };
  // Pages under a prefix the CMS's URLs lack, then the CMS's under a prefix the pages lack.
  const pageTails = byTail(pageUrls);
  for (const cmsUrl of cmsUrls) {
    const at = parts(cmsUrl);
    for (const page of (at && pageTails.get(at.path)) || [])
      pair(cmsUrl, page.url, `${page.origin}${page.prefix}`, at!.origin);
  }
  const cmsTails = byTail(cmsUrls);
  for (const pageUrl of pageUrls) {
    const at = parts(pageUrl);
    for (const cms of (at && cmsTails.get(at.path)) || [])
      pair(cms.url, pageUrl, at!.origin, `${cms.origin}${cms.prefix}`);
  }
  const score = (found: { cms: Set<string>; pages: Set<string> }) =>
    Math.min(found.cms.size, found.pages.size);
  const best = [...pairs.values()].sort((a, b) => score(b) - score(a))[0];
  if (!best) return null;
  // The same paths on another origin (`www` or not) say more than a prefix a few URLs happen to share.
  const pagePaths = new Set(pageUrls.map((url) => parts(url)?.path));
  const samePath = cmsUrls.filter((url) => {
    const path = parts(url)?.path;
    return path !== undefined && pagePaths.has(path);
  }).length;
  if (score(best) <= samePath || score(best) < Math.min(2, cmsUrls.length, pageUrls.length)) return null;
  return {
    cmsUrl: [...best.cms][0]!,
    pageUrl: [...best.pages][0]!,
    from: best.from,
    to: best.to,
    sameOrigin: new URL(best.from).origin === new URL(best.to).origin,
  };
}

/** How many URLs of one tail `prefixPair` pairs. */
const TAIL_CANDIDATES = 3;

/** A string as a JavaScript literal in single quotes, for a snippet to paste. */
const quoted = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** A CMS URL and a page URL to show side by side: with the same path if there are such, so the difference shows. */
function examplePair(cmsUrls: string[], pageUrls: string[]): [string, string] {
  const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname.replace(/\/$/, '') : url);
  const pageByPath = new Map(pageUrls.map((url) => [pathOf(url), url]));
  for (const cmsUrl of cmsUrls) {
    const page = pageByPath.get(pathOf(cmsUrl));
    if (page) return [cmsUrl, page];
  }
  const page = pageUrls.find((url) => !/\/(?:404|500)\/?$/.test(url)) ?? (pageUrls[0] as string);
  return [cmsUrls[0] as string, page];
}

function mostCommonOrigin(urls: string[]): string {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const origin = URL.canParse(url) ? new URL(url).origin : url;
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}
