// Where two JSON documents differ, as JSON paths with old and new values: what a reviewer reads in a push plan.
// Iterative, so a document of any depth is compared without overflowing the stack.
import { isRawNumber } from '../lossless-json.ts';
import { printable } from '../printable.ts';
import { formatPath } from '../validate/json-path.ts';

export interface JsonChange {
  path: string;
  /** undefined: the value is not there on that side. */
  from: unknown;
  to: unknown;
}

/** How many changes of one document a plan lists: beyond them, two documents' changes are not all known. */
export const CHANGES_LISTED = 20;

/**
 * The differing leaves of `before` and `after` (objects by key, arrays by index), at most `limit` of them.
 * @example jsonChanges({ a: 1, b: [1] }, { a: 2, b: [1, 2] }) // [{ path: '$.a', from: 1, to: 2 }, { path: '$.b[1]', from: undefined, to: 2 }]
 */
export function jsonChanges(before: unknown, after: unknown, limit = CHANGES_LISTED): JsonChange[] {
  const changes: JsonChange[] = [];
  // Paths are linked lists, so a deep document costs no copying; a path is spelled out only for a change.
  type Path = { key: string | number; parent: Path } | null;
  const stack: Array<{ a: unknown; b: unknown; path: Path }> = [{ a: before, b: after, path: null }];
  while (stack.length > 0 && changes.length < limit) {
    const { a, b, path } = stack.pop()!;
    const bothArrays = Array.isArray(a) && Array.isArray(b);
    const bothObjects = isObject(a) && isObject(b);
    if (bothArrays || bothObjects) {
      const keys = bothArrays
        ? Array.from(
            { length: Math.max((a as unknown[]).length, (b as unknown[]).length) },
            (_, index) => index,
          )
        : [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
      // Reversed onto the stack, so changes come out in document order.
      for (const key of keys.reverse()) {
        const left = (a as Record<string | number, unknown>)[key];
        const right = (b as Record<string | number, unknown>)[key];
        const has = (side: unknown) =>
          bothArrays ? (key as number) < (side as unknown[]).length : Object.hasOwn(side as object, key);
        stack.push({
          a: has(a) ? left : undefined,
          b: has(b) ? right : undefined,
          path: { key, parent: path },
        });
      }
    } else if (!sameLeaf(a, b)) {
      const segments: Array<string | number> = [];
      for (let node = path; node; node = node.parent) segments.push(node.key);
      changes.push({ path: formatPath(segments.reverse()), from: a, to: b });
    }
  }
  return changes;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isRawNumber(value);
}

/** Two values that are not containers: equal as JSON says them (-0 is 0; a number kept as text by its digits). */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return (isRawNumber(a) || isRawNumber(b)) && JSON.stringify(a) === JSON.stringify(b);
}

/** A value as a plan line shows it: JSON (printable in a terminal), cut short. `undefined` is "(none)". */
export function showValue(value: unknown, max = 60): string {
  if (value === undefined) return '(none)';
  let text: string;
  try {
    // JSON leaves C1 controls and the Unicode line separators as they are.
    text = printable(JSON.stringify(value) ?? String(value));
  } catch {
    text = '(too deep to show)';
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Each change on its own line below a plan line: `    $.headline: "Hello" → "Hello again"`. */
export function changeLines(changes: JsonChange[]): string {
  return changes
    .map((change) => `\n    ${printable(change.path)}: ${showValue(change.from)} → ${showValue(change.to)}`)
    .join('');
}
