// The build's closing summary: counts, and the pass's time in a unit that never reads as a broken timer.
import { expect, test } from 'vitest';
import { type BuildResult, summaryLines } from '../../src/integration/report.ts';

const result = (durationMs: number, jsonLdReplaced = 0): BuildResult => ({
  pages: 12,
  pagesWithSchemas: 10,
  pagesChanged: 11,
  schemasByType: { BlogPosting: 3, Event: 1 },
  tagsWritten: 82,
  jsonLdReplaced,
  requests: 3,
  probeRequests: 3,
  strategy: 'index',
  fetchFailures: [],
  findings: [],
  audit: [],
  vocabulary: 'Schema.org 30.0',
  durationMs,
  pageResults: [],
  cmsUrlsWithoutPage: [],
});

test('says what was written, what was asked, and how long the pass took', () => {
  expect(summaryLines(result(1234))).toEqual([
    '12 pages: 11 rewritten, 10 with schemas, 82 tags written.',
    'Schemas: BlogPosting 3, Event 1.',
    "6 API requests (3 to probe the API, then the whole index in list requests), 0 fetch failures, 0 errors and 0 warnings in the CMS's data, 1.2 s.",
    'Validated against Schema.org 30.0.',
  ]);
});

test('a pass under a tenth of a second is given in milliseconds, not as 0.0 s', () => {
  expect(summaryLines(result(34.4)).join('\n')).toContain("0 warnings in the CMS's data, 34 ms.");
  expect(summaryLines(result(99.6)).join('\n')).toContain("0 warnings in the CMS's data, 100 ms.");
  expect(summaryLines(result(100)).join('\n')).toContain("0 warnings in the CMS's data, 0.1 s.");
});

test("counts the pages' own JSON-LD scripts the CMS's replaced, only when there are any", () => {
  expect(summaryLines(result(1234, 3))[0]).toBe(
    "12 pages: 11 rewritten, 10 with schemas, 82 tags written, 3 JSON-LD scripts of the pages' own replaced by the CMS's.",
  );
  expect(summaryLines(result(1234, 0))[0]).not.toContain('JSON-LD');
});

test("counts the findings past a page's cap that its too-many-findings note stands for, not the note as one", () => {
  const finding = (severity: 'error' | 'warning') => ({
    severity,
    code: 'invalid-value',
    page: 'https://www.example.com/',
    schema: null,
    path: '$',
    message: '…',
  });
  const findings = [
    finding('error'),
    finding('warning'),
    {
      ...finding('error'),
      code: 'too-many-findings',
      omitted: { error: 199_000, warning: 500, info: 3 },
    },
  ];
  expect(summaryLines({ ...result(1234), findings })[2]).toContain(
    "199,001 errors and 501 warnings in the CMS's data",
  );
});
