// JSON read and written without losing a number's digits. `JSON.parse` turns 9007199254740993 (a productID, a
// GTIN written as a number) into 9007199254740992, and a pull then a push would write that into the CMS: numbers
// with more digits than a double keeps stay as their text (`JSON.rawJSON`), which `JSON.stringify` writes back
// as it was. Where the runtime has no `JSON.rawJSON` (Node before 21, some other runtimes), plain `JSON.parse`.

interface RawJson {
  readonly rawJSON: string;
}
const native = JSON as unknown as {
  rawJSON?: (text: string) => RawJson;
  isRawJSON?: (value: unknown) => value is RawJson;
};

/** Significant digits a double always gives back as written. */
const SAFE_DIGITS = 15;

/** Whether a number's text has more significant digits than a double keeps (`9007199254740993`, `0.1234567890123456789`). */
function losesDigits(source: string): boolean {
  const digits = source
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return digits.length > SAFE_DIGITS;
}

/**
 * `JSON.parse`, keeping numbers a double would change as their text.
 *
 * @example JSON.stringify(parseLossless('{"gtin":12345678901234567890}')) // '{"gtin":12345678901234567890}'
 */
export function parseLossless(text: string): unknown {
  const raw = native.rawJSON;
  // Sixteen characters of digits (and a point) are where a number can start losing digits: text without them
  // is parsed at JSON.parse's own speed.
  if (!raw || !/[\d.]{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined && losesDigits(context.source)
      ? raw(context.source)
      : value,
  );
}

/** Whether a value is a number kept as its text by `parseLossless`. */
export function isRawNumber(value: unknown): value is RawJson {
  return native.isRawJSON?.(value) ?? false;
}

/**
 * The same value with kept numbers as plain numbers (what the validator and the head core read); the value
 * itself when it holds none.
 *
 * @example plainJson(parseLossless('[9007199254740993]')) // [9007199254740992]
 */
export function plainJson<T>(value: T): T {
  if (!native.rawJSON || value === null || typeof value !== 'object' || !holdsRaw(value)) return value;
  return JSON.parse(JSON.stringify(value)) as T;
}

function holdsRaw(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (isRawNumber(next)) return true;
    if (next !== null && typeof next === 'object') stack.push(...Object.values(next));
  }
  return false;
}
