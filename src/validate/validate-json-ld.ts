// One validation: parse when given text, walk the document against the vocabulary, then the rule tables.

import { MAX_JSON_DEPTH, valueNestsDeeper } from '../parse-json-safely.ts';
import { checkRichResults } from './google/check-rich-results.ts';
import { parseJson } from './parse-json.ts';
import { Reporter } from './report.ts';
import type { ValidateOptions, ValidationResult } from './types.ts';
import { loadVocabulary } from './vocabulary/vocabulary.ts';
import { type Walk, walkDocument } from './walk.ts';

/**
 * Validates a JSON-LD document (text, object, or array of documents) against the Schema.org vocabulary and,
 * on request, Google's rich-result rules.
 * @example
 * const { valid, issues } = validateJsonLd('{"@context":"https://schema.org","@type":"Article","datePublished":5}');
 * // valid === false; issues[0] = { severity: 'error', code: 'invalid-value', path: '$.datePublished', ... }
 */
export function validateJsonLd(
  input: string | object | object[],
  options?: ValidateOptions,
): ValidationResult {
  const report = new Reporter(options);
  let root: unknown = input;
  if (typeof input === 'string') {
    const parsed = parseJson(input);
    if (!parsed.ok) {
      report.add('json-parse-error', `${parsed.message} at line ${parsed.line}, column ${parsed.column}.`);
      const issue = report.issues.at(-1);
      if (issue?.code === 'json-parse-error')
        Object.assign(issue, { line: parsed.line, column: parsed.column });
      return report.result();
    }
    root = parsed.value;
  } else if (valueNestsDeeper(input, MAX_JSON_DEPTH)) {
    // The walk below recurses: a value built in memory is held to the bound text is.
    report.add('json-parse-error', `The document nests deeper than ${MAX_JSON_DEPTH} levels.`);
    return report.result();
  }
  const google = options?.rules?.includes('google') ?? false;
  const walk: Walk = { vocab: loadVocabulary(), report, root, typed: google ? [] : null, ids: null };
  walkDocument(walk);
  if (walk.typed) checkRichResults(walk, walk.typed);
  return report.result();
}
