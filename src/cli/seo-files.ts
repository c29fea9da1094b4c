// The pull on disk: a directory of page files (`seo/`) or one file. Reads every page file there, writes only the
// files whose bytes changed (so git and editors see only real changes) and removes the files of pages the API
// no longer has.
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { mapConcurrently } from '../map-concurrently.ts';
import { type Selection, seedFileSchema } from '../seed-file.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { InputError } from './command.ts';
import { inputFileProblem } from './read-input.ts';
import { jsonProblem, type PageFileText, pageFileUrl } from './seo-directory.ts';

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
  let entries: Array<{ name: string; parentPath: string; isFile(): boolean; isSymbolicLink(): boolean }>;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  // A page file may be a symbolic link (to a file kept elsewhere): skipping it would have push --prune delete
  // its page. Linked folders are not followed (a loop would never end).
  const paths = entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.json'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .filter((path) => !isLinkedFolder(join(dir, path)))
    .sort();
  const texts = await mapConcurrently(paths, FILES_AT_ONCE, (path) => {
    // Each file as the CLI reads any file it is named: a regular file, of bounded size (a dangling link, a
    // FIFO or a file of gigabytes is named, not read).
    const problem = inputFileProblem(join(dir, path));
    if (problem) throw new InputError(`Cannot read ${join(dir, path)}: ${problem}.`);
    return readFile(join(dir, path), 'utf8');
  });
  return new Map(paths.map((path, index) => [path, texts[index]!]));
}

/** A symbolic link named like a page file that leads to a folder: not a page file. */
function isLinkedFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export interface TreeWrite {
  /** Files created or rewritten. */
  written: string[];
  unchanged: number;
  /** Page files removed: their pages are no longer in the pull. */
  removed: string[];
  /** `.json` files that are no page file (no `url`), which a pull leaves where they are. */
  leftAlone: string[];
  /** Those of them that are not JSON at all, with the parser's message: push stops on them. */
  notJson: Array<{ path: string; problem: string }>;
  /** Whether the directory held a page file before. */
  hadPageFiles: boolean;
  /** Removed files whose page is now written to another file (a name that changed): removed path -> new path. */
  movedTo: Map<string, string>;
}

/**
 * Makes `dir` hold `files`: writes those whose bytes differ from what is there and, with `removeOthers`, removes
 * the other page files (and the folders that leaves empty). `onFile` is called once per file handled.
 *
 * @example await writePageFileTree('seo', toPageFiles(pull), { removeOthers: true })
 */
export async function writePageFileTree(
  dir: string,
  files: readonly PageFileText[],
  options: { removeOthers: boolean; onFile?: () => void },
): Promise<TreeWrite> {
  // pageFilePath keeps every name inside the directory; should a path ever leave it, nothing is written.
  const root = resolve(dir);
  for (const file of files) {
    const within = relative(root, resolve(root, file.path));
    if (within === '' || within === '..' || within.startsWith(`..${sep}`) || isAbsolute(within))
      throw new Error(
        `The page file of ${file.url} would be written outside ${dir} (${file.path}); nothing was written.`,
      );
  }
  const present = await readPageFileTree(dir);
  const presentUrls = new Map([...present].map(([path, text]) => [path, pageFileUrl(text)]));
  const changed = files.filter((file) => present.get(file.path) !== file.text);
  await mapConcurrently(changed, FILES_AT_ONCE, async (file) => {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    writeFileAtomically(target, file.text);
    options.onFile?.();
  });
  const kept = new Set(files.map((file) => file.path));
  const others = options.removeOthers ? [...present.keys()].filter((path) => !kept.has(path)) : [];
  // Only page files go: any other JSON beside them is someone's, not the pull's.
  const removed = others.filter((path) => presentUrls.get(path) !== null);
  const going = new Set(removed);
  const leftAlone = others.filter((path) => !going.has(path));
  for (const path of removed) {
    await rm(join(dir, path));
    await removeEmptyFolders(dir, dirname(path));
  }
  return {
    written: changed.map((file) => file.path),
    unchanged: files.length - changed.length,
    removed,
    leftAlone,
    notJson: leftAlone.flatMap((path) => {
      const problem = jsonProblem(present.get(path)!);
      return problem === null ? [] : [{ path, problem }];
    }),
    hadPageFiles: [...presentUrls.values()].some((url) => url !== null),
    movedTo: movedPages(removed, presentUrls, files),
  };
}

/** For each removed page file whose URL a written file now holds, that file's path. */
function movedPages(
  removed: string[],
  urlOfPresent: ReadonlyMap<string, string | null>,
  files: readonly PageFileText[],
): Map<string, string> {
  const moved = new Map<string, string>();
  const pathOfUrl = new Map(files.map((file) => [file.url, file.path]));
  for (const path of removed) {
    const now = pathOfUrl.get(urlOfPresent.get(path)!);
    if (now !== undefined) moved.set(path, now);
  }
  return moved;
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

/**
 * Where a directory written by pulls with `--url` or `--type` keeps what they read, so that `push --prune`
 * deletes nothing outside it (hidden: never read as a page file).
 */
export const SELECTION_FILE = '.pull-selection.json';

/** The selection a directory was pulled with; undefined when it holds a whole pull. */
export async function readDirectorySelection(dir: string): Promise<Selection[] | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, SELECTION_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = (JSON.parse(text) as { selection?: unknown } | null)?.selection;
  } catch {
    value = null;
  }
  const parsed = seedFileSchema.shape.selection.safeParse(value);
  if (!parsed.success || parsed.data === undefined)
    throw new Error(
      `${join(dir, SELECTION_FILE)} is not what a pull writes: remove it, or pull the whole API again.`,
    );
  return parsed.data;
}

/**
 * Records what a pull into `dir` read: a selection where the directory held no page file yet, or one from
 * pulls before (added to it); a whole pull (`selection` undefined) removes the record.
 */
export async function recordDirectorySelection(
  dir: string,
  selection: Selection | undefined,
  hadPageFiles: boolean,
): Promise<void> {
  const before = await readDirectorySelection(dir).catch(() => undefined);
  if (selection === undefined) {
    await rm(join(dir, SELECTION_FILE), { force: true });
    return;
  }
  // A directory that held a whole pull still speaks for the whole API after one page is refreshed.
  if (hadPageFiles && before === undefined) return;
  const all = [...(before ?? []), selection];
  const unique = [...new Map(all.map((part) => [JSON.stringify(part), part])).values()];
  await mkdir(dir, { recursive: true });
  writeFileAtomically(join(dir, SELECTION_FILE), `${JSON.stringify({ selection: unique }, null, 2)}\n`);
}
