// A page's (or an XML file's) tags and text as a flat stream, from htmlparser2's tokenizer: names, attributes
// and text with character references decoded, and no tree. htmlparser2's Parser keeps its open elements in an
// array it grows and shrinks at the front, which costs time in the square of the nesting: 300,000 unclosed
// <div>s (1.5 MB) held the reference server's only thread for a minute in a scan. The readers here need only
// the tags and the text between them (a page's title and meta tags, a sitemap's <loc>s, a REST link).
import { Tokenizer } from 'htmlparser2';

export interface TagEvents {
  /** An element's start tag, its name lower-cased (in HTML) and its attributes, the first of a name kept. */
  onOpenTag?(name: string, attributes: Record<string, string>): void;
  /** Text, in one or more pieces (a character reference is a piece of its own); CDATA sections in XML. */
  onText?(text: string): void;
  /** An end tag as written (`</title>`), lower-cased in HTML; in XML, a self-closing tag's end too. */
  onCloseTag?(name: string): void;
}

/** Characters tokenized at a time: a reader may stop between pieces. */
const PIECE = 64 * 1024;

/**
 * Reads `markup` tag by tag until its end, or until `stop` says so between pieces of 64 KiB. Returns how many
 * characters were read: all of them, or where it stopped.
 *
 * @example readTags('<title>A &amp; B</title>', { onText: (text) => out.push(text) }) // out: ['A ', '&', ' B']
 */
export function readTags(
  markup: string,
  events: TagEvents,
  options: { xmlMode?: boolean; stop?: () => boolean } = {},
): number {
  const xmlMode = options.xmlMode === true;
  const nameOf = (start: number, end: number) => {
    const name = markup.slice(start, end);
    return xmlMode ? name : name.toLowerCase();
  };
  let tag = '';
  let attributes: Record<string, string> = {};
  let attribute = '';
  let value = '';
  const open = () => events.onOpenTag?.(tag, attributes);
  const tokenizer = new Tokenizer(
    { xmlMode, decodeEntities: true },
    {
      onopentagname(start, end) {
        tag = nameOf(start, end);
        attributes = {};
      },
      onattribname(start, end) {
        attribute = nameOf(start, end);
        value = '';
      },
      onattribdata(start, end) {
        value += markup.slice(start, end);
      },
      onattribentity(codepoint) {
        value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (!Object.hasOwn(attributes, attribute)) attributes[attribute] = value;
      },
      onopentagend: open,
      onselfclosingtag() {
        open();
        if (xmlMode) events.onCloseTag?.(tag);
      },
      onclosetag(start, end) {
        events.onCloseTag?.(nameOf(start, end));
      },
      ontext(start, end) {
        events.onText?.(markup.slice(start, end));
      },
      ontextentity(codepoint) {
        events.onText?.(String.fromCodePoint(codepoint));
      },
      oncdata(start, end, offset) {
        if (xmlMode) events.onText?.(markup.slice(start, end - offset));
      },
      oncomment() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  let at = 0;
  while (at < markup.length) {
    if (options.stop?.()) return at;
    tokenizer.write(markup.slice(at, at + PIECE));
    at += PIECE;
  }
  tokenizer.end();
  return markup.length;
}
