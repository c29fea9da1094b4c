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

test('a schema finding in the same words on many pages is one line, naming how many pages and schemas', () => {
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
    `  - ${site}/a/ (and 2 other pages) #1 Article (and 1 other schema) at $.datePublished: [invalid-value] bad date`,
    `  - ${site}/d/ #1 Article at $.datePublished: [invalid-value] another`,
  ]);
  // One record on two pages (a page and its trailing-slash twin, or a cmsUrl mapping) names no other schema.
  expect(
    listFindings([finding('/a/', '#1 Article', 'bad date'), finding('/b/', '#1 Article', 'bad date')]),
  ).toBe(`  - ${site}/a/ (and 1 other page) #1 Article at $.datePublished: [invalid-value] bad date`);
});

test("the build log says a record's absent fields of a rich result in one line, and two records' apart", () => {
  const absent = (page: string, property: string): Finding => ({
    severity: 'warning',
    code: 'google-missing-recommended',
    page: `${site}${page}`,
    schema: '#4 Event "Launch"',
    path: `$.${property}`,
    message: `Google's Event rich result recommends "${property}". See https://developers.google.com/search/docs/appearance/structured-data/event`,
    rule: 'google:event',
    missingField: { property, names: [property] },
  });
  const lines = listFindings([
    absent('/a/', 'endDate'),
    absent('/a/', 'image'),
    absent('/b/', 'endDate'),
    absent('/c/', 'endDate'),
    absent('/c/', 'image'),
  ]).split('\n');
  expect(lines).toEqual([
    `  - ${site}/a/ (and 1 other page) #4 Event "Launch" at $: [google-missing-recommended] Google's Event rich result recommends "endDate" and "image". See https://developers.google.com/search/docs/appearance/structured-data/event`,
    `  - ${site}/b/ #4 Event "Launch" at $.endDate: [google-missing-recommended] Google's Event rich result recommends "endDate". See https://developers.google.com/search/docs/appearance/structured-data/event`,
  ]);
});
