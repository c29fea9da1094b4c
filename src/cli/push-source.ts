// What `push` reads: a directory of page files (as `pull --out seo/` writes it) or one pull file (`-` for stdin),
// with a name for each schema that points back into it, for the plan and the findings.
import { statSync } from 'node:fs';
import type { SeedFileData as SchemaFile } from '../seed-file.ts';
import { InputError, UsageError } from './command.ts';
import { readSchemaFile } from './pull.ts';
import { PageFileError, readPageFiles } from './seo-directory.ts';
import { readDirectorySelection, readPageFileTree } from './seo-files.ts';

export interface PushSource {
  file: SchemaFile;
  /** Where the file's `schemas[index]` is written: `seo/example.com/a.json schemas[0]`, or `schemas[3]`. */
  where(index: number): string;
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
    // Not there: readSchemaFile names the path and the reason.
  }
  if (!isDirectory) {
    const file = readSchemaFile(path);
    return { file, where: (index) => `schemas[${index}]` };
  }
  const tree = await readPageFileTree(path);
  if (tree.size === 0)
    throw new UsageError(`${path} holds no page files (*.json); write them with "pull --out ${path}".`);
  // The directory's name as the user wrote it, then the file's path in it (a message may hold URLs: no join).
  const inDirectory = (text: string) => `${path.replace(/\/?$/, '/')}${text}`;
  try {
    const { file, origins } = readPageFiles([...tree].map(([name, text]) => ({ path: name, text })));
    const selection = await readDirectorySelection(path).catch((error: unknown) => {
      throw new InputError((error as Error).message);
    });
    return {
      file: selection ? { ...file, selection } : file,
      where: (index) => inDirectory(`${origins[index]!.path} schemas[${origins[index]!.index}]`),
    };
  } catch (error) {
    if (error instanceof PageFileError) throw new InputError(inDirectory(error.message));
    throw error;
  }
}
