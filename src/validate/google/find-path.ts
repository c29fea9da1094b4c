// Follows a dotted property path through a node: into arrays, `@list` and `@id` references within the
// document, with the places where a step is missing. Iterative and bounded, so no value nests too deep for
// it. Places are kept as linked steps and spelled out only for a finding: most paths are present.
import { resolveId } from '../check-value.ts';
import type { Walk } from '../walk.ts';
import { MAX_DEPTH } from '../walk-state.ts';

type JsonObject = Record<string, unknown>;
export type Segments = Array<string | number>;

/** A place in the document: the step taken and the place it was taken from. */
export interface Place {
  readonly from: Place | null;
  readonly step: string | number;
  readonly depth: number;
  /** On a missing step: the text, number or boolean found where a node holding it was expected. */
  readonly literal?: string | number | boolean;
  /** On a missing step: the `@id` of the reference that stands where the node was, which no node defines. */
  readonly unresolved?: string;
}

/** The step missing below a value that is no node (`"author": "Chris"` has no `author.name`). */
export function missBelowLiteral(found: { value: unknown; place: Place | null }, step: string): Place {
  const { value } = found;
  const literal =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
  return { ...to(found.place, step), ...(literal === undefined ? {} : { literal }) };
}

/** A place as path segments. */
export function segmentsOf(place: Place | null, base: Segments): Segments {
  const steps: Segments = [];
  for (let at = place; at; at = at.from) steps.push(at.step);
  return [...base, ...steps.reverse()];
}

/** The first step of a place: the node's own property it is under. */
export function firstStep(place: Place | null): string | number | undefined {
  let at = place;
  while (at?.from) at = at.from;
  return at?.step;
}

const to = (from: Place | null, step: string | number): Place => ({
  from,
  step,
  depth: (from?.depth ?? 0) + 1,
});

/** A value at the end of the path, where it is, and the node that holds it. */
export interface Found {
  value: unknown;
  place: Place | null;
  holder: JsonObject;
}

/**
 * The values at the end of `segments` under `node`, and the places where a step is missing.
 * @example findPath(walk, { author: [{ name: 'A' }, {}] }, ['author', 'name'], null).misses // author[1].name
 */
export function findPath(
  walk: Walk,
  node: JsonObject,
  segments: readonly string[],
  start: Place | null,
): { values: Found[]; misses: Place[] } {
  let holders: Array<{ node: JsonObject; place: Place | null }> = [{ node, place: start }];
  const misses: Place[] = [];
  let values: Found[] = [];
  for (let step = 0; step < segments.length; step++) {
    const key = segments[step]!;
    values = [];
    for (const holder of holders) {
      const found = lookup(holder.node, key);
      if (found === undefined || isEmpty(holder.node[found])) {
        // A reference left as it is was not resolved: the node it names is nowhere in the page.
        const unresolved = referenceOf(holder.node);
        const miss = to(holder.place, found ?? key);
        misses.push(unresolved === undefined ? miss : { ...miss, unresolved });
        continue;
      }
      flatten(walk, holder.node[found], to(holder.place, found), holder.node, values);
    }
    if (step + 1 === segments.length) break;
    holders = [];
    // A node named by reference many times is followed once: n references at each of k steps must not make
    // n^k holders (a few kilobytes of repeated `{"@id": "#p"}` would fill the memory).
    const followed = new Set<object>();
    for (const found of values) {
      if (typeof found.value === 'object' && found.value !== null) {
        if (followed.has(found.value)) continue;
        followed.add(found.value);
        holders.push({ node: found.value as JsonObject, place: found.place });
      } else {
        misses.push(missBelowLiteral(found, segments[step + 1]!));
      }
    }
  }
  return { values, misses };
}

/** A property's value as the items it stands for: arrays and `@list` opened, `@id` references resolved. */
function flatten(walk: Walk, value: unknown, place: Place, holder: JsonObject, out: Found[]): void {
  if (!Array.isArray(value) && (typeof value !== 'object' || value === null)) {
    out.push({ value, place, holder }); // the common case: a literal
    return;
  }
  const stack: Array<{ value: unknown; place: Place }> = [{ value, place }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.place.depth > MAX_DEPTH) continue;
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--)
        stack.push({ value: item.value[i], place: to(item.place, i) });
      continue;
    }
    if (typeof item.value === 'object' && item.value !== null) {
      const object = item.value as JsonObject;
      if ('@list' in object) {
        stack.push({ value: object['@list'], place: to(item.place, '@list') });
        continue;
      }
      if ('@value' in object) {
        out.push({ value: object['@value'], place: to(item.place, '@value'), holder });
        continue;
      }
      // A reference, or one part of a node written in several (Yoast's `"author": {"name", "@id"}`): the
      // whole node.
      const id = object['@id'] ?? object.id;
      if (typeof id === 'string') {
        out.push({ value: resolveId(walk, id) ?? object, place: item.place, holder });
        continue;
      }
    }
    out.push({ value: item.value, place: item.place, holder });
  }
}

/** The `@id` of an object that is only a reference (`{"@id": "#org"}`). */
function referenceOf(object: JsonObject): string | undefined {
  const id = object['@id'] ?? object.id;
  return typeof id === 'string' && onlyKey(object) ? id : undefined;
}

/** The object has a single key. */
function onlyKey(object: JsonObject): boolean {
  let keys = 0;
  for (const _ in object) if (++keys > 1) return false;
  return keys === 1;
}

const spellings = new Map<string, string[]>();

/** The key a property is written under: `name`, `schema:name` or its full IRI. */
export function lookup(node: JsonObject, key: string): string | undefined {
  if (key in node) return key;
  let written = spellings.get(key);
  if (!written) {
    written = [`schema:${key}`, `https://schema.org/${key}`, `http://schema.org/${key}`];
    spellings.set(key, written);
  }
  for (const spelling of written) if (spelling in node) return spelling;
  return undefined;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
