// The server's one door to the project's validator: type lookups and document checks go through here.
import { validateJsonLd } from '../validate/index.ts';

export interface RemoteIssue {
  path: string;
  code: string;
  message: string;
}

export interface RemoteValidation {
  valid: boolean;
  errors: RemoteIssue[];
  warnings: RemoteIssue[];
}

const knownTypes = new Map<string, boolean>();

/**
 * Whether `name` is a Schema.org type, as the validator's vocabulary says (asked once per name).
 *
 * @example isSchemaOrgType('Article') // true; isSchemaOrgType('article') // false
 */
export function isSchemaOrgType(name: string): boolean {
  let known = knownTypes.get(name);
  if (known === undefined) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) known = false;
    else {
      const { issues } = validateJsonLd({ '@context': 'https://schema.org', '@type': name });
      known = !issues.some((issue) => issue.code === 'unknown-type');
    }
    // Names come from requests: keep the memory bounded.
    if (knownTypes.size >= 10_000) knownTypes.clear();
    knownTypes.set(name, known);
  }
  return known;
}

/**
 * Validates one JSON-LD document (text or parsed) against Schema.org; text that is not JSON is invalid, never
 * thrown. The validator's errors and warnings are kept; its info notes are left out of the API's answer.
 */
export function validateDocument(input: string | object): RemoteValidation {
  const { valid, issues } = validateJsonLd(input);
  const pick = (severity: 'error' | 'warning') =>
    issues
      .filter((issue) => issue.severity === severity)
      .map(({ path, code, message }) => ({ path, code, message }));
  return { valid, errors: pick('error'), warnings: pick('warning') };
}
