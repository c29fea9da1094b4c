// What the validator says about the schemas a push would send: each page URL's active schemas validated
// together, as the build validates that page (validatePage), so push, check and the build give one page the same
// findings. An inactive schema is not built: it is validated on its own, and its errors never stop a push.
import { groupRepeated } from '../group-repeated.ts';
import { plainJson } from '../lossless-json.ts';
import { figure } from '../plural.ts';
import { printable } from '../printable.ts';
import { foldMissingFields, type Severity, type ValidationIssue, validatePage } from '../validate/index.ts';
import { issuePlace } from '../validate/node-label.ts';
import { asBuilt, type PageMeta } from './as-built.ts';
import type { DesiredSchema } from './push-plan.ts';

export interface SchemaFindings {
  entry: DesiredSchema;
  /** Errors and warnings, as the build shows them (info is left out there too). */
  issues: ValidationIssue[];
}

/**
 * The schemas with errors or warnings, in file order; `metaOf` gives a page's meta, which fills the CMS's
 * placeholders as the build will.
 *
 * @example findingsOf(desiredSchemas(file), { rules: [] }).filter(hasErrors).length // schemas a real push refuses
 */
export function findingsOf(
  wanted: DesiredSchema[],
  validation: { rules: Array<'google'>; severity?: Record<string, Severity | 'off'> },
  metaOf: (url: string) => PageMeta | null = () => null,
): SchemaFindings[] {
  return validatedTogether(wanted)
    .flatMap((entries) => {
      // As the build ships them: the CMS's placeholders filled from the page's meta, where it is known.
      const results = validatePage(
        entries.map((entry) => asBuilt(plainJson(entry.schema_data), metaOf(entry.url))),
        validation,
      );
      return entries.map((entry, index) => ({
        entry,
        issues: results[index]!.issues.filter((issue) => issue.severity !== 'info'),
      }));
    })
    .filter(({ issues }) => issues.length > 0)
    .sort((a, b) => a.entry.index - b.entry.index);
}

/**
 * The schemas the build validates together: each page's active ones, as one page's JSON-LD (an `@id` one
 * defines resolves in another); an inactive one is not built, and is validated alone.
 *
 * @example validatedTogether(desiredSchemas(file)).map((entries) => entries[0].url)
 */
export function validatedTogether(wanted: DesiredSchema[]): DesiredSchema[][] {
  const pages = Map.groupBy(
    wanted.filter((entry) => entry.is_active),
    (entry) => entry.url,
  );
  const alone = wanted.filter((entry) => !entry.is_active).map((entry) => [entry]);
  return [...pages.values(), ...alone];
}

/** An active schema with an error: what a real push refuses (an inactive one is not built). */
export const hasErrors = (findings: SchemaFindings) =>
  findings.entry.is_active && findings.issues.some((issue) => issue.severity === 'error');

/** In how many schemas a finding must stand, word for word, to be said once for all of them. */
const REPEATED_IN = 3;

/** How many of those schemas are named before "and N more". */
const NAMED_SCHEMAS = 3;

const issueLine = (issue: ValidationIssue) =>
  `    ${issue.severity.padEnd(7)} ${printable(issuePlace(issue))}  ${printable(issue.message)}  (${issue.code})`;

const inactiveNote = '  (inactive: not built, does not stop a push)';

/**
 * One line per schema (`where`, url, type), then one per issue: severity, JSON path, message, code. A finding
 * that stands word for word in REPEATED_IN schemas or more (a CMS template's mistake, on every page of a
 * first push) is said once after them, under the schemas it stands in, as `validate` says it once for a pull
 * file's records: 10,000 schemas without an image are two lines, not 20,000.
 *
 * @example findingLines(findings, (i) => `schemas[${i}]`) // ['  schemas[0] https://x.dev/  Article', '    error  $.datePublished  …']
 */
export function findingLines(findings: SchemaFindings[], where: (index: number) => string): string[] {
  // A node's absent fields in one line, as the build's log says them.
  const shown = findings.map(({ entry, issues }) => ({ entry, issues: foldMissingFields(issues, () => '') }));
  const repeated = groupRepeated(
    shown.flatMap(({ entry, issues }) => issues.map((issue) => ({ entry, issue }))),
    ({ entry, issue }) =>
      [entry.is_active, issue.severity, issue.code, issue.path, issue.node ?? '', issue.message].join('\n'),
    ({ entry }) => entry,
  ).filter(({ places }) => places.length >= REPEATED_IN);
  const saidOnce = new Set(repeated.flatMap(({ members }) => members.map(({ issue }) => issue)));
  const lines = shown.flatMap(({ entry, issues }) => {
    const own = issues.filter((issue) => !saidOnce.has(issue));
    if (own.length === 0) return [];
    return [
      `  ${printable(where(entry.index))}  ${printable(entry.url)}  ${printable(entry.schema_type)}${entry.is_active ? '' : inactiveNote}`,
      ...own.map(issueLine),
    ];
  });
  // Findings that stand in the very same schemas (a template's several mistakes) share their heading.
  const headings = Map.groupBy(repeated, ({ places }) => places.map((entry) => entry.index).join());
  for (const group of headings.values()) {
    const schemas = group[0]!.places;
    const named = schemas.slice(0, NAMED_SCHEMAS).map((entry) => printable(where(entry.index)));
    const more = schemas.length - named.length;
    lines.push(
      `  in ${figure(schemas.length)} schemas: ${named.join(', ')}${more > 0 ? ` and ${figure(more)} more` : ''}${schemas[0]!.is_active ? '' : inactiveNote}`,
      ...group.map(({ members }) => issueLine(members[0]!.issue)),
    );
  }
  return lines;
}
