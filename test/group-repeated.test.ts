import { expect, test } from 'vitest';
import { groupRepeated } from '../src/group-repeated.ts';

test('groups by key in order of first appearance, each with the distinct places it stands in', () => {
  const pageA = { file: 'a.html' };
  const pageB = { file: 'b.html' };
  const findings = [
    { message: 'no image', page: pageA },
    { message: 'bad date', page: pageA },
    { message: 'no image', page: pageA }, // a second script of the same page: one place
    { message: 'no image', page: pageB },
  ];
  const groups = groupRepeated(
    findings,
    (finding) => finding.message,
    (finding) => finding.page,
  );
  expect(groups.map(({ members, places }) => [members[0]!.message, members.length, places])).toEqual([
    ['no image', 3, [pageA, pageB]],
    ['bad date', 1, [pageA]],
  ]);
  // Places are compared by identity: two equal-looking objects are two places (a pull file's documents).
  const documents = groupRepeated(
    [{ where: { file: 'x.json' } }, { where: { file: 'x.json' } }],
    () => 'same',
    (item) => item.where,
  );
  expect(documents[0]!.places).toHaveLength(2);
});
