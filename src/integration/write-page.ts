// Tags -> rewritten files. A page's new version is written beside it first (staged) and renamed over it
// when the whole build may go ahead, so a build that stops changes no page and none is ever half-written.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type PageFacts, readPageFacts } from '../audit/index.ts';
import { type ConflictPolicy, type HeadTag, rewriteHead } from '../head/index.ts';
import { replaceWith, writeBeside } from '../write-file-atomically.ts';

export interface WriteResult {
  changed: boolean;
  written: number;
  replaced: number;
  skipped: string[];
  /** What the site audit reads of the page as it will ship (read here, so no page is read twice); null when not asked. */
  facts: PageFacts | null;
}

/** A page rewritten beside itself: `commit` puts it in place, `discard` drops it. */
export interface StagedPage extends WriteResult {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Rewrites one built page's head into a file beside it; the page itself is unchanged until `commit()`.
 *
 * @example const staged = await stagePage('/site/dist', 'blog/index.html', tags, 'api'); await staged.commit();
 */
export async function stagePage(
  outDir: string,
  file: string,
  tags: HeadTag[],
  onConflict: ConflictPolicy,
  /** The page's public URL, when the audit will want its facts. */
  auditUrl: string | null = null,
): Promise<StagedPage> {
  const path = join(outDir, file);
  const html = await readFile(path, 'utf8');
  const result = rewriteHead(html, tags, { onConflict });
  const temporary = result.changed ? await writeBeside(path, result.html) : null;
  return {
    changed: result.changed,
    written: result.written,
    replaced: result.replaced,
    skipped: result.skipped,
    facts: auditUrl === null ? null : readPageFacts(result.changed ? result.html : html, auditUrl, file),
    commit: async () => {
      if (temporary) await replaceWith(temporary, path);
    },
    discard: async () => {
      if (temporary) await rm(temporary, { force: true });
    },
  };
}
