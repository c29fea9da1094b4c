/**
 * Reads a page's head the way a browser builds it: parse5 runs the HTML standard's tokenizer and tree
 * construction (script data escape states, `<noscript>` with scripting on, `<template>`, foreign content, the
 * "after head" mode), and its source locations give each head element's range and where the head ends.
 * The page is fed in chunks, as parse5's own stream does, and feeding stops once the body has started: the
 * cost grows with the head, not the page.
 */
import { type DefaultTreeAdapterMap, Parser, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import { isJsonLdType } from './json-ld-type.ts';
import { linkKey, metaKey } from './keys.ts';

/** The boolean attribute every written tag carries, so a later run finds and replaces exactly those. */
export const MARK = 'data-schema-manager';

/** Characters first handed to the parser at a time; feeding stops between chunks once the head is over. */
export const CHUNK_SIZE = 2 * 1024;

/**
 * The most handed to the parser at a time. Chunks grow to it from CHUNK_SIZE as a head goes on: parse5 joins a
 * token cut by a chunk's end to the next chunk, at a cost growing with the token, so a 4 MB inline script fed
 * 2 KB at a time took 5 s; fed in doubling chunks, 0.1 s.
 */
const MAX_CHUNK_SIZE = 1024 * 1024;

export interface HeadElement {
  /** Lower-case tag name. */
  name: string;
  /** Source range [start, end), the end tag included. */
  start: number;
  end: number;
  /** Attributes with lower-case names and decoded values (the first of duplicates wins). */
  attrs: Map<string, string>;
  /** Decoded text of a `<title>`, raw text of a `<script>`, `<style>` or `<noscript>`; null for the others. */
  text: string | null;
  /** Conflict key (see keys.ts), null when nothing can conflict with it. */
  key: string | null;
  /** Carries the mark: written by an earlier run. */
  ours: boolean;
  /** A `<script type="application/ld+json">`. */
  jsonLd: boolean;
}

export interface HeadScan {
  /** The head's elements as a browser has them, in source order (those after `</head>` included). */
  elements: HeadElement[];
  /** The page has a `<head>` start tag. */
  headTag: boolean;
  /** The head holds at least one element (its start tag may be implied). */
  headContent: boolean;
  /**
   * Not a document but a piece of one: no doctype, no `<html>` or `<head>` tag and no title, meta or base
   * (what a server island or a partial answers). It has no head to write into.
   */
  fragment: boolean;
  /** Where new head content goes: at `</head>`, at what implied the head's end, or at the end. */
  insertAt: number;
  closedBy: 'end-tag' | 'body-content' | 'end-of-document';
  /** Characters handed to the parser: the head and at most a chunk more (for tests and benchmarks). */
  parsedChars: number;
  /** False when a `prefix` scan ran out before the body started: the head may go on past it. */
  complete: boolean;
}

type Node = Tree.ChildNode;
const isElement = (node: Node | Tree.ParentNode): node is Tree.Element => 'tagName' in node;
const VOID = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'br', 'input', 'img', 'hr', 'wbr']);

function childElement(parent: Tree.ParentNode, name: string): Tree.Element | undefined {
  return parent.childNodes.find((node): node is Tree.Element => isElement(node) && node.tagName === name);
}

/** Whether `node`'s source is complete: a cut at the end of the input cannot have changed it. */
function isTerminated(node: Node, source: string): boolean {
  const location = node.sourceCodeLocation;
  if (!location) return false;
  if (isElement(node))
    return VOID.has(node.tagName) || ('endTag' in location && location.endTag !== undefined);
  if (node.nodeName === '#comment') {
    const text = source.slice(location.startOffset, location.endOffset);
    if (!text.startsWith('<!--')) return text.endsWith('>'); // a bogus comment ends at the first '>'
    return text === '<!-->' || text === '<!--->' || /--!?>$/.test(text);
  }
  return true;
}

/** Where the body starts (its start tag or its first content); undefined while it has not started. */
function bodyStart(body: Tree.Element | undefined): number | undefined {
  if (!body) return undefined;
  return (
    body.sourceCodeLocation?.startTag?.startOffset ?? body.childNodes[0]?.sourceCodeLocation?.startOffset
  );
}

