/** Splices written tags into a page's head by source offsets: every byte not replaced stays as it was. */
import { valueKind } from '../value-kind.ts';
import { extractJsonLd } from './extract-json-ld.ts';
import { type TopLevelNode, topLevelNodes, typesDescribedTwice } from './json-ld-type.ts';
import { clashes, familyOf } from './keys.ts';
import { type HeadElement, scanHead } from './scan.ts';
import type { HeadTag, RewriteOptions, RewriteResult } from './types.ts';

/**
 * Writes `tags` into the head of `html`, just before `</head>` (or where the head implicitly ends),
 * one tag per line. Tags carrying the mark from an earlier run are removed first, so running twice
 * gives the same bytes. For a key both the page and `tags` have, `onConflict: 'api'` (default)
 * removes the page's tags and `'page'` leaves out the written one; so there is never a second title,
 * description or canonical. With `jsonLdConflict: 'api'`, a JSON-LD script of the page's own whose every
 * top-level node the written JSON-LD describes too (same `@type`, not the same `@id`) is removed, in the head
 * and, unless `html` is only a `prefix` or the head of a streaming page (`headOnly`), in the body; a script
 * that also describes something else stays whole. `<meta charset>` is never moved. A page without a head gets
 * one; a fragment (a server island's or a partial's answer: no doctype, `<html>`, `<head>`, title, meta or
 * base) is left as it is.
 *
 * @example
 * rewriteHead('<head><title>Old</title></head>', [{ key: 'title', html: '<title data-schema-manager>New</title>' }]).html
 * // '<head>\n<title data-schema-manager>New</title>\n</head>'
 */
export function rewriteHead(html: string, tags: HeadTag[], options: RewriteOptions = {}): RewriteResult {
  if (typeof html !== 'string')
    throw new TypeError(`rewriteHead: html must be a string; got ${valueKind(html)}.`);
  if (!Array.isArray(tags))
    throw new TypeError(`rewriteHead: tags must be an array (from renderHeadTags); got ${valueKind(tags)}.`);
  const policy = options.onConflict ?? 'api';
  // From JavaScript, or a config read as text: any other value would write a second title and canonical.
  if (policy !== 'api' && policy !== 'page')
    throw new TypeError(`rewriteHead: onConflict must be 'api' or 'page'; got ${JSON.stringify(policy)}.`);
  const jsonLdPolicy = options.jsonLdConflict ?? 'keep-both';
  if (jsonLdPolicy !== 'keep-both' && jsonLdPolicy !== 'api')
    throw new TypeError(
      `rewriteHead: jsonLdConflict must be 'keep-both' or 'api'; got ${JSON.stringify(jsonLdPolicy)}.`,
    );
  const scan = scanHead(html, { prefix: options.prefix ?? false });
  if (!scan.complete || scan.fragment) {
    const nothing = { changed: false, written: 0, replaced: 0, jsonLdReplaced: 0, kept: 0, skipped: [] };
    return scan.complete
      ? { html, ...nothing, headEnd: 0, complete: true, fragment: true }
      : { html, ...nothing, headEnd: html.length, complete: false, fragment: false };
  }
  const page = scan.elements.filter((element) => !element.ours && element.key !== null);
  const pageKeys = new Set(page.map((element) => element.key!));

  // Where the page keeps its own tag, a tag copied from the one left out is left out too (the page's title
  // stays, and so no CMS twitter:title copied from the CMS's title is written beside it).
  const left = new Set<string>();
  const written =
    policy === 'page'
      ? tags.filter((tag) => {
          const key = tag.key.toLowerCase();
          if (!clashes(key, pageKeys) && !(tag.from && left.has(tag.from.toLowerCase()))) return true;
          left.add(key);
          return false;
        })
      : tags;
  const skipped = tags.filter((tag) => !written.includes(tag)).map((tag) => tag.key);
  const writtenKeys = new Set(written.map((tag) => tag.key.toLowerCase()));
  const skippedKeys = new Set(
    skipped.flatMap((key) => [key.toLowerCase(), familyOf(key.toLowerCase()) ?? '']),
  );

  const removed: HeadElement[] = scan.elements.filter((element) => element.ours);
  let replaced = 0;
  let kept = 0;
  for (const element of page) {
    if (policy === 'api' && clashes(element.key!, writtenKeys)) {
      removed.push(element);
      replaced++;
    } else if (policy === 'page' && skippedKeys.has(element.key!)) {
      kept++;
    }
  }

  const writtenNodes = written.flatMap((tag) => tag.nodes ?? []);
  let jsonLdReplaced = 0;
  const removedBody: Array<[number, number]> = [];
  if (jsonLdPolicy === 'api' && writtenNodes.length > 0) {
    for (const element of scan.elements) {
      if (!element.jsonLd || element.ours || !describedElsewhere(element.text, writtenNodes)) continue;
      removed.push(element);
      jsonLdReplaced++;
    }
    // The body's scripts too (a breadcrumb component's), when the whole page is here to look at.
    if (!options.prefix && !options.headOnly) {
      // A reduce, not Math.max(...): a head may hold more elements than a call takes arguments.
      const headOver = scan.elements.reduce((over, element) => Math.max(over, element.end), scan.insertAt);
      for (const script of extractJsonLd(html)) {
        if (script.start < headOver || !describedElsewhere(script.text, writtenNodes)) continue;
        removedBody.push(lineRange(html, script.start, script.end));
        jsonLdReplaced++;
      }
    }
  }

  let block = '';
  if (written.length > 0) {
    const newline = newlineOf(html, scan.insertAt);
    block = written.map((tag) => tag.html).join(newline);
    // With no head element at all, a head start tag here would be the first; give the block one.
    if (!scan.headTag && !scan.headContent) block = `<head>${newline}${block}${newline}</head>`;
    block += newline;
  }
  const out = splice(
    html,
    [...removed.map((element) => lineRange(html, element.start, element.end)), ...removedBody].sort(
      (a, b) => a[0] - b[0],
    ),
    insertionPoint(html, scan.insertAt),
    block,
  );
  return {
    html: out.html,
    changed: out.html !== html,
    written: written.length,
    replaced,
    jsonLdReplaced,
    kept,
    skipped,
    headEnd: out.blockEnd,
    complete: true,
    fragment: false,
  };
}

