// What `pull --check` reports: the files a pull would change, each as a unified diff (jsdiff) from what is on
// disk to what the API holds, as git would show the pull's commit. Pure: texts in, text out.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

// A line diff (Myers) costs about (lines) x (edits): a single pull file of 100,000 records changed in many
// places would take minutes. Past this budget the patch replaces the whole file instead.
const DIFF_BUDGET = 100_000_000;
const MIN_EDITS = 100;

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
    const names = [
      before === undefined ? '/dev/null' : `${prefix}${path}`,
      after === undefined ? '/dev/null' : `${prefix}${path}`,
    ] as const;
    const lines = lineCount(before ?? '') + lineCount(after ?? '');
    const patch =
      createTwoFilesPatch(names[0], names[1], before ?? '', after ?? '', undefined, undefined, {
        context: 3,
        headerOptions: FILE_HEADERS_ONLY,
        maxEditLength: Math.max(MIN_EDITS, Math.floor(DIFF_BUDGET / Math.max(1, lines))),
      }) ?? wholeFilePatch(names[0], names[1], before ?? '', after ?? '');
    differences.push({ path, status, patch });
  }
  return differences;
}

function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.length > 0 && !text.endsWith('\n') ? count + 1 : count;
}

/** A patch that takes out every line and puts in the new ones: as valid to apply as a minimal one, found at once. */
function wholeFilePatch(oldName: string, newName: string, before: string, after: string): string {
  const side = (text: string, mark: '-' | '+') => {
    const lines = text.split('\n');
    if (text.endsWith('\n') || text === '') lines.pop();
    const ending = text === '' || text.endsWith('\n') ? '' : '\\ No newline at end of file\n';
    const range = `${lines.length === 0 ? 0 : 1},${lines.length}`;
    return { range, body: `${lines.map((line) => `${mark}${line}\n`).join('')}${ending}` };
  };
  const removed = side(before, '-');
  const added = side(after, '+');
  return `--- ${oldName}\n+++ ${newName}\n@@ -${removed.range} +${added.range} @@\n${removed.body}${added.body}`;
}
