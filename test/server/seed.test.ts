// createServer({ seed }) checks the seed with the same schema as `serve --seed`, `pull` and `push`.
import { expect, test } from 'vitest';
import { SeedFileError } from '../../src/seed-file.ts';
import { createServer } from '../../src/server/index.ts';

function refusal(seed: unknown): SeedFileError {
  try {
    createServer({ seed: seed as never }).close();
  } catch (error) {
    if (error instanceof SeedFileError) return error;
    throw error;
  }
  throw new Error('the seed was accepted');
}

test('a seed of the wrong shape is refused by entry, not with a TypeError', () => {
  expect(refusal({ schemas: {} }).problems).toEqual([expect.stringMatching(/^schemas: /)]);
  expect(refusal({ social: [{ url: 'https://example.com/', og: { titel: 'x' } }] }).problems).toEqual([
    'social[0].og: unknown field "titel" (did you mean "title"?)',
  ]);
  // The nearest field, where one is near; none where none is.
  expect(refusal({ schema: [] }).problems).toEqual([
    '(file): unknown field "schema" (did you mean "schemas"?)',
  ]);
  expect(refusal({ meta: [{ url: 'https://example.com/', robotz: 'x' }] }).problems).toEqual([
    'meta[0]: unknown field "robotz" (did you mean "robots"?)',
  ]);
  expect(refusal({ schemas: [], extra: [] }).problems).toEqual(['(file): unknown field "extra"']);
});

test('a document that cannot be read is named once, not again as the names it would have given', () => {
  expect(
    refusal({ schemas: [{ url: 'https://example.com/', schema_data: { '@type': 'Thing' } }] }).problems,
  ).toEqual(['schemas[0].schema_data: must have "@context" (https://schema.org)']);
  // A name given and wrong is still named.
  expect(
    refusal({ schemas: [{ url: 'https://example.com/', schema_type: 'NotAType', schema_data: '{"@type":' }] })
      .problems,
  ).toEqual([
    expect.stringMatching(/^schemas\[0\]\.schema_data: must be valid JSON/),
    'schemas[0].schema_type: "NotAType" is not a Schema.org type',
  ]);
});

test('an entry the API would refuse names its index and field', () => {
  const error = refusal({ schemas: [{ url: 'https://elsewhere.test/', schema_data: { '@type': 'Thing' } }] });
  expect(error.problems[0]).toMatch(/^schemas\[0\]\.\w+: /);
});

test('two tag entries for one page in other letter case are refused, as the store would keep one', () => {
  expect(
    refusal({
      meta: [
        { url: 'https://example.com/a/', title: 'A' },
        { url: 'https://EXAMPLE.com/a/', title: 'B' },
      ],
    }).problems,
  ).toEqual([
    "meta[1].url: https://EXAMPLE.com/a/ is meta[0]'s page (https://example.com/a/) in other letter case; keep one entry per page",
  ]);
});

test('meta and social entries on another host are refused as the API refuses their writes', () => {
  // Loaded, they were data for a host the server says it does not serve: a page's meta never matched.
  expect(
    refusal({
      schemas: [{ url: 'https://www.example.com/', schema_data: { '@type': 'Thing' } }],
      meta: [
        { url: 'https://www.example.com/', title: 'Home' },
        { url: 'https://example.com/fine/', title: 'Fine' },
      ],
      social: [{ url: 'https://www.example.com/a/', og: { title: 'A' } }],
    }).problems,
  ).toEqual([
    expect.stringMatching(
      /^schemas\[0\]\.url: must be on the site's host \(example\.com\), not www\.example\.com$/,
    ),
    expect.stringMatching(/^schemas\[0\]\.schema_data: /),
    "meta[0].url: must be on the site's host (example.com), not www.example.com",
    "social[0].url: must be on the site's host (example.com), not www.example.com",
  ]);
});
