// JSON.parse with the line and column of a syntax error. V8 gives an offset for some errors only, so on
// failure (the rare path) a small scanner finds where the text stops being JSON.

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number; column: number };

/**
 * Parses JSON text; on failure says what and where, 1-based. With `script`, the text is a JSON-LD script, and
 * what templates and HTML do to one (escaping it, a `</script>` in a string) is named too.
 * @example parseJson('{"a":}') // { ok: false, message: "Unexpected token '}'", line: 1, column: 6 }
 */
export function parseJson(text: string, script = false): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const raw = (error as Error).message;
    const reported = /position (\d+)/.exec(raw)?.[1];
    const offset = reported === undefined ? errorOffset(text) : Number(reported);
    const message = raw
      .replace(/ at position \d+( \(line \d+ column \d+\))?/, '')
      .replace(/ in JSON$/, '')
      // V8 quotes the text around the error, cut short with "..." either side: the line and column say where.
      .replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '')
      .replace(/^(?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, 'Not valid JSON');
    const said = explained(message, text, offset, script);
    return { ok: false, message: said, ...lineAndColumn(text, offset) };
  }
}

/**
 * The parser's message with the usual cause of the break at `offset`, where the text shows one; for a JSON-LD
 * script (`script`), also what templates and HTML do to one.
 */
function explained(message: string, text: string, offset: number, script: boolean): string {
  if (script) {
    const cause = scriptCause(message, text, offset);
    if (cause) return cause;
  }
  // A comment where the text breaks: examples copied from documentation carry them, and JSON has none.
  if (text.startsWith('//', offset) || text.startsWith('/*', offset))
    return `${message}: a comment, which JSON does not allow (remove it)`;
  // A character that shows as nothing (an editor's byte order mark, a space pasted from a web page).
  const invisible = INVISIBLE[text.charCodeAt(offset)];
  if (invisible)
    return `Unexpected ${invisible}, which looks like a space or nothing at all and which JSON does not allow there (remove it)`;
  // A line break or tab typed inside a string (a description written over several lines).
  const control = CONTROL[text.charCodeAt(offset)];
  if (control && /control character in string/i.test(message))
    return `${message}: ${control} inside a string, which JSON does not allow (${control === 'a tab' ? 'write it as \\t' : 'join the lines, or write it as \\n'})`;
  return message;
}

/** What a template or a page's HTML did to a JSON-LD script, where the text shows it; null otherwise. */
function scriptCause(message: string, text: string, offset: number): string | null {
  if (text.trim() === '')
    return 'Empty: there is no JSON here (a template or a CMS field with nothing in it); fill it, or leave the script out';
  if (text.startsWith('<!--', offset))
    return `${message}: an HTML comment, which JSON does not allow (remove the <!-- --> around the JSON-LD: browsers have not needed it for decades)`;
  if (/^&(?:quot|#34|#x22);/i.test(text.slice(offset, offset + 6)))
    return `${message}: "&quot;" where JSON has a quote: the whole JSON-LD was HTML-escaped (a template escaping for HTML; output it unescaped into the script)`;
  // A page's HTML ends the script at the first "</script>", even inside a JSON string.
  if (/Unterminated string/i.test(message) && offset >= text.trimEnd().length - 1)
    return `${message}: the text ends inside a string. In a page, a string holding "</script>" ends the script there (write it as "<\\/script>")`;
  return null;
}

const CONTROL: Record<number, string> = { 10: 'a line break', 13: 'a line break', 9: 'a tab' };

const INVISIBLE: Record<number, string> = {
  65279: 'U+FEFF, a byte order mark',
  160: 'U+00A0, a no-break space',
  8203: 'U+200B, a zero-width space',
  8204: 'U+200C, a zero-width non-joiner',
  8205: 'U+200D, a zero-width joiner',
  8288: 'U+2060, a word joiner',
  8232: 'U+2028, a line separator',
  8233: 'U+2029, a paragraph separator',
};

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const literal = /true|false|null/y;
const number = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const string = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/**
 * The offset of the first character that makes `text` invalid JSON. Iterative, with the open containers on
 * an explicit stack, so no nesting depth can overflow the call stack.
 */
function errorOffset(text: string): number {
  let at = 0;
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const token = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const open: string[] = []; // closing characters of the containers we are in
  for (;;) {
    // A value is expected here (or, right after an opening bracket, the container's end).
    space();
    const char = text[at];
    if (char === '{' || char === '[') {
      at++;
      space();
      const close = char === '{' ? '}' : ']';
      if (text[at] === close) at++;
      else {
        open.push(close);
        if (close === '}' && !memberKey()) return at;
        continue;
      }
    } else if (!(char === '"' ? token(string) : token(number) || token(literal))) return at;
    // After a value: close containers, or go on to the next member.
    for (;;) {
      space();
      const close = open.at(-1);
      if (close === undefined) return at;
      if (text[at] === close) {
        at++;
        open.pop();
        continue;
      }
      if (text[at] !== ',') return at;
      at++;
      if (close === '}' && !memberKey()) return at;
      break;
    }
  }

  function memberKey(): boolean {
    space();
    if (!token(string)) return false;
    space();
    if (text[at] !== ':') return false;
    at++;
    return true;
  }
}
