// What the validator says about the schemas a push would send: each page URL's active schemas validated
// together, as the build validates that page (validatePage), so push, check and the build give one page the same
// findings. An inactive schema is not built: it is validated on its own, and its errors never stop a push.
import { plainJson } from '../lossless-json.ts';
import { foldMissingFields, type ValidationIssue, validatePage } from '../validate/index.ts';
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
 * @example findingsOf(desiredSchemas(file), []).filter(hasErrors).length // schemas a real push refuses
 */
export function findingsOf(
  wanted: DesiredSchema[],
  rules: Array<'google'>,
  metaOf: (url: string) => PageMeta | null = () => null,
): SchemaFindings[] {
  const pages = Map.groupBy(
    wanted.filter((entry) => entry.is_active),
    (entry) => entry.url,
  );
  const alone = wanted.filter((entry) => !entry.is_active).map((entry) => [entry]);
  return [...pages.values(), ...alone]
    .flatMap((entries) => {
      // As the build ships them: the CMS's placeholders filled from the page's meta, where it is known.
      const results = validatePage(
        entries.map((entry) => asBuilt(plainJson(entry.schema_data), metaOf(entry.url))),
        { rules },
      );
      return entries.map((entry, index) => ({
        entry,
        issues: results[index]!.issues.filter((issue) => issue.severity !== 'info'),
      }));
    })
    .filter(({ issues }) => issues.length > 0)
    .sort((a, b) => a.entry.index - b.entry.index);
}

/** An active schema with an error: what a real push refuses (an inactive one is not built). */
export const hasErrors = (findings: SchemaFindings) =>
  findings.entry.is_active && findings.issues.some((issue) => issue.severity === 'error');

/**
 * One line per schema (`where`, url, type), then one per issue: severity, JSON path, message, code.
 *
 * @example findingLines(findings, (i) => `schemas[${i}]`) // ['  schemas[0] https://x.dev/  Article', '    error  $.datePublished  …']
 */
export function findingLines(findings: SchemaFindings[], where: (index: number) => string): string[] {
  return findings.flatMap(({ entry, issues }) => [
    `  ${where(entry.index)}  ${entry.url}  ${entry.schema_type}${entry.is_active ? '' : '  (inactive: not built, does not stop a push)'}`,
    // A node's absent fields in one line, as the build's log says them.
    ...foldMissingFields(issues, () => '').map(
      (issue) => `    ${issue.severity.padEnd(7)} ${issuePlace(issue)}  ${issue.message}  (${issue.code})`,
    ),
  ]);
}
