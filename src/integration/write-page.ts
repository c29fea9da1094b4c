// Tags -> rewritten files. A page's new version is written beside it first (staged) and renamed over it
// when the whole build may go ahead, so a build that stops changes no page and none is ever half-written.
import { open, rm, stat } from 'node:fs/promises';
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
   * Renames the staged file over the page. A page that changed on disk since it was read (staged while Astro
   * was still writing it) is staged again from what is there now; resolves to what was committed.
   */
  commit(): Promise<WriteResult>;
  discard(): Promise<void>;
  /** The staged file beside the page; null when the page needs no change. */
  temporary: string | null;
}

/** What identifies one version of a file: a file written again after it was read differs in one or the other. */
const versionOf = (info: { size: bigint; mtimeNs: bigint }) => `${info.size}:${info.mtimeNs}`;

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
  const handle = await open(path, 'r');
  let bytes: Buffer;
  let version: string;
  try {
    version = versionOf(await handle.stat({ bigint: true }));
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
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
      if (versionOf(await stat(path, { bigint: true })) !== version) {
        await discard();
        const again = await stagePage(outDir, file, tags, onConflict, auditUrl);
        return again.commit();
      }
      if (temporary) await replaceWith(temporary, path);
      return written;
    },
    discard,
    temporary,
  };
}
