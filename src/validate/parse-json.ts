// JSON.parse with the line and column of a syntax error. V8 gives an offset for some errors only, so on
// failure (the rare path) a small scanner finds where the text stops being JSON.

import { deepestOffset, MAX_JSON_DEPTH } from '../parse-json-safely.ts';

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number; column: number };

/**
 * Parses JSON text; on failure says what and where, 1-based.
 * @example parseJson('{"a":}') // { ok: false, message: "Unexpected token '}'", line: 1, column: 6 }
 */
export function parseJson(text: string): ParsedJson {
  // A document deeper than the bound is refused before anything recursive (below, or after) meets it.
  const deep = deepestOffset(text, MAX_JSON_DEPTH);
  if (deep !== -1) {
    return { ok: false, message: `Nests deeper than ${MAX_JSON_DEPTH} levels`, ...lineAndColumn(text, deep) };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const raw = (error as Error).message;
    const reported = /position (\d+)/.exec(raw)?.[1];
    const offset = reported === undefined ? errorOffset(text) : Number(reported);
    const message = raw
      .replace(/ at position \d+( \(line \d+ column \d+\))?/, '')
      .replace(/ in JSON$/, '')
      .replace(/, "[\s\S]*" is not valid JSON$/, '')
      .replace(/^"[\s\S]*" is not valid JSON$/, 'Not valid JSON');
    return { ok: false, message, ...lineAndColumn(text, offset) };
  }
}

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

/** The offset of the first character that makes `text` invalid JSON. */
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
  const value = (): boolean => {
    space();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) return ++at > 0;
      for (;;) {
        if (char === '{') {
          space();
          if (!token(string)) return false;
          space();
          if (text[at] !== ':') return false;
          at++;
        }
        if (!value()) return false;
        space();
        if (text[at] === close) return ++at > 0;
        if (text[at] !== ',') return false;
        at++;
      }
    }
    if (char === '"') return token(string);
    return token(number) || token(literal);
  };
  if (value()) space();
  return at;
}
