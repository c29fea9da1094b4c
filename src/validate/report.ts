// Every issue code the validator emits, its default severity, and the collector that applies the caller's
// severity overrides as issues are found.
import { suggestName } from '../did-you-mean.ts';
import { figure, plural } from '../plural.ts';
import { formatPath } from './json-path.ts';
import { nodeLabel } from './node-label.ts';
import type { Severity, ValidateOptions, ValidationIssue, ValidationResult } from './types.ts';

/** Issue codes and their default severities. */
export const ISSUE_CODES = {
  'json-parse-error': 'error',
  'invalid-json-ld': 'error',
  'empty-json-ld': 'warning',
  'missing-context': 'error',
  'unknown-context': 'warning',
  'missing-type': 'error',
  'unknown-type': 'error',
  'unknown-property': 'error',
  'invalid-value': 'error',
  'unknown-enumeration-member': 'error',
  'text-expected': 'warning',
  'unexpected-value-type': 'warning',
  'property-not-in-domain': 'warning',
  'superseded-term': 'warning',
  'unresolved-id': 'warning',
  'pending-term': 'info',
  'term-of-other-context': 'info',
  'too-deep': 'error',
  'unsafe-url': 'error',
  'url-without-scheme': 'warning',
  'date-precision': 'info',
  'unfilled-placeholder': 'warning',
  'html-escaped-text': 'warning',
  'google-missing-required': 'error',
  'google-missing-one-of': 'error',
  'google-missing-recommended': 'warning',
  'google-invalid-value': 'error',
  'google-deprecated-rich-result': 'info',
  // Its severity is the worst of the findings it stands for.
  'too-many-findings': 'info',
} as const satisfies Record<string, Severity>;

/**
 * Findings listed for one document (or one page's documents) at most: a @graph of 300,000 nodes, each missing
 * the same property, drew millions, and the report of them was longer than a string may be. Past this many
 * they are counted, by severity, in one `too-many-findings` finding.
 */
export const MAX_FINDINGS = 1000;

const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'info'];

export type IssueCode = keyof typeof ISSUE_CODES;

const DEFAULT_OVERRIDES: Record<string, Severity | 'off'> = {};

const OPTION_NAMES = ['rules', 'severity', 'unknownContext'];
const SEVERITIES = new Set(['error', 'warning', 'info', 'off']);

/**
 * Refuses what would otherwise be ignored without a word: an unknown option, a rule set, severity or
 * `unknownContext` that is not one, and a code spelled with underscores (`invalid_value` for `invalid-value`).
 * Other codes pass: the integration's `severity` names the site audit's codes too.
 */
function checkOptions(options: ValidateOptions): void {
  for (const key of Object.keys(options)) {
    if (OPTION_NAMES.includes(key)) continue;
    const near = suggestName(key, OPTION_NAMES);
    throw new TypeError(
      `validate options: "${key}" is not an option${near ? `; did you mean "${near}"?` : '.'}`,
    );
  }
  if (options.rules !== undefined && !Array.isArray(options.rules))
    throw new TypeError(
      `validate options: rules must be an array (rules: ["google"]); got ${JSON.stringify(options.rules) ?? typeof options.rules}.`,
    );
  for (const rule of options.rules ?? []) {
    if (rule !== 'schema.org' && rule !== 'google')
      throw new TypeError(
        `validate options: rules holds "${rule}"; the rule sets are "schema.org" and "google".`,
      );
  }
  const context = options.unknownContext;
  if (context !== undefined && context !== 'error' && context !== 'warning' && context !== 'ignore')
    throw new TypeError(
      `validate options: unknownContext must be "error", "warning" or "ignore"; got "${context}".`,
    );
  for (const [code, severity] of Object.entries(options.severity ?? {})) {
    if (!SEVERITIES.has(severity))
      throw new TypeError(
        `validate options: severity of "${code}" must be "error", "warning", "info" or "off"; got "${severity}".`,
      );
    const hyphened = code.replace(/_/g, '-');
    if (hyphened !== code && hyphened in ISSUE_CODES)
      throw new TypeError(`validate options: severity names "${code}"; the code is "${hyphened}".`);
  }
}

