import { expect, test } from 'vitest';
import { type CheckedDocument, formatReport } from '../../src/validate/format-report.ts';
import { validateJsonLd } from '../../src/validate/index.ts';
import type { ValidationIssue } from '../../src/validate/types.ts';

const badDate: ValidationIssue = {
  severity: 'error',
  code: 'invalid-value',
  path: '$.datePublished',
  message: '"datePublished" expects an ISO 8601 date (2024-05-31); found "yesterday".',
  rule: 'schema.org',
};
const other: ValidationIssue = { ...badDate, path: '$.dateModified', message: 'another problem' };

const documentWith = (index: number, issues: ValidationIssue[], label?: string): CheckedDocument => ({
  index,
  ...(label && { label }),
  line: 1,
  column: 1,
  valid: issues.length === 0,
  issues: issues.map((issue) => ({ ...issue })),
});
const pretty = { failOn: 'error' as const, color: false, unit: ['source', 'sources'] as const };

test("a finding in many documents of one file (a pull file's records) is one line naming them", () => {
  const documents = [1, 2, 3, 4].map((id) => documentWith(id - 1, [badDate], `#${id} Article`));
  documents.push(documentWith(4, [other], '#5 Article'));
  const text = formatReport([{ file: 'schemas.json', unit: 'document', documents }], 'pretty', pretty);
  expect(text.split('\n')).toEqual([
    'schemas.json',
    `  error   $.dateModified  another problem  invalid-value (schema.org) #5 Article`,
    '',
    'Across documents',
    `  error   $.datePublished  ${badDate.message}  invalid-value (schema.org) in 4 documents of schemas.json: #1 Article, #2 Article, #3 Article and 1 more`,
    '',
    '1 source, 5 JSON-LD documents: 5 errors, 0 warnings, 0 info.',
    '',
  ]);
  const github = formatReport([{ file: 'schemas.json', unit: 'document', documents }], 'github', pretty);
  expect(github.split('\n').filter((line) => line.includes('yesterday'))).toEqual([
    expect.stringContaining(
      '[schema.org, in 4 documents of schemas.json: #1 Article, #2 Article, #3 Article and 1 more]',
    ),
  ]);
});

test('documents of several files are named with their file; two alike are not yet a group', () => {
  const file = (name: string, count: number) => ({
    file: name,
    unit: 'document' as const,
    documents: Array.from({ length: count }, (_, index) => documentWith(index, [badDate])),
  });
  const grouped = formatReport([file('a.json', 1), file('b.json', 2)], 'pretty', pretty);
  expect(grouped).toContain('in 3 documents: a.json document 1, b.json document 1, b.json document 2');
  const apart = formatReport([file('a.json', 2)], 'pretty', pretty);
  expect(apart).not.toContain('Across');
  expect(apart.match(/found "yesterday"/g)).toHaveLength(2);
});

test("a page's scripts are one place: the same finding in two scripts of one page and one of another is no group", () => {
  const page = (name: string, scripts: number) => ({
    file: name,
    documents: Array.from({ length: scripts }, (_, index) => documentWith(index, [badDate])),
  });
  const text = formatReport([page('a.html', 2), page('b.html', 1)], 'pretty', { ...pretty, unit: undefined });
  expect(text).not.toContain('Across');
  const three = formatReport([page('a.html', 2), page('b.html', 1), page('c.html', 1)], 'pretty', pretty);
  expect(three).toContain('Across pages');
  expect(three).toContain('on 3 sources: a.html, b.html, c.html');
});

test("a node's absent fields are one line of the report and one annotation; JSON and the counts keep each field", () => {
  const event = { '@context': 'https://schema.org', '@type': 'Event', name: 'Launch' };
  const { issues } = validateJsonLd(event, { rules: ['schema.org', 'google'] });
  const files = [{ file: 'events.html', documents: [documentWith(0, issues)] }];
  const text = formatReport(files, 'pretty', pretty);
  expect(text.split('\n').filter((line) => line.includes('google-missing'))).toEqual([
    expect.stringMatching(
      /^ {2}error {3}\$ {2}Google's Event rich result requires "startDate" and "location"\. See https:\S+ {2}google-missing-required \(google:event\) 1:1 script 1$/,
    ),
    expect.stringMatching(
      /^ {2}warning \$ {2}Google's Event rich result recommends "description", .*, and "performer"\./,
    ),
  ]);
  // The summary counts fields, as JSON and JUnit list them.
  expect(text).toContain(': 2 errors, 7 warnings, 0 info.');
  const github = formatReport(files, 'github', pretty).split('\n');
  expect(github.filter((line) => line.startsWith('::'))).toHaveLength(2);
  const json = JSON.parse(formatReport(files, 'json', pretty));
  expect(json.files[0].documents[0].issues).toHaveLength(9);
  expect(json.summary).toMatchObject({ errors: 2, warnings: 7 });
});

test('JUnit XML leaves out the characters XML 1.0 does not allow, so the report parses', () => {
  const issue = { ...badDate, message: `found "a\u0001b\ufffec\uffffd"` };
  const xml = formatReport(
    [{ file: 'https://a.dev/\uffff', unit: 'document', documents: [documentWith(0, [issue])] }],
    'junit',
    pretty,
  );
  expect(xml).not.toMatch(/[\u0001\ufffe\uffff]/);
  expect(xml).toContain('found &#34;abcd&#34;');
});
