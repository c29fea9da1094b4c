// What `pull --check` reports: the files a pull would change, each as a unified diff (jsdiff) from what is on
// disk to what the API holds, as git would show the pull's commit. Pure: texts in, text out.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

export interface FileDifference {
  /** Relative to the directory, or the file's own path. */
  path: string;
  /** added: the API has a page the disk lacks; removed: the disk has a page the API no longer has. */
  status: 'changed' | 'added' | 'removed';
  /** Unified diff, disk (`-`) to API (`+`). */
  patch: string;
}

/**
 * The files that differ between `onDisk` and `wanted` (path -> text), sorted by path; `prefix` (`seo/`) is put
 * before each path in the diff headers.
 *
 * @example diffFileSets(new Map([['a.json', '1\n']]), new Map([['a.json', '2\n']]), 'seo/')[0].patch // '--- seo/a.json …'
 */
export function diffFileSets(
  onDisk: ReadonlyMap<string, string>,
  wanted: ReadonlyMap<string, string>,
  prefix = '',
): FileDifference[] {
  const paths = [...new Set([...onDisk.keys(), ...wanted.keys()])].sort();
  const differences: FileDifference[] = [];
  for (const path of paths) {
    const before = onDisk.get(path);
    const after = wanted.get(path);
    if (before === after) continue;
    const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const patch = createTwoFilesPatch(
      before === undefined ? '/dev/null' : `${prefix}${path}`,
      after === undefined ? '/dev/null' : `${prefix}${path}`,
      before ?? '',
      after ?? '',
      undefined,
      undefined,
      { context: 3, headerOptions: FILE_HEADERS_ONLY },
    );
    differences.push({ path, status, patch });
  }
  return differences;
}
