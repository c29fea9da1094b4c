// One page, validated as a search engine reads it: all its JSON-LD documents as one graph, so an `@id` one
// document makes to a node another defines resolves. The build, `check`, `validate --url` and `push` all
// validate pages through here, so the same page gets the same findings everywhere.
import { asJsonValue } from './json-value.ts';
import { parseJson } from './parse-json.ts';
import type { ValidateOptions, ValidationIssue, ValidationResult } from './types.ts';
import { validateDocumentsTogether, validateJsonLd } from './validate-json-ld.ts';

/**
 * Validates a page's JSON-LD documents (text as written, or parsed) together; returns one result per
 * document, in order, with paths inside that document. A text that does not parse is reported alone, with
 * the line and column of the break inside that text.
 * @example
 * const [site, org] = validatePage([
 *   '{"@context":"https://schema.org","@type":"WebSite","publisher":{"@id":"#org"}}',
 *   { '@context': 'https://schema.org', '@type': 'Organization', '@id': '#org', name: 'Acme' },
 * ]);
 * // site.issues: [] (the reference resolves in the page)
 */
export function validatePage(
  documents: ReadonlyArray<string | object>,
  options?: ValidateOptions,
): ValidationResult[] {
  if (!Array.isArray(documents))
    throw new TypeError(
      `validatePage: documents must be an array of the page's JSON-LD documents (texts or objects); got ${typeof documents === 'string' ? 'a string' : typeof documents}. For one document, call validateJsonLd.`,
    );
  const issues: ValidationIssue[][] = documents.map(() => []);
  const together: number[] = [];
  const values: unknown[] = [];
  documents.forEach((document, index) => {
    const parsed =
      typeof document === 'string'
        ? parseJson(document)
        : { ok: true as const, value: asJsonValue(document, `validatePage: documents[${index}]`) };
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
      together.push(index);
      values.push(parsed.value);
    } else {
      // Not JSON, or a bare value: reported alone, with its own position.
      issues[index] = validateJsonLd(document, options).issues;
    }
  });
  if (together.length > 0) {
    for (const { document, ...issue } of validateDocumentsTogether(values, options).issues) {
      issues[together[document ?? 0]!]!.push(issue);
    }
  }
  return issues.map((list) => ({ valid: !list.some((issue) => issue.severity === 'error'), issues: list }));
}
