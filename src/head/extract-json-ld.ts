// Finds the JSON-LD scripts of an HTML page with htmlparser2's tokenizer, so comments, attributes and other
// scripts that merely mention "ld+json" are read as a browser reads them. The raw tokenizer reports offsets
// only, so nothing is sliced out of the page except script tags' names, `type` values and JSON-LD bodies.
import { Tokenizer } from 'htmlparser2';
import { isJsonLdType, mentionsLdJsonAt } from './json-ld-type.ts';

export interface JsonLdScript {
  /** The script's body, as written. */
  text: string;
  /** 1-based line and column of the body's first character. */
  line: number;
  column: number;
  /** The whole element's range in the page, `<script` to the end of `</script>`: what removing it removes. */
  start: number;
  end: number;
}

const noop = (): void => {};

/**
 * The bodies of every `<script type="application/ld+json">` in a page, in document order.
 * @example extractJsonLd('<script type="application/ld+json">{}</script>') // [{ text: '{}', line: 1, column: 36, start: 0, end: 46 }]
 */
export function extractJsonLd(html: string): JsonLdScript[] {
  const scripts: JsonLdScript[] = [];
  // No script can match without this text: skip tokenizing pages that carry none.
  const lastMention = lastJsonLdMention(html);
  if (lastMention === -1) return scripts;
  let script = false; // inside a <script ...> open tag
  let typeAttribute = false;
  let typeSeen = false; // a tag's first `type` counts, as in a browser: later ones are dropped
  let type = '';
  let tagStart = -1; // where the current <script ...> open tag starts
  let bodyStart = -1; // inside a JSON-LD script's body
  let line = 1;
  let lineStart = 0;
  // The first line break not yet counted (-1: none is left). Kept between scripts, so the page is searched for
  // line breaks once: searched again from each script, a page of 100,000 scripts on one line took minutes.
  let newline = html.indexOf('\n');
  /** The JSON-LD script whose body ends at `bodyEnd` and whose element ends at `elementEnd`. */
  const found = (bodyEnd: number, elementEnd: number): void => {
    while (newline !== -1 && newline < bodyStart) {
      line++;
      lineStart = newline + 1;
      newline = html.indexOf('\n', newline + 1);
    }
    scripts.push({
      text: html.slice(bodyStart, bodyEnd),
      line,
      column: bodyStart - lineStart + 1,
      start: tagStart,
      end: elementEnd,
    });
    bodyStart = -1;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        script = end - start === 6 && html.slice(start, end).toLowerCase() === 'script';
        // `start` is the name's offset, after "<".
        if (script) tagStart = start - 1;
        type = '';
        typeSeen = false;
      },
      onattribname(start, end) {
        typeAttribute =
          script && !typeSeen && end - start === 4 && html.slice(start, end).toLowerCase() === 'type';
        if (typeAttribute) typeSeen = true;
      },
      onattribdata(start, end) {
        if (typeAttribute) type += html.slice(start, end);
      },
      onattribend() {
        typeAttribute = false;
      },
      onopentagend(end) {
        if (script && isJsonLdType(type)) bodyStart = end + 1;
        script = false;
      },
      onclosetag(start, end) {
        if (bodyStart === -1) return;
        // `start` is the tag name's offset, after "</".
        const closed = html.indexOf('>', end);
        found(start - 2, closed === -1 ? html.length : closed + 1);
      },
      onselfclosingtag() {
        script = false;
      },
      onattribentity: noop,
      oncdata: noop,
      oncomment: noop,
      ondeclaration: noop,
      // A script never closed runs to the end of the page, as a browser reads it: its JSON is then cut short,
      // which the validator says, rather than the script going unseen.
      onend() {
        if (bodyStart !== -1) found(html.length, html.length);
      },
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html.slice(0, relevantEnd(html, lastMention)));
  tokenizer.end();
  return scripts;
}

const scriptEnd = /<\/script[^>]*>/gi;

/**
 * Where the last "ld+json" (in any case) starts, or -1. Found from the page's last "+" backwards, so a page is
 * neither lower-cased whole nor scanned by a case-insensitive pattern.
 */
function lastJsonLdMention(html: string): number {
  for (let at = html.lastIndexOf('+'); at !== -1; at = at > 0 ? html.lastIndexOf('+', at - 1) : -1) {
    if (mentionsLdJsonAt(html, at)) return at - 2;
  }
  return -1;
}

/**
 * Where tokenizing can stop: no JSON-LD script can start after the last "ld+json" in the page, and a script
 * that starts before it ends at the first `</script` after it. Built pages keep JSON-LD in the head, so the
 * body is usually skipped.
 */
function relevantEnd(html: string, lastMention: number): number {
  scriptEnd.lastIndex = lastMention;
  return scriptEnd.exec(html) ? scriptEnd.lastIndex : html.length;
}
