import { expect, it } from 'vitest';
import { describeSchema } from '../src/describe-schema.ts';

it('names a record by id, type and name, leaving out a name that only repeats the type', () => {
  expect(describeSchema({ id: 12, schema_type: 'Article', schema_name: 'Hello post' })).toBe(
    '#12 Article "Hello post"',
  );
  // The API's default name is the type: `#4 BlogPosting "BlogPosting"` says nothing more than `#4 BlogPosting`.
  expect(describeSchema({ id: 4, schema_type: 'BlogPosting', schema_name: 'BlogPosting' })).toBe(
    '#4 BlogPosting',
  );
  expect(describeSchema({ id: 5, schema_type: 'BlogPosting', schema_name: 'blogposting' })).toBe(
    '#5 BlogPosting "blogposting"',
  );
  expect(describeSchema({ id: 6, schema_type: '', schema_name: '' })).toBe('#6 schema');
});
