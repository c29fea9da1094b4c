import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES, type IssueCode, validateJsonLd } from '../../src/validate/index.ts';

const fixtures = join(import.meta.dirname, '../fixtures/validate');
const validFiles = readdirSync(join(fixtures, 'valid')).filter((name) => name.endsWith('.json'));
const invalid = JSON.parse(readFileSync(join(fixtures, 'invalid.json'), 'utf8')) as Array<{
  name: string;
  document: object;
  expected: Array<{ code: string; path: string }>;
}>;

describe('valid corpus: documents in the shape of Google’s examples, every recommended property', () => {
  it('has a document for each rich-result type', () => {
    expect(validFiles.length).toBeGreaterThanOrEqual(15);
  });
  it.each(validFiles)('%s has no error and no warning, with the Google rules on', (name) => {
    const result = validateJsonLd(readFileSync(join(fixtures, 'valid', name), 'utf8'), { rules: ['google'] });
    expect(result.issues.filter((issue) => issue.severity !== 'info')).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('invalid corpus: each document with its expected codes and paths', () => {
  it.each(invalid.map((entry) => [entry.name, entry] as const))('%s', (_, entry) => {
    const result = validateJsonLd(entry.document);
    const found = result.issues.map((issue) => `${issue.code} ${issue.path}`).sort();
    expect(found).toEqual(entry.expected.map((issue) => `${issue.code} ${issue.path}`).sort());
    expect(result.valid).toBe(
      !entry.expected.some((issue) => ISSUE_CODES[issue.code as IssueCode] === 'error'),
    );
  });
});
