// Files this package writes (built pages, pulls) are replaced whole: written beside the target, then
// renamed over it, so an interrupted run never leaves half a file. The two steps are also offered apart,
// so that a build can write every page's new version while it still fetches, and replace them all at the end.
// The calls are synchronous: a page is tens of KB going to the page cache, and fs/promises' hop through the
// thread pool cost about twice the CPU of the write itself (0.8 s against 0.36-0.59 s to read and write 1,000
// pages of 60 KB here), CPU that a build on two cores takes from Astro's rendering.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileProblemOf } from './file-problems.ts';

/** The suffix of a file written beside its target and not yet renamed over it. */
export const TEMPORARY_SUFFIX = '.tmp';
/** Random bytes in its name, between the target's name and the suffix (as hex). */
const NAME_BYTES = 6;

/**
 * Writes `content` beside `path` and returns where; `path` itself is untouched until `replaceWith`.
 *
 * @example const temporary = writeBeside('dist/index.html', html); replaceWith(temporary, 'dist/index.html');
 */
export function writeBeside(path: string, content: string | Uint8Array | Iterable<string>): string {
  const temporary = `${path}.${randomBytes(NAME_BYTES).toString('hex')}${TEMPORARY_SUFFIX}`;
  try {
    if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(temporary, content);
    else writeParts(temporary, content);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/**
 * Removes, at once, every file `writeBeside` may have left beside `path`: for a process that ends while a write
 * it cannot wait for (on another thread) is under way. Returns how many it removed.
 */
export function removeWrittenBesideSync(path: string): number {
  const name = basename(path);
  const random = new RegExp(`^[0-9a-f]{${NAME_BYTES * 2}}$`);
  let removed = 0;
  let entries: string[];
  try {
    entries = readdirSync(dirname(path));
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`) || !entry.endsWith(TEMPORARY_SUFFIX)) continue;
    if (!random.test(entry.slice(name.length + 1, -TEMPORARY_SUFFIX.length))) continue;
    rmSync(join(dirname(path), entry), { force: true });
    removed++;
  }
  return removed;
}

/** Renames a file from `writeBeside` over its target: readers see the old file or the new, never a part. */
export function replaceWith(temporary: string, path: string): void {
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes text given in parts (a report of 100,000 pages is longer than one string may be), one after another. */
function writeParts(path: string, parts: Iterable<string>): void {
  const fd = openSync(path, 'w');
  try {
    for (const part of parts) writeSync(fd, part);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `content` to `path` atomically on one file system, creating the folders it is in; text may come in
 * parts. A failure says, of `path` and not of the file beside it, why it could not be written.
 *
 * @example writeFileAtomically('reports/seo.json', text);
 */
export function writeFileAtomically(path: string, content: string | Iterable<string>): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    replaceWith(writeBeside(path, content), path);
  } catch (error) {
    // mkdir says EEXIST where a file stands in place of one of the folders.
    const problem = (error as NodeJS.ErrnoException).code === 'EEXIST' ? { code: 'ENOTDIR' } : error;
    throw new Error(`Cannot write ${path}: ${fileProblemOf(problem)}.`, { cause: error });
  }
}
