// JSON text read with a bound on nesting. V8's JSON.parse itself copes with any depth, but every recursive
// walk after it (zod, JSON.stringify, the validator) overflows the stack on a deep document: the depth is
// measured on the text first, in one pass without recursion, so a deep document never becomes a value.

/** Deeper than this is refused by every reader of JSON from outside (client, server, validator). */
export const MAX_JSON_DEPTH = 512;

export type SafeJson =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too-deep'; message: string; offset: number }
  | { ok: false; reason: 'syntax'; message: string };

/**
 * The offset of the bracket that opens nesting level `limit + 1` outside strings, or -1 when `text` never
 * nests that deep. Brackets inside strings (escapes included) do not count.
 *
 * @example deepestOffset('[[1]]', 1) // 1
 */
export function deepestOffset(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * The offset of the bracket that closes the array or object opening at `start` (brackets inside strings do not
 * count), or -1 when the text ends first.
 *
 * @example valueEnd('{"a":"}"} and more', 0) // 8
 */
export function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if ((c === 0x5d || c === 0x7d) && --depth === 0) return i;
  }
  return -1;
}

/**
 * JSON.parse that refuses documents nested deeper than `maxDepth` and never throws.
 *
 * @example parseJsonSafely('[[1]]', 1) // { ok: false, reason: 'too-deep', message: 'nests deeper than 1 levels', offset: 1 }
 */
export function parseJsonSafely(text: string, maxDepth = MAX_JSON_DEPTH): SafeJson {
  const offset = deepestOffset(text, maxDepth);
  if (offset !== -1)
    return { ok: false, reason: 'too-deep', message: `nests deeper than ${maxDepth} levels`, offset };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: 'syntax', message: (error as Error).message };
  }
}

/** Whether a parsed value nests deeper than `limit`, counted without recursion and stopping once past it. */
export function valueNestsDeeper(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
