// The public shapes of the validator: what it is asked and what it answers.

export type Severity = 'error' | 'warning' | 'info';

export interface ValidateOptions {
  /** Rule sets to apply; 'schema.org' always applies, 'google' adds Google's rich-result rules. */
  rules?: Array<'schema.org' | 'google'>;
  /** Severity per issue code, or 'off' to drop that code. */
  severity?: Record<string, Severity | 'off'>;
  /** How to report a `@context` that is not Schema.org's. Default 'warning'. */
  unknownContext?: 'error' | 'warning' | 'ignore';
}

export interface ValidationIssue {
  severity: Severity;
  code: string;
  /** A JSON path into the document: `$["@graph"][1].author.name`. */
  path: string;
  /**
   * The node the issue is in, named for people where the path leaves them counting: its type and `@id`
   * (`Article https://a.dev/post/#article`), or its type and the nearest node above it with an `@id`
   * (`Person in Article https://a.dev/post/#article`). Absent for a lone node without an `@id`.
   */
  node?: string;
  message: string;
  /** 'schema.org', or 'google:<RichResult>' for Google's rules. */
  rule: string;
  /** From `validatePage`: the index of the page's document the issue is in (`path` is inside it). */
  document?: number;
  /**
   * On Google's `google-missing-required` and `-recommended` findings that say no more than that a property is
   * absent from the node: which one, so that a report can say a node's absent fields in one line
   * (`foldMissingFields`).
   */
  missingField?: MissingField;
  /** On `too-many-findings`: the findings it stands for, by severity (a summary counts them, not it). */
  omitted?: Record<Severity, number>;
  /** 1-based position in the input text, for `json-parse-error` only. */
  line?: number;
  column?: number;
}

/** A field a rich result wants, absent from the node: `path` ends in `property`. */
export interface MissingField {
  /** The node's key that is absent: `brand`. */
  property: string;
  /** The field as Google names it, or its alternatives: `["brand.name"]`, `["gtin", "gtin8", …]`. */
  names: string[];
}

export interface ValidationResult {
  /** No issue of severity 'error'. */
  valid: boolean;
  issues: ValidationIssue[];
}
