// Files this package writes (built pages, pulls) are replaced whole: written beside the target, then
// renamed over it, so an interrupted run never leaves half a file.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes `content` to `path` atomically on one file system.
 *
 * @example await writeFileAtomically('dist/index.html', html);
 */
export async function writeFileAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