function partsOf(document: Tree.Document) {
  const root = childElement(document, 'html');
  return { root, head: root && childElement(root, 'head'), body: root && childElement(root, 'body') };
}

function textOf(element: Tree.Element): string | null {
  if (!['title', 'script', 'style', 'noscript', 'noframes'].includes(element.tagName)) return null;
  return element.childNodes
    .map((node) => (node.nodeName === '#text' ? (node as Tree.TextNode).value : ''))
    .join('');
}

function toHeadElement(element: Tree.Element, length: number): HeadElement {
  const location = element.sourceCodeLocation!;
  const attrs = new Map(element.attrs.map((attr) => [attr.name, attr.value] as const));
  const name = element.tagName;
  const key =
    name === 'title' ? 'title' : name === 'meta' ? metaKey(attrs) : name === 'link' ? linkKey(attrs) : null;
  return {
    name,
    start: location.startOffset,
    // An element the page never closes (a title cut by the end) runs to the end: all of it is its text.
    end: isTerminated(element, '') ? Math.min(location.endOffset, length) : length,
    attrs,
    text: textOf(element),
    key,
    ours: attrs.has(MARK),
    jsonLd: name === 'script' && isJsonLdType(attrs.get('type')),
  };
}

/** The head of a parsed document (the whole page, or a prefix past the body's start) of `source`. */
function readHead(document: Tree.Document, source: string): Omit<HeadScan, 'parsedChars' | 'complete'> {
  const { root, head, body } = partsOf(document);
  const started = bodyStart(body);
  const headNodes = head?.childNodes ?? [];
  const located = headNodes.filter((node) => node.sourceCodeLocation);
  const headTag = head?.sourceCodeLocation?.startTag !== undefined;
  const scan = {
    elements: located.filter(isElement).map((element) => toHeadElement(element, source.length)),
    headTag,
    headContent: headNodes.some(isElement),
    fragment:
      !headTag &&
      root?.sourceCodeLocation?.startTag === undefined &&
      !document.childNodes.some((node) => node.nodeName === '#documentType') &&
      !headNodes.some((node) => isElement(node) && DOCUMENT_HEAD.has(node.tagName)),
    insertAt: source.length,
    closedBy: 'end-of-document' as HeadScan['closedBy'],
  };
  const endTag = head?.sourceCodeLocation?.endTag;
  if (endTag) return { ...scan, insertAt: endTag.startOffset, closedBy: 'end-tag' };
  if (started !== undefined) return { ...scan, insertAt: started, closedBy: 'body-content' };
  // The page ended inside the head: write after the last complete thing in it, never into a part the end cut
  // short (a title, a comment or a tag left open would swallow what follows).
  let at = 0;
  for (const node of document.childNodes) {
    if (node === root) break;
    if (!isTerminated(node, source)) return { ...scan, insertAt: node.sourceCodeLocation?.startOffset ?? at };
    at = node.sourceCodeLocation?.endOffset ?? at;
  }
  at = Math.max(
    at,
    root?.sourceCodeLocation?.startTag?.endOffset ?? 0,
    head?.sourceCodeLocation?.startTag?.endOffset ?? 0,
  );
  for (const node of located) {
    if (!isTerminated(node, source)) return { ...scan, insertAt: node.sourceCodeLocation!.startOffset };
    at = Math.max(at, node.sourceCodeLocation!.endOffset);
  }
  return { ...scan, insertAt: Math.min(at, source.length) };
}

/** Head elements only a document has: a piece of a page may bring its styles and scripts, not these. */
const DOCUMENT_HEAD = new Set(['title', 'meta', 'base']);

const BODY_TAG = /<body[\s/>]/gi;

/**
 * Where the next `<body ...>` start tag after `from` ends, as written: only a hint of where to cut the input
 * (it may sit in a comment or a script), so that the parser usually gets the head and nothing more.
 */
function bodyTagEnd(source: string, from: number): number {
  BODY_TAG.lastIndex = from;
  const match = BODY_TAG.exec(source);
  if (!match) return -1;
  const end = source.indexOf('>', match.index);
  return end === -1 ? -1 : end + 1;
}

