// One validation: parse when given text, walk the document against the vocabulary, then the rule tables.

import { resolveId } from './check-value.ts';
import { checkRichResults, hasRichResultRules } from './google/check-rich-results.ts';
import { asJsonValue } from './json-value.ts';
import { parseJson } from './parse-json.ts';
import { Reporter } from './report.ts';
import type { ValidateOptions, ValidationResult } from './types.ts';
import { loadVocabulary } from './vocabulary/vocabulary.ts';
import { type Walk, walkDocument, walkPage } from './walk.ts';
import { MAX_SEARCHES } from './walk-state.ts';

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
    const parsed = parseJson(input, true);
    if (!parsed.ok) {
      report.add('json-parse-error', `${parsed.message} at line ${parsed.line}, column ${parsed.column}.`);
      const issue = report.issues.at(-1);
      if (issue?.code === 'json-parse-error')
        Object.assign(issue, { line: parsed.line, column: parsed.column });
      return report.result();
    }
    root = parsed.value;
  } else root = asJsonValue(input, 'validateJsonLd');
  // No depth bound here: the walk stops at its own limit with a `too-deep` finding at the path.
  return runWalk(report, root, options, false);
}

/**
 * Validates the parsed documents of one page together, so an `@id` one makes to another resolves; each
 * issue carries the index of its document and a path inside it. `validatePage` is the public door.
 */
export function validateDocumentsTogether(documents: unknown[], options?: ValidateOptions): ValidationResult {
  return runWalk(new Reporter(options, true), documents, options, true);
}

function runWalk(report: Reporter, root: unknown, options: ValidateOptions | undefined, page: boolean) {
  const google = options?.rules?.includes('google') ?? false;
  report.root = root;
  const walk: Walk = {
    vocab: loadVocabulary(),
    report,
    root,
    typed: google ? [] : null,
    ruled: google ? hasRichResultRules : null,
    ids: null,
    parts: null,
    partPaths: google ? new Map() : null,
    references: google ? new Map() : null,
    owner: null,
    ownerIds: [],
    depthBase: page ? 1 : 0,
    tooDeep: false,
    searchesLeft: MAX_SEARCHES,
  };
  report.definitionOf = (id) => resolveId(walk, id);
  if (page) walkPage(walk, root as unknown[]);
  else walkDocument(walk);
  if (walk.typed) checkRichResults(walk, walk.typed);
  return report.result();
}
