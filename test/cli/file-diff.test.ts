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
