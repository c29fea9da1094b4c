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
    'social[0].og: unknown field "titel"',
  ]);
  expect(refusal({ schemas: [], extra: [] }).problems).toEqual(['(file): unknown field "extra"']);
});

test('an entry the API would refuse names its index and field', () => {
  const error = refusal({ schemas: [{ url: 'https://elsewhere.test/', schema_data: { '@type': 'Thing' } }] });
  expect(error.problems[0]).toMatch(/^schemas\[0\]\.\w+: /);
});
