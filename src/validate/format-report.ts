// Renders the results of checking files: a readable report grouped by page, JSON, JUnit XML for CI servers,
// and GitHub workflow annotations. Pure: the caller decides where the text goes.

import { styleText } from 'node:util';
import { groupRepeated } from '../group-repeated.ts';
import { figure, plural } from '../plural.ts';
import { printable } from '../printable.ts';
import { foldMissingFields } from './google/missing-fields.ts';
import { issuePlace } from './node-label.ts';
import type { Severity, ValidationIssue } from './types.ts';

export type ReportFormat = 'pretty' | 'json' | 'junit' | 'github';

export interface CheckedDocument {
  /** 0-based index of the script in its page. */
  index: number;
  /** How the document is named where it is not one of the file's (a CMS record: `#2 Article "Hello"`). */
  label?: string;
  /** Where the script's body starts in the file, 1-based. */
  line: number;
  column: number;
  valid: boolean;
  issues: ValidationIssue[];
  /** An inactive CMS schema: never built, so its findings are reported but fail no run (as `push` treats it). */
  notBuilt?: boolean;
}

export interface CheckedFile {
  file: string;
  /** The file on disk, where `file` names more than it (a pull file's page: `seo/a.json https://a.dev/`). */
  path?: string;
  /** The page's address, where `check` audited its site (`https://example.com/blog/`). */
  url?: string;
  /** What its documents are: a page's scripts (default), or the documents of a JSON or .jsonld file. */
  unit?: 'script' | 'document';
  documents: CheckedDocument[];
  /** The file could not be checked (unreadable, or the validator failed on it): why. */
  failure?: string;
  /** Findings about the page as a whole (the site-wide audit's); `path` names the tag concerned. */
  pageIssues?: ValidationIssue[];
  /** Not a checked page but a file the audit speaks of (a sitemap): it holds only `pageIssues`. */
  auditOnly?: boolean;
  /**
   * An HTML file that is a piece of a page, not a page (no doctype, `<html>`, `<head>`, title or meta: a
   * partial, Gatsby's `_gatsby/slices/*.html`): counted apart unless it holds JSON-LD.
   */
  fragment?: boolean;
}

/**
 * A file the report counts as checked: not a file only the audit speaks of, nor a fragment with nothing in it
 * to check (a page without JSON-LD is a finding of sorts; a piece of one is not).
 * @example isCountedFile({ file: 'slice.html', documents: [], fragment: true }) // false
 */
export function isCountedFile(file: CheckedFile): boolean {
  return !file.auditOnly && !isBareFragment(file);
}

function isBareFragment(file: CheckedFile): boolean {
  return (
    file.fragment === true &&
    file.documents.length === 0 &&
    file.failure === undefined &&
    (file.pageIssues ?? []).length === 0
  );
}

/** The issues of a file that can fail a run: all but those of documents that are never built. */
export function shippedIssues(file: CheckedFile): ValidationIssue[] {
  return [
    ...file.documents.flatMap((document) => (document.notBuilt ? [] : document.issues)),
    ...(file.pageIssues ?? []),
  ];
}

const rank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/**
 * Formats a check report.
 * @example formatReport([{ file: 'dist/index.html', documents: [] }], 'github', { failOn: 'error', color: false })
 */
export function formatReport(
  files: CheckedFile[],
  format: ReportFormat,
  options: {
    failOn: Severity;
    color: boolean;
    /** What the summary line counts: HTML files for `check`, files, records or pages for `validate`. */
    unit?: readonly [one: string, many: string];
    /**
     * What the run left undone and why (`check`'s site audit of a directory that names no address), for the
     * reports a CI reads: the JSON's `notes`, a warning annotation. The pretty report's reader has stderr.
     */
    notes?: readonly string[];
  },
): string {
  const notes = options.notes ?? [];
  switch (format) {
    case 'json':
      return `${JSON.stringify({ summary: summarize(files), ...(notes.length > 0 ? { notes } : {}), files }, null, 2)}\n`;
    case 'junit':
      return junit(files, options.failOn);
    case 'github':
      return github(folded(files), options.unit ?? ['file', 'files'], files, notes);
    default:
      return pretty(folded(files), options.color, options.unit ?? ['file', 'files'], files);
  }
}

/**
 * The files with each node's absent fields of a rich result said in one finding, for the reports people read;
 * JSON and JUnit keep one finding per field, and every summary counts those.
 */
