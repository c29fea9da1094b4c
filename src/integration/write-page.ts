// Tags -> rewritten files. A page's new version is written beside it first (staged) and renamed over it
// when the whole build may go ahead, so a build that stops changes no page and none is ever half-written.
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type PageFacts, readPageFacts } from '../audit/index.ts';
import { type ConflictPolicy, type HeadTag, rewriteHeadBytes } from '../head/index.ts';
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
  /**
   * Renames the staged file over the page; resolves to what was committed. With `verify`, a page whose file
   * changed size since it was read (staged while Astro was still writing it) is staged again from what is
   * there now.
   */
  commit(): Promise<WriteResult>;
  discard(): Promise<void>;
  /** The staged file beside the page; null when the page needs no change. */
  temporary: string | null;
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
  /**
   * Check at commit that the file is still the one read: for a page staged while Astro may still be writing it.
   * Astro writes a page once, whole, so a read that came too early is shorter than the file.
   */
  verify = false,
): Promise<StagedPage> {
  const path = join(outDir, file);
  const bytes = await readFile(path);
  const result = rewriteHeadBytes(bytes, tags, { onConflict });
  const temporary = result.changed ? await writeBeside(path, result.bytes) : null;
  // The audit reads the head and the JSON-LD: the decoded start of the page holds both, unless JSON-LD
  // may follow the head.
  const readable = () => (result.jsonLdAfterHead ? Buffer.from(result.bytes).toString('utf8') : result.head);
  const written: WriteResult = {
    changed: result.changed,
    written: result.written,
    replaced: result.replaced,
    skipped: result.skipped,
    facts: auditUrl === null ? null : readPageFacts(readable(), auditUrl, file),
  };
  const discard = async () => {
    if (temporary) await rm(temporary, { force: true });
  };
  return {
    ...written,
    commit: async () => {
      if (verify && (await stat(path)).size !== bytes.length) {
        await discard();
        const again = await stagePage(outDir, file, tags, onConflict, auditUrl, true);
        return again.commit();
      }
      if (temporary) await replaceWith(temporary, path);
      return written;
    },
    discard,
    temporary,
  };
}
