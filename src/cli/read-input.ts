// What the CLI reads from files the user names, or from stdin for `-`: a regular file (a FIFO or a device
// such as /dev/zero would block or never end), of bounded size, so that no input can hang the command or
// fill the machine's memory.
import { lstatSync, readFileSync, readSync, statSync } from 'node:fs';
import { fileProblemOf } from '../file-problems.ts';
import { UsageError } from './command.ts';

/** The most any one input may hold: far more than any real page, schema file or seed. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/**
 * The text of `path` (UTF-8), or of stdin for `-`; a UsageError saying what is wrong otherwise.
 * @example readInputText('seo/schemas.json')
 */
export function readInputText(path: string, limit = MAX_INPUT_BYTES): string {
  if (path === '-') return readStdin(limit);
  const problem = inputFileProblem(path, limit);
  if (problem) throw new UsageError(`Cannot read ${path}: ${problem}.`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${fileProblemOf(error)}.`);
  }
}

/** Why `path` is not a file to read (missing, not a regular file, too big), or null when it is one. */
export function inputFileProblem(path: string, limit = MAX_INPUT_BYTES): string | null {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch (error) {
    const dangling = (error as NodeJS.ErrnoException).code === 'ENOENT' && isSymbolicLink(path);
    return dangling ? 'a symbolic link to a file that does not exist (ENOENT)' : fileProblemOf(error);
  }
  if (!stats.isFile()) return 'not a regular file';
  if (stats.size > limit) return `${megabytes(stats.size)}, over the ${megabytes(limit)} this reads`;
  return null;
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function readStdin(limit: number): string {
  const chunks: Buffer[] = [];
  let size = 0;
  const chunk = Buffer.alloc(1024 * 1024);
  for (;;) {
    let read: number;
    try {
      read = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A non-blocking pipe with nothing yet: wait a moment (synchronously; nothing else runs meanwhile).
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') break;
      throw new UsageError(`Cannot read stdin (${code ?? error}).`);
    }
    if (read === 0) break;
    size += read;
    if (size > limit)
      throw new UsageError(`Cannot read stdin: more than the ${megabytes(limit)} this reads.`);
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
