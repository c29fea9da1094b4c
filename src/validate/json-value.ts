// A document given as objects, not text, is validated as the JSON it stands for. Objects can hold what JSON
// cannot: a cycle (`a.hasPart = [a, a]` was walked for ever), one object under many keys (walked once per
// place: exponential in depth), a BigInt. Text parsed by JSON.parse holds none of them, so only objects are
// looked at, once each.
import { formatPath } from './json-path.ts';

/** Values a document given as objects may stand for, written out as JSON (a shared object once per place). */
const MAX_VALUES = 1_000_000;

interface Frame {
  value: object;
  key: string | number | null;
  parent: Frame | null;
  children: Array<[string | number, unknown]>;
  next: number;
  /** Values in this object's JSON, itself included. */
  size: number;
}

function pathOf(frame: Frame | null, last?: string | number): string {
  const segments: Array<string | number> = last === undefined ? [] : [last];
  for (let at = frame; at?.key != null; at = at.parent) segments.unshift(at.key);
  return formatPath(segments);
}

function frameOf(value: object, key: string | number | null, parent: Frame | null): Frame {
  const children: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((child, index) => [index, child])
    : Object.entries(value);
  return { value, key, parent, children, next: 0, size: 1 };
}

/**
 * `document` itself when it is a tree of JSON values; else its JSON copy (JSON.stringify decides, as a page
 * would: a Date becomes its text, a shared object a copy in each place). Throws a TypeError naming the caller
 * and where JSON cannot follow: a cycle, a BigInt, or a million values and more once shared objects are
 * written out in each place.
 *
 * @example asJsonValue({ '@type': 'Thing' }, 'validateJsonLd') // the same object
 */
export function asJsonValue(document: unknown, caller: string): unknown {
  if (typeof document === 'bigint')
    throw new TypeError(`${caller}: the document is a BigInt, which JSON cannot hold.`);
  if (document === null || typeof document !== 'object') return document;
  // Each object's JSON size once its walk is done; 'open' while it is on the path being walked.
  const sizes = new Map<object, number | 'open'>([[document, 'open']]);
  let tree = typeof (document as { toJSON?: unknown }).toJSON !== 'function';
  const root = frameOf(document, null, null);
  let top: Frame | null = root;
  while (top !== null) {
    const frame: Frame = top;
    if (frame.next === frame.children.length) {
      sizes.set(frame.value, frame.size);
      if (frame.parent) frame.parent.size += frame.size;
      top = frame.parent;
      continue;
    }
    const [key, child] = frame.children[frame.next++]!;
    if (typeof child === 'bigint')
      throw new TypeError(
        `${caller}: ${pathOf(frame, key)} is a BigInt, which JSON cannot hold; give it as a number or as text.`,
      );
    if (child === null || typeof child !== 'object') {
      frame.size++;
      continue;
    }
    const known = sizes.get(child);
    if (known === 'open')
      throw new TypeError(
        `${caller}: ${pathOf(frame, key)} is the object at ${pathOf(ancestorHolding(frame, child))} again, a cycle JSON cannot hold; pass JSON text or plain objects.`,
      );
    if (known !== undefined || typeof (child as { toJSON?: unknown }).toJSON === 'function') {
      tree = false;
      frame.size += known ?? 1;
      continue;
    }
    sizes.set(child, 'open');
    top = frameOf(child, key, frame);
  }
  if (tree) return document;
  if (root.size > MAX_VALUES)
    throw new TypeError(
      `${caller}: written as JSON, the document would hold ${root.size.toExponential(1)} values (objects used in more than one place are written in each); pass JSON text or plain objects.`,
    );
  return JSON.parse(JSON.stringify(document));
}

/** The frame on the walked path whose object is `value`. */
function ancestorHolding(frame: Frame, value: object): Frame | null {
  for (let at: Frame | null = frame; at; at = at.parent) if (at.value === value) return at;
  return null;
}
