// Reads an answer's text as JSON, tolerating PHP notices printed before or after it.
import { decodeHTMLStrict } from 'entities/decode';
import { parseJsonSafely, valueEnd } from '../parse-json-safely.ts';

export type BodyReading =
  | { kind: 'json'; value: unknown; prefix: string }
  | { kind: 'empty' }
  | { kind: 'too-deep'; message: string }
  | { kind: 'html'; snippet: string }
  | { kind: 'text'; snippet: string };

const SNIPPET_LENGTH = 200;
// What PHP prints of an error, as HTML (display_errors on) or text: a warning raised after WordPress has sent
// its JSON (at shutdown) follows the JSON.
const PHP_OUTPUT =
  /^(<br\s*\/?>|<b>\s*(warning|notice|deprecated|fatal error|parse error|strict standards)|(php )?(warning|notice|deprecated|fatal error|parse error|strict standards)\s*:)/i;
const MAX_START_TRIES = 200;

function snippetOf(text: string): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  // At a word's end: a message that stops at "The server" reads as a sentence cut off.
  const cut = text.slice(0, SNIPPET_LENGTH + 1);
  const end = cut.lastIndexOf(' ');
  return `${cut.slice(0, end > SNIPPET_LENGTH / 2 ? end : SNIPPET_LENGTH).trimEnd()}…`;
}

/**
 * What an HTML page says, as a reader sees it: its text without tags, scripts or styles, spaces collapsed
 * (an error page is quoted by its words, not its markup).
 *
 * @example textOfHtml('<h1>Service Unavailable</h1>\n<p>The server is down.</p>') // 'Service Unavailable The server is down.'
 */
export function textOfHtml(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Inline tags within a line of text (PHP's `<b>Fatal error</b>: …`); any other ends a run of text.
    .replace(/<\/?(a|b|code|em|font|i|small|span|strong|u)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ');
  return decodeHTMLStrict(text).replace(/\s+/g, ' ').trim();
}

/**
 * Parses an answer body. A JSON value preceded by other output (PHP notices, a stray BOM or echo), or followed
 * by PHP's warnings, is read as that value; an HTML page (by its text) or other text is reported with its first
 * 200 characters or so, cut at a word.
 *
 * @example
 * readBody('<b>Notice</b>: Undefined index in x.php<br />\n{"id":1}') // { kind: 'json', value: { id: 1 }, ... }
 */
export function readBody(raw: string): BodyReading {
  const text = raw.replace(/^\uFEFF/, '').trim();
  if (text === '') return { kind: 'empty' };
  const whole = parseJsonSafely(text);
  if (whole.ok) return { kind: 'json', value: whole.value, prefix: '' };
  if (whole.reason === 'too-deep') return { kind: 'too-deep', message: whole.message };
  // Not JSON as a whole: look for a JSON object or array that runs to the end, or to PHP's output after it.
  let tries = 0;
  for (let start = text.search(/[[{]/); start >= 0 && tries < MAX_START_TRIES; tries++) {
    if (start > 0) {
      const tail = parseJsonSafely(text.slice(start));
      if (tail.ok) return { kind: 'json', value: tail.value, prefix: text.slice(0, start) };
    }
    const end = valueEnd(text, start);
    if (end > start && PHP_OUTPUT.test(text.slice(end + 1).trimStart())) {
      const value = parseJsonSafely(text.slice(start, end + 1));
      if (value.ok) return { kind: 'json', value: value.value, prefix: text.slice(0, start) };
    }
    const next = text.slice(start + 1).search(/[[{]/);
    start = next < 0 ? -1 : start + 1 + next;
  }
  const looksHtml = /^<|<(!doctype|html|head|body|br|b|p|div|title)[\s>/]/i.test(text);
  if (!looksHtml) return { kind: 'text', snippet: snippetOf(text) };
  return { kind: 'html', snippet: snippetOf(textOfHtml(text) || text) };
}
