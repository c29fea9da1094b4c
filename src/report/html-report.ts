// Findings, JSON-LD and previews of a whole site as one self-contained HTML page (no network, no external
// assets) that a CI can keep as an artifact. Pure: the caller gathers the pages and writes the file.
import type { AuditFinding } from '../audit/audit-site.ts';
import { escapeAttribute, escapeText } from '../head/escape.ts';
import { readableUrl } from '../url-forms.ts';
import { issuePlace } from '../validate/node-label.ts';
import type { Severity } from '../validate/types.ts';
import { PREVIEW_CSS, type PreviewFacts, renderSearchPreview, renderSocialPreview } from './previews.ts';

export interface ReportFinding {
  severity: Severity;
  code: string;
  /** JSON path in a document, or the tag concerned; empty for the page as a whole. */
  path: string;
  /** The JSON-LD node the finding is in, named for people (see ValidationIssue.node). */
  node?: string;
  message: string;
}

/** A finding as reports show it: what it is and where, without the rest it carries. */
export function reportFinding({ severity, code, path, node, message }: ReportFinding): ReportFinding {
  return { severity, code, path, ...(node && { node }), message };
}

export interface ReportDocument {
  /** How people name it: `#12 Article "Hello"` for a CMS record, `script 1` on any page. */
  label: string;
  /** `@type`s of the document's top-level nodes. */
  types: string[];
  /** The document as written (pretty-printed when it parses). */
  text: string;
  findings: ReportFinding[];
}

export interface ReportPage extends PreviewFacts {
  /** The output file, relative to the site's output directory or the working directory. */
  file: string;
  documents: ReportDocument[];
  /** Findings about the page rather than one document: the site-wide audit's, fetch failures. */
  findings: ReportFinding[];
  /** The page's own JSON-LD scripts the build replaced by the CMS's (`jsonLdConflict: 'api'`). */
  jsonLdReplaced?: number;
}

export interface HtmlReportInput {
  /** What produced it, e.g. `astro build` or `check dist`. */
  source: string;
  generatedAt: Date;
  /** The Schema.org release the validator used, when known. */
  vocabulary?: string | null;
  pages: ReportPage[];
  /** Findings about groups of pages (duplicates), listed once above the pages. */
  siteFindings: AuditFinding[];
}

const SEVERITIES: Severity[] = ['error', 'warning', 'info'];

/**
 * The report page.
 * @example writeFileSync('schema-report.html', renderHtmlReport({ source: 'check dist', generatedAt: new Date(), pages, siteFindings: [] }))
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  return [...htmlReportParts(input)].join('');
}

/**
 * The report page in parts, a page at a time, for writing one after another: a site of 100,000 pages makes a
 * report longer than one string may be.
 *
 * @example writeFileAtomically('schema-report.html', htmlReportParts({ source: 'check dist', generatedAt: new Date(), pages, siteFindings: [] }))
 */
export function* htmlReportParts(input: HtmlReportInput): Generator<string> {
  const allFindings = [
    ...input.pages.flatMap((page) => [
      ...page.findings,
      ...page.documents.flatMap((document) => document.findings),
    ]),
    ...input.siteFindings.filter((finding) => finding.pages.length > 1),
  ];
  const codes = [...new Set(allFindings.map((finding) => finding.code))].sort();
  const types = new Map<string, number>();
  for (const page of input.pages)
    for (const document of page.documents)
      for (const type of document.types) types.set(type, (types.get(type) ?? 0) + 1);
  const documents = input.pages.reduce((sum, page) => sum + page.documents.length, 0);
  const replaced = input.pages.reduce((sum, page) => sum + (page.jsonLdReplaced ?? 0), 0);

  const byCode = codes.map((code) => {
    const cells = SEVERITIES.map(
      (severity) =>
        allFindings.filter((finding) => finding.code === code && finding.severity === severity).length,
    );
    return `<tr><td><code>${escapeText(code)}</code></td>${cells.map((count) => `<td>${count || ''}</td>`).join('')}</tr>`;
  });
  const totals = SEVERITIES.map(
    (severity) => allFindings.filter((finding) => finding.severity === severity).length,
  );
  const groups = input.siteFindings.filter((finding) => finding.pages.length > 1);

  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Schema report: ${escapeText(input.source)}</title>
<style>${REPORT_CSS}${PREVIEW_CSS}</style></head>
<body>
<header><h1>Schema report</h1><p>${escapeText(input.source)} · ${escapeText(input.generatedAt.toISOString())}${input.vocabulary ? ` · ${escapeText(input.vocabulary)}` : ''}</p></header>
<section id="summary"><h2>Summary</h2>
<ul class="totals"><li><b>${input.pages.length}</b> pages</li><li><b>${documents}</b> JSON-LD documents</li>${replaced > 0 ? `<li><b>${replaced}</b> of the pages' own JSON-LD replaced by the CMS's</li>` : ''}${SEVERITIES.map((severity, index) => `<li class="sev-${severity}"><b>${totals[index]}</b> ${severity}${totals[index] === 1 ? '' : 's'}</li>`).join('')}</ul>
<div class="tables"><table><caption>Schemas by type</caption><thead><tr><th>Type</th><th>Count</th></tr></thead><tbody>${
    [...types]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, count]) => `<tr><td>${escapeText(type)}</td><td>${count}</td></tr>`)
      .join('') || '<tr><td colspan="2">none</td></tr>'
  }</tbody></table>