/** Whether a page's JSON-LD script holds only nodes that `written` describes too; unreadable JSON is kept. */
function describedElsewhere(text: string | null, written: readonly TopLevelNode[]): boolean {
  let document: unknown;
  try {
    document = JSON.parse(text ?? '');
  } catch {
    return false;
  }
  if (document === null || typeof document !== 'object') return false;
  const nodes = topLevelNodes(document as Record<string, unknown>);
  return nodes.length > 0 && nodes.every((node) => typesDescribedTwice(node, written).length > 0);
}

/**
 * Removes `ranges` (sorted, disjoint) and inserts `block` at `at`, on a line of its own; also says where the
 * block ends in the output.
 */
function splice(
  html: string,
  ranges: Array<[number, number]>,
  at: number,
  block: string,
): { html: string; blockEnd: number } {
  if (ranges.length === 0 && block === '') return { html, blockEnd: at };
  let out = '';
  let cursor = 0;
  let blockEnd = -1;
  const insert = (): void => {
    const position = Math.max(at, cursor);
    out += html.slice(cursor, position);
    if (block !== '' && out.length > 0 && !isLineBreak(out.at(-1))) out += trailingNewline(block);
    out += block;
    cursor = position;
    blockEnd = out.length;
  };
  for (const [start, end] of ranges) {
    if (blockEnd === -1 && at <= start) insert();
    out += html.slice(cursor, start);
    cursor = Math.max(cursor, end);
  }
  if (blockEnd === -1) insert();
  return { html: out + html.slice(cursor), blockEnd };
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

// A page may end its lines with CR alone (old Mac files, some generators): each of the three is a line break.
function isLineBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

function trailingNewline(block: string): string {
  if (block.endsWith('\r\n')) return '\r\n';
  return block.endsWith('\r') ? '\r' : '\n';
}

/** A tag alone on its line is removed with its line, so no blank line stays behind. */
function lineRange(html: string, start: number, end: number): [number, number] {
  let lineStart = start;
  while (lineStart > 0 && isBlank(html[lineStart - 1])) lineStart--;
  if (lineStart > 0 && !isLineBreak(html[lineStart - 1])) return [start, end];
  let lineEnd = end;
  while (lineEnd < html.length && isBlank(html[lineEnd])) lineEnd++;
  if (html.startsWith('\r\n', lineEnd)) return [lineStart, lineEnd + 2];
  if (isLineBreak(html[lineEnd])) return [lineStart, lineEnd + 1];
  return [start, end];
}

/** Before an indented `</head>`, the new lines go at the start of its line. */
function insertionPoint(html: string, at: number): number {
  let lineStart = at;
  while (lineStart > 0 && isBlank(html[lineStart - 1])) lineStart--;
  return lineStart === 0 || isLineBreak(html[lineStart - 1]) ? lineStart : at;
}

/** The page's line ending, judged from its first line break before `limit` (read no further: cost stays with the head). */
function newlineOf(html: string, limit: number): string {
  for (let i = 0; i < limit; i++) {
    const c = html.charCodeAt(i);
    if (c === 0x0a) return '\n';
    if (c === 0x0d) return html.charCodeAt(i + 1) === 0x0a ? '\r\n' : '\r';
  }
  return '\n';
}
