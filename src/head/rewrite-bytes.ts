/**
 * `rewriteHead` on a page as bytes: only the start of the page that holds its head is decoded and rewritten;
 * the rest passes through as it was read, never decoded or encoded. On a 70 KB page with a 2 KB head that is
 * most of the work of writing a page saved, and bytes past the decoded start that are not valid UTF-8 stay as
 * they were.
 */
import { mentionsLdJsonAt } from './json-ld-type.ts';
import { rewriteHead } from './rewrite.ts';
import type { RewriteOptions, RewriteResult } from './types.ts';

/** Bytes decoded first; a head that runs past them is read with the whole page. */
export const PREFIX_BYTES = 16 * 1024;

const JSON_LD = /ld\+json/i;
const PLUS = 0x2b;

/**
 * Whether `ld+json`, in any case, occurs in `bytes` from `from` on (or cut by `from`). A byte search: most pages
 * never mention it, and decoding their whole tail to a string only to find that out cost more than the search.
 */
function mentionsJsonLd(bytes: Buffer, from: number): boolean {
  for (
    let plus = bytes.indexOf(PLUS, Math.max(0, from - 4));
    plus !== -1;
    plus = bytes.indexOf(PLUS, plus + 1)
  ) {
    if (mentionsLdJsonAt(bytes, plus)) return true;
  }
  return false;
}

export interface ByteRewriteResult extends Omit<RewriteResult, 'html' | 'complete' | 'headEnd'> {
  /** The page's new bytes; the input itself when nothing changed. */
  bytes: Uint8Array;
  /**
   * The start of the new page, decoded: its whole head, and every JSON-LD script of the page unless
   * `jsonLdAfterHead` says one may lie beyond it.
   */
  head: string;
  /** Something after the head mentions ld+json: read the whole page (`decode(bytes)`) to find JSON-LD. */
  jsonLdAfterHead: boolean;
}

/** Where to cut `bytes` at or before `limit` without splitting a UTF-8 sequence. */
function charBoundary(bytes: Uint8Array, limit: number): number {
  if (limit >= bytes.length) return bytes.length;
  let at = limit;
  // Continuation bytes are 10xxxxxx: back up to the byte that starts the character.
  while (at > 0 && ((bytes[at] as number) & 0xc0) === 0x80) at--;
  return at;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Rewrites the head of a UTF-8 page given as bytes; see `rewriteHead` for what is written where.
 *
 * @example
 * const result = rewriteHeadBytes(await readFile('dist/index.html'), tags);
 * if (result.changed) await writeFile('dist/index.html', result.bytes);
 */
export function rewriteHeadBytes(
  bytes: Uint8Array,
  tags: Parameters<typeof rewriteHead>[1],
  options: Omit<RewriteOptions, 'prefix'> = {},
): ByteRewriteResult {
  let cut = charBoundary(bytes, PREFIX_BYTES);
  let source = asBuffer(bytes).toString('utf8', 0, cut);
  let result = rewriteHead(source, tags, { ...options, prefix: cut < bytes.length });
  // The page's text after its head: a JSON-LD script there is not in `head`.
  const mentionAfterHead = () =>
    JSON_LD.test(result.html.slice(result.headEnd)) ||
    (cut < bytes.length && mentionsJsonLd(asBuffer(bytes), cut));
  let jsonLdAfterHead = result.complete && mentionAfterHead();
  // The whole page when the head runs past the start, or when the page's own JSON-LD past the head may have to
  // go (jsonLdConflict: 'api', with JSON-LD written).
  const replacing = options.jsonLdConflict === 'api' && tags.some((tag) => (tag.nodes?.length ?? 0) > 0);
  if (!result.complete || (cut < bytes.length && replacing && jsonLdAfterHead)) {
    cut = bytes.length;
    source = asBuffer(bytes).toString('utf8');
    result = rewriteHead(source, tags, options);
    jsonLdAfterHead = mentionAfterHead();
  }
  const { html, changed, written, replaced, jsonLdReplaced, kept, skipped, fragment } = result;
  const counts = { changed, written, replaced, jsonLdReplaced, kept, skipped, fragment };
  if (!changed) return { ...counts, bytes, head: html, jsonLdAfterHead };
  const start = Buffer.from(html, 'utf8');
  return { ...counts, bytes: Buffer.concat([start, bytes.subarray(cut)]), head: html, jsonLdAfterHead };
}