function folded(files: CheckedFile[]): CheckedFile[] {
  return files.map((file) => ({
    ...file,
    documents: file.documents.map((document) => ({
      ...document,
      issues: foldMissingFields(document.issues, (issue) => String(issue.document ?? '')),
    })),
  }));
}

/** On how many files each page-level finding stands: one about several pages is one object on each. */
function pagesPerIssue(files: CheckedFile[]): Map<ValidationIssue, number> {
  const counts = new Map<ValidationIssue, number>();
  for (const file of files)
    for (const issue of file.pageIssues ?? []) counts.set(issue, (counts.get(issue) ?? 0) + 1);
  return counts;
}

/** In how many places (pages, or a file's documents) a finding must stand, word for word, to be said once. */
const REPEATED_ON = 3;

/** How many of a repeated finding's places the report names before "and N more". */
const NAMED_PLACES = 3;

/**
 * A document finding that stands in many places: the first of them, and every place it stands in. A place is a
 * page's file, or one document of a file of documents (a pull file's records, a JSON array), named by its label.
 */
interface RepeatedFinding {
  issue: ValidationIssue;
  places: Array<{ file: string; document?: string }>;
  /** Where it is: the path, and the node's name if the same in every place (an `@id` often names a page). */
  place: string;
}

/**
 * Document findings that stand, word for word, in REPEATED_ON places or more, each issue mapped to its group:
 * a problem a theme's layout or a CMS template repeats on every page, or in every record of a pull file, is one
 * line, not one under each.
 */
function repeatedFindings(files: CheckedFile[]): Map<ValidationIssue, RepeatedFinding> {
  // A page's own audit finding that a layout repeats word for word (one missing image on every page) is one
  // too; a finding about several pages is one object on each, printed once already.
  const filesOf = pagesPerIssue(files);
  const pageFindings = files.flatMap((file) =>
    (file.pageIssues ?? [])
      .filter((issue) => filesOf.get(issue) === 1)
      .map((issue) => ({ issue, where: { file: file.file } })),
  );
  const located = files.flatMap((file) => {
    // A page's scripts are one place; a file's documents are one each. A pull file's pages are one file's
    // documents, each named with its page: `schemas[3] Article (https://a.dev/x/)` in `schemas.json`.
    const page = { file: file.file };
    const inFile = file.path !== undefined && file.url !== undefined;
    return file.documents.flatMap((document) => {
      const label = document.label ?? `document ${document.index + 1}`;
      const where =
        file.unit !== 'document'
          ? page
          : inFile
            ? { file: file.path!, document: `${label} (${file.url})` }
            : { file: file.file, document: label };
      return document.issues.map((issue) => ({ issue, where }));
    });
  });
  located.push(...pageFindings);
  const repeated = new Map<ValidationIssue, RepeatedFinding>();
  const groups = groupRepeated(
    located,
    ({ issue }) => [issue.severity, issue.code, issue.rule, issue.path, issue.message].join('\n'),
    ({ where }) => where,
  );
  for (const { members, places } of groups) {
    if (places.length < REPEATED_ON) continue;
    const { issue } = members[0]!;
    const named = issuePlace(issue);
    const place = members.every((member) => issuePlace(member.issue) === named) ? named : issue.path;
    const group = { issue, places, place };
    for (const member of members) repeated.set(member.issue, group);
  }
  return repeated;
}

/** Pages a page's own audit finding of one kind, at one tag, must stand on to be printed once for them all. */
const ALIKE_ON = 10;

/** One audit finding of a kind many pages have each their own of (a missing image per product page). */
interface AlikeFindings {
  first: ValidationIssue;
  files: string[];
}

/**
 * Page findings of one code at one tag, each with its own words (another missing image on each page), that
 * stand on ten pages or more: the pretty report prints the first and names the others' pages, where a line
 * each made hundreds (JSON, JUnit and GitHub keep every one).
 */
function alikeFindings(
  files: CheckedFile[],
  filesOf: Map<ValidationIssue, number>,
  repeated: Map<ValidationIssue, RepeatedFinding>,
): Map<ValidationIssue, AlikeFindings> {
  const byKind = new Map<string, AlikeFindings>();
  const members = new Map<string, ValidationIssue[]>();
  for (const file of files)
    for (const issue of file.pageIssues ?? []) {
      if (filesOf.get(issue) !== 1 || repeated.has(issue)) continue;
      const key = [issue.severity, issue.code, issue.rule, issue.path].join('\n');
      const group = byKind.get(key) ?? { first: issue, files: [] };
      group.files.push(file.file);
      byKind.set(key, group);
      const list = members.get(key);
      if (list) list.push(issue);
      else members.set(key, [issue]);
    }
  const alike = new Map<ValidationIssue, AlikeFindings>();
  for (const [key, group] of byKind) {
    if (group.files.length < ALIKE_ON) continue;
    for (const issue of members.get(key)!) alike.set(issue, group);
  }
  return alike;
}