export interface ScanOptions {
  /**
   * `html` is the start of a longer page: its end is not the document's end. The scan is then `complete` only
   * when the body starts within it; otherwise the caller scans more of the page.
   */
  prefix?: boolean;
}

/**
 * Reads the head of `html` as the HTML standard's parsing rules build it.
 *
 * @example scanHead('<head><title>Hi</title></head><body>').elements[0].text // 'Hi'
 */
export function scanHead(html: string, options: ScanOptions = {}): HeadScan {
  // A byte-order mark belongs to the encoding: the decoder drops it before the parser sees the page.
  const shift = html.charCodeAt(0) === 0xfeff ? 1 : 0;
  const source = shift ? html.slice(shift) : html;
  // parse5's Parser fed chunk by chunk, as its parser stream does: a token cut by a chunk's end waits for the next.
  // A chunk also ends where a body start tag seems to end, so a typical page is parsed up to `<body>` only.
  const parser = new Parser<DefaultTreeAdapterMap>({ sourceCodeLocationInfo: true });
  let fed = 0;
  let hint = bodyTagEnd(source, 0);
  let started = false;
  let size = CHUNK_SIZE;
  do {
    if (hint !== -1 && hint <= fed) hint = bodyTagEnd(source, fed);
    const end = Math.min(source.length, fed + size, hint === -1 ? Infinity : hint);
    size = Math.min(size * 2, MAX_CHUNK_SIZE);
    parser.tokenizer.write(source.slice(fed, end), !options.prefix && end === source.length);
    fed = end;
    started = bodyStart(partsOf(parser.document).body) !== undefined;
  } while (fed < source.length && !started);
  const found = readHead(parser.document, source);
  for (const element of found.elements) {
    element.start += shift;
    element.end += shift;
  }
  return {
    ...found,
    insertAt: found.insertAt + shift,
    parsedChars: fed,
    complete: started || !options.prefix,
  };
}

/**
 * Watches a page arrive in pieces and says when its head is over: once the body has started, nothing later in
 * the page can change the head (the parser puts later head-only tags in the body), so everything after can pass
 * through unread. A token cut at a piece's end waits for the next piece, so a prefix never answers too early.
 *
 * @example
 * const watch = watchHeadEnd();
 * watch.write('<head><title>A</title></he'); // false
 * watch.write('ad><body>'); // true
 */
export function watchHeadEnd(): { write(text: string): boolean } {
  const parser = new Parser<DefaultTreeAdapterMap>({ sourceCodeLocationInfo: true });
  let first = true;
  let ended = false;
  let fed = 0;
  // Inside a long token (a big inline script or style) the parser keeps all of it, and joining each new piece to
  // it costs its length (see MAX_CHUNK_SIZE): past EAGER_CHARS kept, pieces wait until they are a quarter of
  // what is kept, so the cost stays linear; the head's end is then seen at most that much later.
  let waiting = '';
  const kept = (): number => parser.tokenizer.preprocessor.html.length;
  const feed = (text: string): void => {
    let size = Math.max(CHUNK_SIZE, Math.min(fed, MAX_CHUNK_SIZE));
    for (let at = 0; at < text.length && !ended; ) {
      const end = Math.min(text.length, at + size);
      parser.tokenizer.write(text.slice(at, end), false);
      fed += end - at;
      at = end;
      ended = bodyStart(partsOf(parser.document).body) !== undefined;
      size = Math.min(size * 2, MAX_CHUNK_SIZE);
    }
  };
  return {
    write(text: string): boolean {
      if (ended) return true;
      // A byte-order mark belongs to the encoding, as in scanHead.
      const piece = first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      if (piece.length > 0) first = false;
      waiting += piece;
      if (kept() < EAGER_CHARS || waiting.length * 4 >= kept()) {
        const batch = waiting;
        waiting = '';
        feed(batch);
      }
      return ended;
    },
  };
}

/** Below this many characters kept by the parser, every piece is parsed as it comes. */
const EAGER_CHARS = 256 * 1024;
