// Follows a dotted property path through a node: into arrays, `@list` and `@id` references within the
// document, with the places where a step is missing. Iterative and bounded, so no value nests too deep for it.
import { resolveId } from '../check-value.ts';
import type { Walk } from '../walk.ts';
import { MAX_DEPTH } from '../walk-state.ts';

type JsonObject = Record<string, unknown>;
export type Segments = Array<string | number>;

/** A value at the end of the path, where it is, and the node that holds it. */
export interface Found {
  value: unknown;
  path: Segments;
  holder: JsonObject;
}

/**
 * The values at the end of `segments` under `node`, and the paths where a step is missing.
 * @example findPath(walk, { author: [{ name: 'A' }, {}] }, ['author', 'name'], []).misses // [['author', 1, 'name']]
 */
export function findPath(
  walk: Walk,
  node: JsonObject,
  segments: string[],
  path: Segments,
): { values: Found[]; misses: Segments[] } {
  let holders: Array<{ node: JsonObject; path: Segments }> = [{ node, path }];
  const misses: Segments[] = [];
  let values: Found[] = [];
  for (let step = 0; step < segments.length; step++) {
    const key = segments[step]!;
    values = [];
    for (const holder of holders) {
      const found = lookup(holder.node, key);
      const here = [...holder.path, found?.key ?? key];
      if (found === undefined || isEmpty(found.value)) {
        misses.push(here);
        continue;
      }
      values.push(...flatten(walk, found.value, here, holder.node));
    }
    if (step + 1 === segments.length) break;
    holders = [];
    for (const found of values) {
      if (typeof found.value === 'object' && found.value !== null) {
        holders.push({ node: found.value as JsonObject, path: found.path });
      } else {
        misses.push([...found.path, segments[step + 1]!]);
      }
    }
  }
  return { values, misses };
}

/** A property's value as the items it stands for: arrays and `@list` opened, `@id` references resolved. */
function flatten(walk: Walk, value: unknown, path: Segments, holder: JsonObject): Found[] {
  const out: Found[] = [];
  const stack: Array<{ value: unknown; path: Segments }> = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.path.length > MAX_DEPTH) continue;
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--)
        stack.push({ value: item.value[i], path: [...item.path, i] });
      continue;
    }
    if (typeof item.value === 'object' && item.value !== null) {
      const object = item.value as JsonObject;
      if ('@list' in object) {
        stack.push({ value: object['@list'], path: [...item.path, '@list'] });
        continue;
      }
      const keys = Object.keys(object);
      const id = keys.length === 1 ? (object['@id'] ?? object.id) : undefined;
      if (typeof id === 'string') {
        out.push({ value: resolveId(walk, id) ?? object, path: item.path, holder });
        continue;
      }
      if ('@value' in object) {
        out.push({ value: object['@value'], path: [...item.path, '@value'], holder });
        continue;
      }
    }
    out.push({ value: item.value, path: item.path, holder });
  }
  return out;
}

function lookup(node: JsonObject, key: string): { key: string; value: unknown } | undefined {
  for (const written of [key, `schema:${key}`, `https://schema.org/${key}`, `http://schema.org/${key}`]) {
    if (written in node) return { key: written, value: node[written] };
  }
  return undefined;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