/**
 * `on 10,000 files: a.html, b.html, c.html and 9,997 more`; documents, `in 50 documents of seo.json: #1 Article,
 * #2 Article, #3 Article and 47 more` (or each with its file where they are in several).
 */
function placesNamed(group: RepeatedFinding, many: string): string {
  const { places } = group;
  const more = places.length - NAMED_PLACES;
  const rest = more > 0 ? ` and ${figure(more)} more` : '';
  if (places[0]!.document === undefined) {
    const named = places.slice(0, NAMED_PLACES).map((where) => printable(where.file));
    return `on ${figure(places.length)} ${many}: ${named.join(', ')}${rest}`;
  }
  const file = places[0]!.file;
  const oneFile = places.every((where) => where.file === file);
  const named = places
    .slice(0, NAMED_PLACES)
    .map((where) => printable(oneFile ? where.document! : `${where.file} ${where.document}`));
  return `in ${figure(places.length)} documents${oneFile ? ` of ${printable(file)}` : ''}: ${named.join(', ')}${rest}`;
}

function summarize(files: CheckedFile[]) {
  const count = {
    files: files.filter(isCountedFile).length,
    /** HTML fragments with no JSON-LD (see `CheckedFile.fragment`), not among `files`. */
    fragments: files.filter(isBareFragment).length,
    failures: 0,
    documents: 0,
    errors: 0,
    warnings: 0,
    infos: 0,
    /** Findings in documents never built (inactive schemas), counted apart: they fail nothing. */
    notBuilt: 0,
  };
  // A finding about several pages is one object on each of their files: counted once, as the pretty report does.
  const counted = new Set<ValidationIssue>();
  for (const file of files) {
    if (file.failure !== undefined) count.failures++;
    count.documents += file.documents.length;
    for (const issue of shippedIssues(file)) {
      if (counted.has(issue)) continue;
      counted.add(issue);
      // The note on findings past the cap counts as the findings it stands for, not as one more.
      if (issue.omitted) {
        count.errors += issue.omitted.error;
        count.warnings += issue.omitted.warning;
        count.infos += issue.omitted.info;
      } else if (issue.severity === 'error') count.errors++;
      else if (issue.severity === 'warning') count.warnings++;
      else count.infos++;
    }
    for (const document of file.documents) if (document.notBuilt) count.notBuilt += document.issues.length;
  }
  return count;
}

const position = (document: CheckedDocument, issue: ValidationIssue) =>
  `${issue.line ?? document.line}:${issue.column ?? document.column}`;

