// The build's page planning meets what the validator finds, located by page and record: a document nested
// thousands of levels deep is a finding, not a crash of the build; a page's schemas are one graph.
import { expect, test } from 'vitest';
import type { SchemaRecord } from '../../src/client/index.ts';
import { mapToCmsUrl } from '../../src/integration/page-context.ts';
import { type PlanContext, planPage } from '../../src/integration/plan-page.ts';

const context: PlanContext = {
  cmsOrigin: 'https://cms.example.com',
  siteOrigin: 'https://www.example.com',
  rewriteUrls: true,
  keepPathPrefixes: ['/wp-content/'],
  graph: false,
  socialFallback: true,
  trailingSlash: 'ignore',
  validation: { rules: ['schema.org', 'google'] },
};
const page = { file: 'index.html', url: 'https://www.example.com/', pathname: '/' };
const record = (id: number, name: string, data: object) =>
  ({
    id,
    url: page.url,
    schema_type: 'Thing',
    schema_name: name,
    data,
    data_error: null,
  }) as unknown as SchemaRecord;

test('a schema nested 3,500 levels deep gets a too-deep finding naming page and record', () => {
  const depth = 3_500;
  const text = `{"@context":"https://schema.org",${'"@type":"CreativeWork","hasPart":{'.repeat(depth)}"name":"x"${'}'.repeat(depth + 1)}`;
  const plan = planPage(
    page,
    page.url,
    { schemas: [record(7, 'Deep', JSON.parse(text))], meta: null, social: null },
    context,
  );
  const deep = plan.findings.filter((finding) => finding.code === 'too-deep');
  expect(deep).toEqual([
    expect.objectContaining({ severity: 'error', page: page.url, schema: '#7 Thing "Deep"' }),
  ]);
  expect(deep[0]?.path).toMatch(/^\$(\.hasPart){256}$/);
});

test("a page's schemas are validated together: an @id one defines resolves in another", () => {
  const site = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'S',
    url: 'https://www.example.com/',
    publisher: { '@id': '#org' },
  };
  const org = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': '#org',
    name: 'O',
    url: 'https://www.example.com/',
    logo: 'https://www.example.com/l.png',
  };
  const plan = planPage(
    page,
    page.url,
    { schemas: [record(1, 'Site', site), record(2, 'Org', org)], meta: null, social: null },
    context,
  );
  expect(plan.findings).toEqual([]);
  const alone = planPage(
    page,
    page.url,
    { schemas: [record(1, 'Site', site)], meta: null, social: null },
    context,
  );
  expect(alone.findings).toEqual([
    expect.objectContaining({ code: 'unresolved-id', schema: '#1 Thing "Site"', path: '$.publisher' }),
  ]);
});

test('cmsUrl: a mapped URL is used; one that throws or is not an absolute URL is said with the page', () => {
  const url = 'https://www.example.com/a/';
  expect(mapToCmsUrl(url, undefined)).toBe(url);
  expect(mapToCmsUrl(url, (pageUrl) => pageUrl.replace('www.', 'cms.'))).toBe('https://cms.example.com/a/');
  expect(() =>
    mapToCmsUrl(url, () => {
      throw new Error('no such page');
    }),
  ).toThrow('cmsUrl("https://www.example.com/a/") threw: no such page');
  expect(() => mapToCmsUrl(url, () => '/a/')).toThrow(
    'cmsUrl("https://www.example.com/a/") returned "/a/", not an absolute http(s) URL.',
  );
});

test('a placeholder the meta cannot fill is one finding at its path; without validation, the head warns', () => {
  const schema = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: '{{meta_title}}',
    description: 'About us',
  };
  const meta = {
    url: page.url,
    title: null,
    description: 'About us',
    robots: null,
    canonical: null,
    keywords: null,
  };
  const data = { schemas: [record(3, 'About', schema)], meta, social: null };
  const placeholders = (plan: ReturnType<typeof planPage>) =>
    plan.findings
      .filter((finding) => finding.code === 'unfilled-placeholder')
      .map((finding) => `${finding.severity} ${finding.schema} ${finding.path}`);
  expect(placeholders(planPage(page, page.url, data, context))).toEqual(['warning #3 Thing "About" $.name']);
  expect(placeholders(planPage(page, page.url, data, { ...context, validation: null }))).toEqual([
    'warning #3 Thing "About" $',
  ]);
});
