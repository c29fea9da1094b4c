// The pull on disk: a directory of page files (`seo/`) or one file. Reads every page file there, writes only the
// files whose bytes changed (so git and editors see only real changes) and removes the files of pages the API
// no longer has.
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { mapConcurrently } from '../map-concurrently.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';

export interface Target {
  kind: 'directory' | 'file';
  path: string;
}

// Enough files in flight to hide disk latency, few enough to stay far below open-file limits.
const FILES_AT_ONCE = 16;

/**
 * A path ending in `/` or naming an existing directory is a directory of page files; anything else one file.
 *
 * @example targetOf('seo/') // { kind: 'directory', path: 'seo/' }
 */
export function targetOf(path: string): Target {
  if (path.endsWith('/') || path.endsWith(sep)) return { kind: 'directory', path };
  try {
    if (statSync(path).isDirectory()) return { kind: 'directory', path };
  } catch {
    // Not there yet: a file to create.
  }
  return { kind: 'file', path };
}

/**
 * Every `.json` file under `dir` (hidden folders and files skipped), by path relative to `dir` with `/`
 * separators. A directory that does not exist holds none.
 *
 * @example (await readPageFileTree('seo')).get('www.example.com/index.json')
 */
export async function readPageFileTree(dir: string): Promise<Map<string, string>> {
  let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .sort();
  const texts = await mapConcurrently(paths, FILES_AT_ONCE, (path) => readFile(join(dir, path), 'utf8'));
  return new Map(paths.map((path, index) => [path, texts[index]!]));
}

export interface TreeWrite {
  /** Files created or rewritten. */
  written: string[];
  unchanged: number;
  /** Page files removed: their pages are no longer in the pull. */
  removed: string[];
}

/**
 * Makes `dir` hold `files`: writes those whose bytes differ from what is there and, with `removeOthers`, removes
 * the other page files (and the folders that leaves empty). `onFile` is called once per file handled.
 *
 * @example await writePageFileTree('seo', toPageFiles(pull), { removeOthers: true })
 */
export async function writePageFileTree(
  dir: string,
  files: ReadonlyArray<{ path: string; text: string }>,
  options: { removeOthers: boolean; onFile?: () => void },
): Promise<TreeWrite> {
  const present = await readPageFileTree(dir);
  const changed = files.filter((file) => present.get(file.path) !== file.text);
  await mapConcurrently(changed, FILES_AT_ONCE, async (file) => {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    writeFileAtomically(target, file.text);
    options.onFile?.();
  });
  const kept = new Set(files.map((file) => file.path));
  const removed = options.removeOthers ? [...present.keys()].filter((path) => !kept.has(path)) : [];
  for (const path of removed) {
    await rm(join(dir, path));
    await removeEmptyFolders(dir, dirname(path));
  }
  return { written: changed.map((file) => file.path), unchanged: files.length - changed.length, removed };
}

/** Removes `folder` (relative to `dir`) and its parents while they are empty, never `dir` itself. */
async function removeEmptyFolders(dir: string, folder: string): Promise<void> {
  for (let current = folder; current !== '.' && current !== ''; current = dirname(current)) {
    try {
      await rmdir(join(dir, current));
    } catch {
      return; // Not empty (or gone): its parents are not empty either.
    }
  }
}