/** Collects issues with the severities the caller asked for; `path` is the walker's live path stack. */
export class Reporter {
  readonly issues: ValidationIssue[] = [];
  // Each issue's code and place, for `has`: a document of many nodes asks it once a node.
  private readonly reported = new Set<string>();
  readonly path: Array<string | number> = [];
  /** What is walked, so an issue can name the node it is in: a document, or a page's documents. */
  root: unknown;
  /** The node defining an `@id` in what is walked, for naming a reference by its type. */
  definitionOf?: (id: string) => Record<string, unknown> | undefined;
  private readonly overrides: Record<string, Severity | 'off'>;
  /** Findings past MAX_FINDINGS, by severity. */
  private readonly omitted: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  private summarised = false;

  /** The walk's first path segment is a page's document index: issues carry it as `document`. */
  private readonly page: boolean;

  constructor(options: ValidateOptions | undefined, page = false) {
    if (options) checkOptions(options);
    this.page = page;
    const unknownContext = options?.unknownContext ?? 'warning';
    this.overrides =
      options?.severity === undefined && unknownContext === 'warning'
        ? DEFAULT_OVERRIDES
        : { 'unknown-context': unknownContext === 'ignore' ? 'off' : unknownContext, ...options?.severity };
  }

  add(
    code: IssueCode,
    message: string,
    rule = 'schema.org',
    at: string | ReadonlyArray<string | number> = this.path,
    extra?: Pick<ValidationIssue, 'missingField'>,
  ): void {
    const severity = this.overrides[code] ?? ISSUE_CODES[code];
    if (severity === 'off') return;
    if (this.issues.length >= MAX_FINDINGS) {
      // Counted once a place, as when listed; no message or node is made for them.
      const paged = this.page && typeof at !== 'string' && typeof at[0] === 'number';
      const document = paged ? (at[0] as number) : undefined;
      const path = typeof at === 'string' ? at : formatPath(paged ? at.slice(1) : at);
      const key = placeKey(code, path, document);
      if (!this.reported.has(key)) {
        this.reported.add(key);
        this.omitted[severity]++;
      }
      return;
    }
    if (this.page && typeof at !== 'string' && typeof at[0] === 'number') {
      const [document, ...inside] = at;
      const path = formatPath(inside);
      const node = nodeLabel((this.root as unknown[] | undefined)?.[document], inside, this.definitionOf);
      this.issues.push({ severity, code, path, message, rule, document, ...(node && { node }), ...extra });
      this.reported.add(placeKey(code, path, document));
      return;
    }
    const path = typeof at === 'string' ? at : formatPath(at);
    const node = typeof at === 'string' ? undefined : nodeLabel(this.root, at, this.definitionOf);
    this.issues.push({ severity, code, path, message, rule, ...(node && { node }), ...extra });
    this.reported.add(placeKey(code, path, undefined));
  }

  /** Whether an issue with this code is already reported at this place. */
  has(code: IssueCode, at: ReadonlyArray<string | number>): boolean {
    const paged = this.page && typeof at[0] === 'number';
    const document = paged ? (at[0] as number) : undefined;
    return this.reported.has(placeKey(code, formatPath(paged ? at.slice(1) : at), document));
  }

  /** Runs `body` with `segment` pushed on the path. */
  at<T>(segment: string | number, body: () => T): T {
    this.path.push(segment);
    try {
      return body();
    } finally {
      this.path.pop();
    }
  }

  result(): ValidationResult {
    const omitted = SEVERITY_ORDER.filter((severity) => this.omitted[severity] > 0);
    if (omitted.length > 0 && !this.summarised) {
      this.summarised = true;
      const total = omitted.reduce((sum, severity) => sum + this.omitted[severity], 0);
      const counts = omitted.map((severity) => plural(this.omitted[severity], severity, `${severity}s`));
      this.issues.push({
        severity: omitted[0]!,
        code: 'too-many-findings',
        path: '$',
        message: `${plural(total, 'more finding', 'more findings')} (${counts.join(', ')}) are not listed: only the first ${figure(MAX_FINDINGS)} are. Fix those first; so many usually come from one mistake repeated in many nodes.`,
        rule: 'schema.org',
        omitted: { ...this.omitted },
      });
    }
    return { valid: !this.issues.some((issue) => issue.severity === 'error'), issues: this.issues };
  }
}

/** An issue's code and place as one key. */
function placeKey(code: IssueCode, path: string, document: number | undefined): string {
  return `${code} ${document ?? ''} ${path}`;
}
