// Tags -> rewritten files, each replaced atomically so an interrupted build never leaves a half-written page.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ConflictPolicy, type HeadTag, rewriteHead } from '../head/index.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';

export interface WriteResult {
  changed: boolean;
  written: number;
  replaced: number;
  skipped: string[];
  /** The page as it now is on disk, for the audit. */
  html: string;
}

/**
 * Rewrites one built page's head in place.
 *
 * @example await writePage('/site/dist', 'blog/index.html', tags, 'api')
 */
export async function writePage(
  outDir: string,
  file: string,
  tags: HeadTag[],
  onConflict: ConflictPolicy,
): Promise<WriteResult> {
  const path = join(outDir, file);
  const html = await readFile(path, 'utf8');
  const result = rewriteHead(html, tags, { onConflict });
  if (result.changed) await writeFileAtomically(path, result.html);
  return {
    changed: result.changed,
    written: result.written,
    replaced: result.replaced,
    skipped: result.skipped,
    html: result.changed ? result.html : html,
  };
}
