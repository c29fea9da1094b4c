import { applyPatch } from 'diff';
import { expect, test } from 'vitest';
import { diffFileSets } from '../../src/cli/file-diff.ts';

test('lists changed, added and removed files by path, each as a unified diff from disk to the API', () => {
  const onDisk = new Map([
    ['b.json', '{\n  "title": "Old"\n}\n'],
    ['gone.json', '{}\n'],
    ['same.json', '1\n'],
  ]);
  const wanted = new Map([
    ['a.json', '{}\n'],
    ['b.json', '{\n  "title": "New"\n}\n'],
    ['same.json', '1\n'],
  ]);
  const differences = diffFileSets(onDisk, wanted, 'seo/');
  expect(differences.map(({ path, status }) => [path, status])).toEqual([
    ['a.json', 'added'],
    ['b.json', 'changed'],
    ['gone.json', 'removed'],
  ]);
  expect(differences[0]!.patch).toBe('--- /dev/null\n+++ seo/a.json\n@@ -0,0 +1,1 @@\n+{}\n');
  expect(differences[1]!.patch).toBe(
    '--- seo/b.json\n+++ seo/b.json\n@@ -1,3 +1,3 @@\n {\n-  "title": "Old"\n+  "title": "New"\n }\n',
  );
  expect(differences[2]!.patch).toBe('--- seo/gone.json\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-{}\n');
  expect(diffFileSets(wanted, wanted)).toEqual([]);
});

test('a file changed in too many places for a line diff gets a patch that replaces it whole, which applies', () => {
  const lines = (count: number, word: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => `  "line ${index}": "${word(index)}",\n`).join('');
  const before = `{\n${lines(20_000, () => 'old')}}\n`;
  const after = `{\n${lines(20_000, (index) => (index % 2 ? 'old' : 'new'))}}`;
  const [difference] = diffFileSets(new Map([['big.json', before]]), new Map([['big.json', after]]));
  const patch = difference!.patch;
  expect(patch.startsWith('--- big.json\n+++ big.json\n@@ -1,20002 +1,20002 @@\n-{\n')).toBe(true);
  expect(patch.endsWith('+}\n\\ No newline at end of file\n')).toBe(true);
  expect(applyPatch(before, patch)).toBe(after);

  // A few changes in the same file still get the minimal diff.
  const few = before.replace('"line 7": "old"', '"line 7": "new"');
  const [small] = diffFileSets(new Map([['big.json', before]]), new Map([['big.json', few]]));
  expect(small!.patch).toContain('@@ -6,7 +6,7 @@');
  expect(applyPatch(before, small!.patch)).toBe(few);
});
