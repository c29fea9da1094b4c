/** Escaping for what goes into a page's head, and the URL schemes allowed there. */
import { decodeHTMLStrict } from 'entities/decode';

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for the body of a `<script type="application/ld+json">`: no value can end the script
 * (`</script>`), open a comment (`<!--`) or break a JavaScript line, and `JSON.parse` of the
 * script text gives back exactly `value`.
 *
 * @example serializeJsonForScript({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function serializeJsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) {
    throw new TypeError(
      `serializeJsonForScript: a ${typeof value} has no JSON form; pass an object or array.`,
    );
  }
  // These characters only occur inside JSON strings, where a \u escape means the same character.
  return json.replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);
}

const ATTRIBUTE_UNSAFE = /[&"'<>]/g;
const TEXT_UNSAFE = /[&<>]/g;
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * A value for a double-quoted attribute.
 *
 * @example escapeAttribute('Tom & "Jerry"') // 'Tom &amp; &quot;Jerry&quot;'
 */
export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_UNSAFE, (c) => HTML_ESCAPES[c]!);
}

/**
 * Text for an element such as `<title>` (RCDATA: only `&` and `<` matter, `>` is escaped for symmetry).
 *
 * @example escapeText('a < b & c') // 'a &lt; b &amp; c'
 */
export function escapeText(value: string): string {
  return value.replace(TEXT_UNSAFE, (c) => HTML_ESCAPES[c]!);
}

/**
 * HTML text as plain text: complete character references (`&amp;`, `&#8217;`, `&#x27;`) decoded, anything
 * else kept as it is.
 *
 * @example decodeCharacterReferences('Tom&#8217;s &amp; AT&T') // 'Tom’s & AT&T'
 */
export function decodeCharacterReferences(value: string): string {
  return value.includes('&') ? decodeHTMLStrict(value) : value;
}

const NUMERIC_ENTITY = /&#(x[0-9a-f]+|[0-9]+);?/gi;
const NAMED_URL_ENTITIES = /&(colon|tab|newline);?/gi;
const NAMED_VALUES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n' };
// Browsers drop ASCII tabs and newlines anywhere in a URL and C0 controls and spaces around it.
const IGNORED_IN_URL = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/;

/**
 * Whether a URL may be written into `href` / `content`: http(s) or relative. `javascript:`,
 * `data:`, `vbscript:` and any other scheme are refused, also when hidden behind case, whitespace,
 * control characters or character references (`jav&#x61;script:`).
 *
 * @example isSafeUrl('https://example.com/a') // true
 * @example isSafeUrl(' JaVa\tScript:alert(1)') // false
 */
export function isSafeUrl(url: string): boolean {
  const decoded = url
    .replace(NUMERIC_ENTITY, (_, code: string) => {
      const n = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
      return n > 0x10ffff ? '' : String.fromCodePoint(n);
    })
    .replace(NAMED_URL_ENTITIES, (_, name: string) => NAMED_VALUES[name.toLowerCase()]!);
  const normalised = decoded.replace(IGNORED_IN_URL, '').toLowerCase();
  const scheme = SCHEME.exec(normalised)?.[1];
  return scheme === undefined || scheme === 'http' || scheme === 'https';
}