<table><caption>Findings by code</caption><thead><tr><th>Code</th>${SEVERITIES.map((severity) => `<th>${severity}</th>`).join('')}</tr></thead><tbody>${byCode.join('') || '<tr><td colspan="4">none</td></tr>'}</tbody></table></div></section>
<section id="filters"><h2>Filters</h2>
${SEVERITIES.map((severity) => `<label><input type="checkbox" name="severity" value="${severity}" checked> ${severity}</label>`).join(' ')}
<label>Code <select id="code"><option value="">all</option>${codes.map((code) => `<option>${escapeText(code)}</option>`).join('')}</select></label>
<label>Page <input id="search" type="search" placeholder="URL or title"></label>
<label><input id="only-findings" type="checkbox"> only pages with findings</label>
<span id="shown"></span></section>
${groups.length > 0 ? `<section id="site-findings"><h2>Across pages</h2><ul>${groups.map((finding) => renderFinding(finding, finding.pages)).join('')}</ul></section>` : ''}
<section id="pages"><h2>Pages</h2>`;
  for (const [index, page] of input.pages.entries())
    yield index === 0 ? renderPage(page) : `\n${renderPage(page)}`;
  yield `</section>
<script>${FILTER_SCRIPT}</script>
</body></html>
`;
}

function renderPage(page: ReportPage): string {
  const findings = [...page.findings, ...page.documents.flatMap((document) => document.findings)];
  const worst = SEVERITIES.find((severity) => findings.some((finding) => finding.severity === severity));
  const badges = SEVERITIES.map((severity) => {
    const count = findings.filter((finding) => finding.severity === severity).length;
    return count ? `<span class="badge sev-${severity}">${count} ${severity}</span>` : '';
  }).join('');
  const search = `${page.url ? readableUrl(page.url) : ''} ${page.file} ${page.title ?? ''}`.toLowerCase();
  return `<details class="page" data-search="${escapeAttribute(search)}"${worst === 'error' ? ' open' : ''}>
<summary><span class="page-url">${escapeText(page.url ? readableUrl(page.url) : page.file)}</span> ${badges}<span class="page-meta">${page.documents.length} JSON-LD${page.jsonLdReplaced ? ` (${page.jsonLdReplaced} of the page's own replaced)` : ''} · ${escapeText(page.file)}</span></summary>
${page.findings.length > 0 ? `<ul>${page.findings.map((finding) => renderFinding(finding)).join('')}</ul>` : ''}
<div class="previews">${renderSearchPreview(page)}${renderSocialPreview(page, false)}</div>
${page.documents
  .map(
    (
      document,
    ) => `<details class="document"><summary>${escapeText(document.label)}${document.types.length ? ` · ${escapeText(document.types.join(', '))}` : ''}</summary>
${document.findings.length > 0 ? `<ul>${document.findings.map((finding) => renderFinding(finding)).join('')}</ul>` : ''}<pre>${escapeText(document.text)}</pre></details>`,
  )
  .join('')}
</details>`;
}

function renderFinding(finding: ReportFinding, pages?: string[]): string {
  const where = finding.path ? ` <code>${escapeText(issuePlace(finding))}</code>` : '';
  const list = pages ? `<div class="pages">${pages.map((page) => escapeText(page)).join('<br>')}</div>` : '';
  return `<li class="finding sev-${finding.severity}" data-severity="${finding.severity}" data-code="${escapeAttribute(finding.code)}"><span class="badge sev-${finding.severity}">${finding.severity}</span> <code>${escapeText(finding.code)}</code>${where}: ${escapeText(finding.message)}${list}</li>`;
}

const REPORT_CSS = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 48px;color:#1f2328}
h1{margin-bottom:0}header p{color:#59636e;margin-top:4px}
.totals{display:flex;gap:24px;list-style:none;padding:0}
.tables{display:flex;gap:32px;flex-wrap:wrap;align-items:flex-start}
table{border-collapse:collapse}caption{font-weight:600;text-align:left}
td,th{border-bottom:1px solid #d1d9e0;padding:2px 10px;text-align:left}
#filters label{margin-right:16px}
details.page{border:1px solid #d1d9e0;border-radius:6px;margin:8px 0;padding:4px 12px}
details.page>summary{cursor:pointer;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.page-url{font-weight:600;overflow-wrap:anywhere}.page-meta{color:#59636e;font-size:13px;margin-left:auto}
.badge{border-radius:10px;font-size:12px;padding:0 8px;color:#fff}
.badge.sev-error{background:#cf222e}.badge.sev-warning{background:#9a6700}.badge.sev-info{background:#0969da}
li.finding{margin:4px 0;list-style:none}.pages{color:#59636e;font-size:13px;margin-left:16px}
.previews{display:flex;gap:24px;flex-wrap:wrap;margin:8px 0}
details.document{margin:6px 0}details.document>summary{cursor:pointer}
pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:480px;font-size:13px}
[hidden]{display:none!important}
`;

// The filters hide findings by severity and code, and pages by text or by having no finding left.
const FILTER_SCRIPT = `(() => {
const $ = (s) => document.querySelector(s), $$ = (s, r = document) => [...r.querySelectorAll(s)];
function apply() {
  const severities = new Set($$('input[name=severity]:checked').map((i) => i.value));
  const code = $('#code').value, text = $('#search').value.trim().toLowerCase(), only = $('#only-findings').checked;
  for (const li of $$('li.finding')) li.hidden = !severities.has(li.dataset.severity) || (code !== '' && li.dataset.code !== code);
  let shown = 0;
  const pages = $$('details.page');
  for (const page of pages) {
    const visible = $$('li.finding', page).some((li) => !li.hidden);
    page.hidden = (text !== '' && !page.dataset.search.includes(text)) || ((only || code !== '') && !visible);
    if (!page.hidden) shown++;
  }
  $('#shown').textContent = shown + ' of ' + pages.length + ' pages shown';
}
for (const input of $$('#filters input, #filters select')) input.addEventListener('input', apply);
apply();
})();`;

/** A document's text for the report: pretty when it parses (and is not too deep to print), as written otherwise. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
