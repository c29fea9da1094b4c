// The build log lists each distinct finding once: the same problem on many pages (a theme's missing og:image)
// is one line naming how many, so it cannot push the other findings past the listing's end.
import { expect, test } from 'vitest';
import type { AuditFinding } from '../../src/audit/index.ts';
import type { Finding } from '../../src/integration/plan-page.ts';
import { listAuditFindings, listFindings } from '../../src/integration/report.ts';

const site = 'https://www.example.com';

test('an audit finding repeated on 77 pages is one line, and the one after it is still listed', () => {
  const image = (n: number): AuditFinding => ({
    severity: 'error',
    code: 'image-not-built',
    page: `${site}/docs/${n}/`,
    pages: [`${site}/docs/${n}/`],
    path: 'og:image',
    message: `og:image ${site}/social.webp is on this site but social.webp is not in the build output.`,
  });
  const product: AuditFinding = {
    severity: 'error',
    code: 'google-missing-one-of',
    page: `${site}/products/anvil/`,
    pages: [`${site}/products/anvil/`],
    path: '$',
    message: `Google's Product snippet rich result requires one of "review", "aggregateRating", "offers".`,
  };
  const findings = [...Array.from({ length: 77 }, (_, n) => image(n)), product];
  expect(listAuditFindings(findings, 20).split('\n')).toEqual([
    `  - ${site}/docs/0/ (and 76 other pages) og:image: [image-not-built] og:image ${site}/social.webp is on this site but social.webp is not in the build output.`,
    `  - ${site}/products/anvil/ $: [google-missing-one-of] Google's Product snippet rich result requires one of "review", "aggregateRating", "offers".`,
  ]);
  // Past the limit, the rest is counted in findings, not lines.
  expect(listAuditFindings(findings, 1).split('\n')).toEqual([
    expect.stringContaining('(and 76 other pages)'),
    '  … and 1 more (see the report option for all).',
  ]);
});

test('a schema finding is grouped only with the same record, path and message', () => {
  const finding = (page: string, schema: string, message: string): Finding => ({
    severity: 'error',
    code: 'invalid-value',
    page: `${site}${page}`,
    schema,
    path: '$.datePublished',
    message,
  });
  const lines = listFindings([
    finding('/a/', '#1 Article', 'bad date'),
    finding('/b/', '#1 Article', 'bad date'),
    finding('/c/', '#2 Article', 'bad date'),
    finding('/d/', '#1 Article', 'another'),
  ]).split('\n');
  expect(lines).toEqual([
    `  - ${site}/a/ (and 1 other page) #1 Article at $.datePublished: [invalid-value] bad date`,
    `  - ${site}/c/ #2 Article at $.datePublished: [invalid-value] bad date`,
    `  - ${site}/d/ #1 Article at $.datePublished: [invalid-value] another`,
  ]);
});