function pretty(
  files: CheckedFile[],
  color: boolean,
  unit: readonly [string, string],
  counted: CheckedFile[],
): string {
  // Whether to colour is the caller's (a terminal, NO_COLOR): styled here whatever stream the text goes to.
  const paint = (style: 'red' | 'yellow' | 'cyan' | 'bold' | 'dim', text: string) =>
    color ? styleText(style, text, { validateStream: false }) : text;
  const label: Record<Severity, string> = {
    error: paint('red', 'error  '),
    warning: paint('yellow', 'warning'),
    info: paint('cyan', 'info   '),
  };
  // A finding about several pages (a title they share) is one object on each of their files: it is printed
  // once, after the pages, rather than under each of thousands of pages.
  const filesOf = pagesPerIssue(files);
  const shared = [...filesOf].filter(([, count]) => count > 1);
  const repeated = repeatedFindings(files);
  const alike = alikeFindings(files, filesOf, repeated);
  const lines: string[] = [];
  for (const file of files) {
    const issues = file.documents.flatMap((document) =>
      document.issues.filter((issue) => !repeated.has(issue)).map((issue) => ({ document, issue })),
    );
    if (file.failure !== undefined) {
      lines.push(
        paint('bold', printable(file.file)),
        `  ${paint('red', 'failure')} not checked: ${printable(file.failure)}`,
        '',
      );
    }
    const pageIssues = (file.pageIssues ?? []).filter(
      (issue) => filesOf.get(issue) === 1 && !repeated.has(issue) && !alike.has(issue),
    );
    if (issues.length === 0 && pageIssues.length === 0) continue;
    lines.push(paint('bold', printable(file.file)));
    for (const { document, issue } of issues) {
      const where =
        file.unit === 'document'
          ? `${issue.line === undefined ? '' : `${issue.line}:${issue.column ?? 1} `}${document.label ?? `document ${document.index + 1}`}`
          : `${position(document, issue)} script ${document.index + 1}`;
      lines.push(
        `  ${label[issue.severity]} ${printable(issuePlace(issue))}  ${printable(issue.message)}  ${paint('dim', `${issue.code} (${issue.rule}) ${printable(where)}`)}`,
      );
    }
    for (const issue of pageIssues) {
      lines.push(
        `  ${label[issue.severity]} ${printable(issuePlace(issue))}  ${printable(issue.message)}  ${paint('dim', `${issue.code} (${issue.rule})`)}`,
      );
    }
    lines.push('');
  }
  // Errors first: they are what fails the run.
  const groups = [...new Set(repeated.values())].sort(
    (a, b) => rank[b.issue.severity] - rank[a.issue.severity],
  );
  const likewise = [...new Set(alike.values())];
  if (shared.length > 0 || groups.length > 0 || likewise.length > 0) {
    const documents = groups.some((group) => group.places[0]!.document !== undefined);
    const pages =
      shared.length > 0 ||
      likewise.length > 0 ||
      groups.some((group) => group.places[0]!.document === undefined);
    lines.push(
      paint(
        'bold',
        `Across ${pages && documents ? 'pages and documents' : documents ? 'documents' : 'pages'}`,
      ),
    );
    // Errors first, whichever kind of entry: they are what fails the run.
    const entries: Array<{ severity: Severity; line: string }> = [];
    for (const group of groups) {
      const { issue } = group;
      entries.push({
        severity: issue.severity,
        line: `  ${label[issue.severity]} ${printable(group.place)}  ${printable(issue.message)}  ${paint('dim', `${issue.code} (${issue.rule}) ${placesNamed(group, unit[1])}`)}`,
      });
    }
    for (const { first, files: where } of likewise) {
      const more = where.length - 1;
      const named = where.slice(1, 1 + NAMED_PLACES).map(printable);
      const rest = more > NAMED_PLACES ? ` and ${figure(more - NAMED_PLACES)} more` : '';
      entries.push({
        severity: first.severity,
        line: `  ${label[first.severity]} ${printable(issuePlace(first))}  ${printable(first.message)}  ${paint('dim', `${first.code} (${first.rule}) on ${printable(where[0]!)}, and likewise on ${figure(more)} more pages: ${named.join(', ')}${rest}`)}`,
      });
    }
    for (const [issue, count] of shared) {
      entries.push({
        severity: issue.severity,
        line: `  ${label[issue.severity]} ${printable(issuePlace(issue))}  ${printable(issue.message)}  ${paint('dim', `${issue.code} (${issue.rule}) on ${figure(count)} pages`)}`,
      });
    }
    entries.sort((a, b) => rank[b.severity] - rank[a.severity]);
    for (const { line } of entries) lines.push(line);
    lines.push('');
  }
  lines.push(summaryLine(counted, unit));
  return `${lines.join('\n')}\n`;
}

/** `10,001 files, 10,001 JSON-LD documents: 5,000 errors, 10,000 warnings, 0 info.` */
function summaryLine(files: CheckedFile[], unit: readonly [string, string]): string {
  // A finding shared by pages is counted once (summarize counts each finding once); a repeated one on each.
  const total = summarize(files);
  const empty = files.filter((file) => file.documents.length === 0 && isCountedFile(file)).length;
  const fragments = total.fragments ? `, ${plural(total.fragments, 'page fragment')} not counted` : '';
  return (
    `${plural(total.files, ...unit)}${total.failures ? `, ${total.failures} not checked (named above)` : ''}, ${plural(total.documents, 'JSON-LD document')}${empty ? `, ${figure(empty)} without JSON-LD` : ''}${fragments}: ` +
    `${plural(total.errors, 'error')}, ${plural(total.warnings, 'warning')}, ${figure(total.infos)} info` +
    `${total.notBuilt ? `; ${plural(total.notBuilt, 'finding')} in inactive schemas, not built, not counted` : ''}.`
  );
}

const xml = (text: string) =>
  text
    .replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
    // Characters XML 1.0 does not allow at all (control characters, U+FFFE and U+FFFF): a report must parse.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

