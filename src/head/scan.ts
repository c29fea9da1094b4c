/**
 * One tokenizer pass over a page's head: where each head element starts and ends, what it says,
 * and where the head ends. It stops feeding the tokenizer once the head is over, so its cost grows
 * with the head, not the page.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { isJsonLdType } from './json-ld-type.ts';
import { linkKey, metaKey } from './keys.ts';

/** The boolean attribute every written tag carries, so a later run finds and replaces exactly those. */
export const MARK = 'data-schema-manager';

/** Bytes handed to the tokenizer at a time; the scan stops between chunks once the head is over. */
export const CHUNK_SIZE = 8 * 1024;

export interface HeadElement {
  /** Lower-case tag name. */
  name: string;
  /** Source range [start, end), the end tag included. */
  start: number;
  end: number;
  /** Attributes with lower-case names and decoded values (the first of duplicates wins). */
  attrs: Map<string, string>;
  /** Decoded text of a `<title>`, raw text of a `<script>` or `<style>`; null for void elements. */
  text: string | null;
  /** Conflict key (see keys.ts), null when nothing can conflict with it. */
  key: string | null;
  /** Carries the mark: written by an earlier run. */
  ours: boolean;
  /** A `<script type="application/ld+json">`. */
  jsonLd: boolean;
}

export interface HeadScan {
  elements: HeadElement[];
  /** The page has a `<head>` start tag. */
  headTag: boolean;
  /** The head holds at least one element (its start tag may be implied). */
  headContent: boolean;
  /** Where new head content goes: at `</head>`, at what implied the head's end, or at the end. */
  insertAt: number;
  closedBy: 'end-tag' | 'body-content' | 'end-of-document';
  /** Chunks handed to the tokenizer (bounded by the head's size, for tests and benchmarks). */
  chunks: number;
}

// Start tags the HTML spec keeps in the head ("in head" insertion mode); any other ends it.
const HEAD_TAGS = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'title',
  'noscript',
  'noframes',
  'style',
  'script',
  'template',
  'head',
  'html',
]);
// Elements whose text the tokenizer reads raw up to their end tag.
const TEXT_ELEMENTS = new Set(['title', 'script', 'style', 'noframes']);
// Content browsers do not treat as head elements (noscript runs as raw text with scripting on).
const INERT_ELEMENTS = new Set(['noscript', 'template']);
const HEAD_ENDING_END_TAGS = new Set(['head', 'body', 'html', 'br']);

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0xfeff;
}

function elementKey(element: HeadElement): string | null {
  if (element.name === 'title') return 'title';
  if (element.name === 'meta') return metaKey(element.attrs);
  if (element.name === 'link') return linkKey(element.attrs);
  return null;
}

function isJsonLd(element: HeadElement): boolean {
  return element.name === 'script' && isJsonLdType(element.attrs.get('type'));
}

/**
 * Reads the head of `html` with htmlparser2's tokenizer (no DOM, no regex over the page).
 *
 * @example scanHead('<head><title>Hi</title></head><body>').elements[0].text // 'Hi'
 */
export function scanHead(html: string): HeadScan {
  const elements: HeadElement[] = [];
  const scan: HeadScan = {
    elements,
    headTag: false,
    headContent: false,
    insertAt: html.length,
    closedBy: 'end-of-document',
    chunks: 0,
  };
  let done = false;
  let tag: HeadElement | null = null; // start tag being read
  let open: HeadElement | null = null; // text element waiting for its end tag
  let inert: string | null = null;
  let inertDepth = 0;
  let attrName = '';
  let attrValue = '';
  let cursor = 0; // end of the last token, where a character reference in text starts

  const finish = (at: number, by: HeadScan['closedBy']): void => {
    done = true;
    scan.insertAt = at;
    scan.closedBy = by;
    tokenizer.pause();
  };

  const endStartTag = (gt: number): void => {
    const element = tag;
    tag = null;
    cursor = gt + 1;
    if (element === null || done) return;
    element.end = gt + 1;
    if (inert !== null) {
      if (element.name === inert) inertDepth++;
      return;
    }
    if (element.name === 'html') return;
    if (element.name === 'head') {
      scan.headTag = true;
      return;
    }
    scan.headContent = true;
    if (INERT_ELEMENTS.has(element.name)) {
      inert = element.name;
      inertDepth = 1;
      return;
    }
    if (TEXT_ELEMENTS.has(element.name)) {
      element.text = '';
      open = element;
      return;
    }
    elements.push(element);
  };

  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      if (done) return;
      const name = html.slice(start, end).toLowerCase();
      if (inert === null && !HEAD_TAGS.has(name)) return finish(start - 1, 'body-content');
      tag = {
        name,
        start: start - 1,
        end: end,
        attrs: new Map(),
        text: null,
        key: null,
        ours: false,
        jsonLd: false,
      };
    },
    onattribname(start, end) {
      attrName = html.slice(start, end).toLowerCase();
      attrValue = '';
    },
    onattribdata(start, end) {
      attrValue += html.slice(start, end);
    },
    onattribentity(codepoint) {
      attrValue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (tag !== null && !tag.attrs.has(attrName)) tag.attrs.set(attrName, attrValue);
      attrValue = '';
    },
    onopentagend: endStartTag,
    onselfclosingtag: endStartTag,
    onclosetag(start, end) {
      if (done) return;
      const name = html.slice(start, end).toLowerCase();
      // End tags skip to the next '>' whatever comes between, as the tokenizer itself does.
      const gt = html.indexOf('>', end);
      cursor = gt === -1 ? html.length : gt + 1;
      if (open !== null) {
        if (name !== open.name) return;
        open.end = cursor;
        elements.push(open);
        open = null;
      } else if (inert !== null) {
        if (name === inert && --inertDepth === 0) inert = null;
      } else if (HEAD_ENDING_END_TAGS.has(name)) {
        finish(start - 2, name === 'head' ? 'end-tag' : 'body-content');
      }
    },
    ontext(start, end) {
      if (done) return;
      cursor = end;
      if (open !== null) {
        open.text += html.slice(start, end);
        return;
      }
      if (inert !== null) return;
      for (let i = start; i < end; i++) {
        if (!isSpace(html.charCodeAt(i))) return finish(i, 'body-content');
      }
    },
    ontextentity(codepoint, end) {
      if (done) return;
      const start = cursor;
      cursor = end;
      if (open !== null) open.text += String.fromCodePoint(codepoint);
      else if (inert === null) finish(start, 'body-content');
    },
    oncomment(_start, gt) {
      cursor = gt + 1;
    },
    oncdata(_start, gt) {
      cursor = gt + 1;
    },
    ondeclaration(_start, gt) {
      cursor = gt + 1;
    },
    onprocessinginstruction(_start, gt) {
      cursor = gt + 1;
    },
    onend() {},
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);

  for (let offset = 0; offset < html.length && !done; offset += CHUNK_SIZE) {
    scan.chunks++;
    tokenizer.write(html.slice(offset, offset + CHUNK_SIZE));
  }
  if (!done) {
    tokenizer.end();
    // A document cut inside a tag or a title: new content goes before the unfinished part.
    const unfinished = (open as HeadElement | null) ?? (tag as HeadElement | null);
    if (!done && unfinished !== null) scan.insertAt = unfinished.start;
  }
  for (const element of elements) {
    element.key = elementKey(element);
    element.ours = element.attrs.has(MARK);
    element.jsonLd = isJsonLd(element);
  }
  return scan;
}
