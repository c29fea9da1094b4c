import { expect, test } from 'vitest';
import { validateJsonLd } from '../../src/validate/index.ts';

const google = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };

test('a missing property is one finding, not one per nested entry that needs it', () => {
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'Article', headline: 'x' },
    google,
  );
  const author = issues.filter((issue) => issue.path === '$.author');
  expect(author).toHaveLength(1);
  expect(author[0]?.message).toContain('"author"');
});

test('two rich results needing the same property report it once', () => {
  const { issues } = validateJsonLd(
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      offers: { '@type': 'Offer', price: 5, priceCurrency: 'USD' },
    },
    google,
  );
  expect(
    issues.filter((issue) => issue.code === 'google-missing-required' && issue.path === '$.name'),
  ).toHaveLength(1);
  expect(issues.some((issue) => issue.code === 'google-missing-required' && issue.path === '$.image')).toBe(
    true,
  );
});

test("a LocalBusiness is held to Google's LocalBusiness guidelines, not the Organization ones", () => {
  const store = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: 'Shop',
    address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Town' },
  };
  const rules = validateJsonLd(store, google).issues.map((issue) => issue.rule);
  expect(rules).toContain('google:local-business');
  expect(rules).not.toContain('google:organization');
});

test('a required property written but empty is said to be empty', () => {
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
    google,
  );
  expect(issues.map((issue) => `${issue.code} ${issue.path} ${issue.message.split(' See ')[0]}`)).toEqual([
    `google-missing-required $.itemListElement Google's Breadcrumb rich result requires "itemListElement", given here empty.`,
  ]);
});