function junit(files: CheckedFile[], failOn: Severity): string {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  for (const file of files) {
    if (file.failure !== undefined) {
      errors++;
      cases.push(
        `    <testcase classname="${xml(file.file)}" name="${xml(file.file)}">\n      <error type="internal-failure" message="${xml(file.failure)}" />\n    </testcase>`,
      );
    }
    for (const document of file.documents) {
      const fails = (issue: ValidationIssue) => !document.notBuilt && rank[issue.severity] >= rank[failOn];
      const failing = document.issues.filter(fails);
      const name =
        file.unit === 'document'
          ? `${file.file} ${document.label ?? `document ${document.index + 1}`}`
          : `${file.file} script ${document.index + 1} (line ${document.line})`;
      const body = failing.map(
        (issue) =>
          `      <failure type="${xml(issue.code)}" message="${xml(`${issuePlace(issue)}: ${issue.message}`)}">${xml(`${issue.severity} ${issue.code} ${issuePlace(issue)} ${issue.message} [${issue.rule}]`)}</failure>`,
      );
      const others = document.issues.filter((issue) => !fails(issue));
      if (others.length > 0) {
        body.push(
          `      <system-out>${xml(others.map((issue) => `${issue.severity} ${issue.code} ${issuePlace(issue)} ${issue.message}`).join('\n'))}</system-out>`,
        );
      }
      if (failing.length > 0) failures++;
      cases.push(
        `    <testcase classname="${xml(file.file)}" name="${xml(name)}"${body.length ? `>\n${body.join('\n')}\n    </testcase>` : ' />'}`,
      );
    }
    const failingPage = (file.pageIssues ?? []).filter((issue) => rank[issue.severity] >= rank[failOn]);
    if (failingPage.length > 0) {
      failures++;
      const body = failingPage.map(
        (issue) =>
          `      <failure type="${xml(issue.code)}" message="${xml(`${issuePlace(issue)}: ${issue.message}`)}">${xml(`${issue.severity} ${issue.code} ${issuePlace(issue)} ${issue.message} [${issue.rule}]`)}</failure>`,
      );
      cases.push(
        `    <testcase classname="${xml(file.file)}" name="${xml(`${file.file} site audit`)}">\n${body.join('\n')}\n    </testcase>`,
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="astro-schema-manager check" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="JSON-LD" tests="${cases.length}" failures="${failures}" errors="${errors}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

// Workflow commands: data escapes %, CR, LF; properties also escape : and ,.
const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
const level: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

function github(
  files: CheckedFile[],
  unit: readonly [string, string],
  counted: CheckedFile[],
  notes: readonly string[],
): string {
  const lines = notes.map((note) => `::warning title=check::${data(note)}`);
  const repeated = repeatedFindings(files);
  // A finding about several pages is annotated once, on the first: GitHub shows only the first few
  // annotations of a step, and the message names the pages.
  const filesOf = pagesPerIssue(files);
  const annotated = new Set<ValidationIssue>();
  for (const file of files) {
    if (file.failure !== undefined) {
      lines.push(
        `::error file=${property(file.path ?? file.file)},title=internal-failure::${data(`not checked: ${file.failure}`)}`,
      );
    }
    for (const document of file.documents) {
      for (const issue of document.issues) {
        // A finding on many files is annotated once, on the first, naming how many: it cannot crowd out the rest.
        const group = repeated.get(issue);
        if (group !== undefined && group.issue !== issue) continue;
        const line = issue.line ?? document.line;
        const col = issue.column ?? document.column;
        const said = group
          ? `${group.place}: ${issue.message} [${issue.rule}, ${placesNamed(group, unit[1])}]`
          : `${issuePlace(issue)}: ${issue.message} [${issue.rule}]`;
        // An inactive schema's finding is a notice: it is never built, and an error would read as a failed run.
        lines.push(
          `::${document.notBuilt ? 'notice' : level[issue.severity]} file=${property(file.path ?? file.file)},line=${line},col=${col},title=${property(issue.code)}::${data(document.notBuilt ? `${document.label ?? 'inactive schema'}: ${said}` : said)}`,
        );
      }
    }
    for (const issue of file.pageIssues ?? []) {
      if (annotated.has(issue)) continue;
      annotated.add(issue);
      const pages = filesOf.get(issue) ?? 1;
      const rule = pages > 1 ? `${issue.rule}, on ${pages} pages` : issue.rule;
      lines.push(
        `::${level[issue.severity]} file=${property(file.path ?? file.file)},title=${property(issue.code)}::${data(`${issuePlace(issue)}: ${issue.message} [${rule}]`)}`,
      );
    }
  }
  // The counts as a plain log line: annotations beyond GitHub's first few of a step are not shown.
  lines.push(summaryLine(counted, unit));
  return `${lines.join('\n')}\n`;
}
