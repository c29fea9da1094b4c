// What `push` and `validate` read: a directory of page files (as `pull --out seo/` writes it), one pull file (`-`
// for stdin) or one page file of such a directory, with a name for each schema that points back into it, for the
// plan and the findings.
import { statSync } from 'node:fs';
import { parseLossless } from '../lossless-json.ts';
import { parseSeedFile, type SeedFileData as SchemaFile, SeedFileError } from '../seed-file.ts';
import { InputError, UsageError } from './command.ts';
import { readInputText } from './read-input.ts';
import { jsonProblem, PageFileError, pageFileUrl, readPageFiles } from './seo-directory.ts';
import { readDirectorySelection, readPageFileTree } from './seo-files.ts';

export interface PushSource {
  file: SchemaFile;
  /** Where the file's `schemas[index]` is written: `seo/example.com/a.json schemas[0]`, or `schemas[3]`. */
  where(index: number): string;
  /** The file holding the schema: a page file of the directory, or the one file named. */
  fileOf(index: number): string;
  /** Which of its file's schemas it is: `schemas[0]`. */
  schemaIn(index: number): string;
  /** Where the file's `meta[index]` (or `social[index]`) is written: `seo/example.com/a.json meta`, or `meta[2]`. */
  tagWhere(kind: 'meta' | 'social', index: number): string;
  /**
   * The selection names pages by their URLs as written (a page file pushed alone): the CMS's records of another
   * spelling (`/a/` beside `/A/`) are another file's, which pull writes apart, and --prune leaves them.
   */
  exact?: boolean;
}

/**
 * Reads a directory of page files or a pull file; a file of the wrong shape is a usage error naming the file
 * and the field.
 *
 * @example const { file, where } = await readPushSource('seo/'); where(0) // 'seo/example.com/index.json schemas[0]'
 */
export async function readPushSource(path: string): Promise<PushSource> {
  let isDirectory = false;
  try {
    isDirectory = path !== '-' && statSync(path).isDirectory();
  } catch {
    // Not there: readInputText names the path and the reason.
  }
  if (!isDirectory) return pushSourceOfText(path === '-' ? 'stdin' : path, readInputText(path));
  const tree = await readPageFileTree(path);
  if (tree.size === 0)
    throw new UsageError(`${path} holds no page files (*.json); write them with "pull --out ${path}".`);
  // Each file by the directory's name as the user wrote it, then its path in it, in every message.
  const inDirectory = (name: string) => `${path.replace(/\/?$/, '/')}${name}`;
  try {
    const { file, origins, pathOf } = readPageFiles(
      [...tree].map(([name, text]) => ({ path: inDirectory(name), text })),
    );
    const selection = await readDirectorySelection(path).catch((error: unknown) => {
      throw new InputError((error as Error).message);
    });
    return {
      file: selection ? { ...file, selection } : file,
      where: (index) => `${origins[index]!.path} schemas[${origins[index]!.index}]`,
      fileOf: (index) => origins[index]!.path,
      schemaIn: (index) => `schemas[${origins[index]!.index}]`,
      tagWhere: (kind, index) => `${pathOf.get(file[kind][index]!.url)} ${kind}`,
    };
  } catch (error) {
    if (error instanceof PageFileError) throw new InputError(error.message);
    throw error;
  }
}

/**
 * A pull file's text, or one page file's (an object with a `url`: `seo/example.com/index.json` pushed alone),
 * named `label` in messages; a file of the wrong shape is an InputError naming the field.
 *
 * @example pushSourceOfText('a.json', '{"url":"https://x.dev/","schemas":[]}').file.schemas // []
 */
export function pushSourceOfText(label: string, text: string): PushSource {
  let value: unknown;
  try {
    value = parseLossless(text);
  } catch {
    // Said with line and column, and a byte order mark named, not shown.
    throw new InputError(`${label} is not JSON: ${jsonProblem(text)}.`);
  }
  const page = pageFileUrl(text);
  if (page !== null) {
    try {
      const { file } = readPageFiles([{ path: label, text }]);
      // The file speaks for its page alone: push --prune deletes nothing on another.
      return {
        file: { ...file, selection: [{ urls: [page] }] },
        exact: true,
        where: (index) => `${label} schemas[${index}]`,
        fileOf: () => label,
        schemaIn: (index) => `schemas[${index}]`,
        tagWhere: (kind) => `${label} ${kind}`,
      };
    } catch (error) {
      throw error instanceof PageFileError ? new InputError(error.message) : error;
    }
  }
  try {
    return {
      file: parseSeedFile(value, label),
      where: (index) => `schemas[${index}]`,
      fileOf: () => label,
      schemaIn: (index) => `schemas[${index}]`,
      tagWhere: (kind, index) => `${kind}[${index}]`,
    };
  } catch (error) {
    throw error instanceof SeedFileError ? new InputError(error.message) : error;
  }
}
