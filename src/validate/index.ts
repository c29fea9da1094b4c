// astro-schema-manager/validate: JSON-LD against the Schema.org vocabulary and Google's rich-result rules.
export { extractJsonLd, type JsonLdScript } from '../head/extract-json-ld.ts';
export { foldMissingFields } from './google/missing-fields.ts';
export { RICH_RESULT_RULES, type RichResultRule } from './google/rich-result-rules.ts';
export { ISSUE_CODES, type IssueCode } from './report.ts';
export type {
  MissingField,
  Severity,
  ValidateOptions,
  ValidationIssue,
  ValidationResult,
} from './types.ts';
export { validateJsonLd } from './validate-json-ld.ts';
export { validatePage } from './validate-page.ts';
export { VOCABULARY } from './vocabulary/vocabulary.ts';
