// Field coercions for what real servers send: ids and flags as strings, MySQL dates, empty strings.
import { z } from 'zod';
import { plural } from '../plural.ts';

function toInteger(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

function toFlag(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(word)) return true;
    if (['0', 'false', 'no', 'off', ''].includes(word)) return false;
  }
  return value;
}

/**
 * Any ISO date -> ISO 8601 UTC; `2026-11-21 10:00:00` (MySQL, no zone) -> `2026-11-21T10:00:00`, still
 * zone-less: the client reads it in the site's time zone (`site-dates.ts`); unknown -> null.
 */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.startsWith('0000-00-00')) return null;
  const text = value.trim();
  const mysql = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(text);
  if (mysql)
    return Number.isNaN(Date.parse(`${mysql[1]}T${mysql[2]}Z`))
      ? null
      : `${mysql[1]}T${mysql[2]}${mysql[3] ?? ''}`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function toText(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value;
}

export const integer = z.preprocess(toInteger, z.number().int());
export const optionalInteger = z.preprocess((v) => toInteger(v ?? null), z.number().int().nullable());
export const count = z.preprocess((v) => toInteger(v ?? 0), z.number().int());
export const flag = z.preprocess(toFlag, z.boolean());
export const date = z.preprocess(toIsoDate, z.string().nullable());
/** A string that may be absent: absent, null and "" all become null. */
export const text = z.preprocess(toText, z.string().nullable());
/** A string that must be there but may be empty. */
export const label = z.preprocess((v) => toText(v) ?? '', z.string());

/** Renames the first present alias of each field to its canonical name (used before parsing an object). */
export function renameAliases(value: unknown, aliases: Record<string, readonly string[]>): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  for (const [name, others] of Object.entries(aliases)) {
    if (out[name] !== undefined) continue;
    const found = others.find((alias) => source[alias] !== undefined);
    if (found) out[name] = source[found];
  }
  return out;
}

/** Finds the array in a list answer: bare, or under `data`, `schemas`, `items` or `results`. */
export function unwrapList(value: unknown): unknown {
  if (Array.isArray(value) || !value || typeof value !== 'object') return value;
  const envelope = value as Record<string, unknown>;
  for (const key of ['data', 'schemas', 'items', 'results']) {
    if (Array.isArray(envelope[key])) return envelope[key];
  }
  return value;
}

/** Finds the object in a single-item answer: bare, or under `data`, `schema` or `item`. */
export function unwrapOne(value: unknown, ownKey: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const envelope = value as Record<string, unknown>;
  if (ownKey in envelope) return value;
  for (const key of ['data', 'schema', 'item']) {
    const inner = envelope[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner;
  }
  return value;
}

/**
 * An array of `item`, checked item after item up to the first that does not fit: `z.array` checks every one,
 * and an answer of 1,000,000 empty objects (3 MB, within maxResponseBytes) drew 5,000,000 issues, 40 s and
 * 1.6 GB before the error was thrown. The error names that item and how many the list holds.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((values, ctx): Array<z.output<T>> => {
    const items: Array<z.output<T>> = [];
    for (const [index, value] of values.entries()) {
      const parsed = item.safeParse(value);
      if (parsed.success) {
        items.push(parsed.data);
        continue;
      }
      ctx.addIssue({
        code: 'custom',
        input: values,
        message: `item [${index}] of the ${plural(values.length, 'item')} is the first that does not fit; the rest are not checked`,
      });
      for (const issue of parsed.error.issues.slice(0, 10))
        ctx.addIssue({ ...issue, input: value, path: [index, ...issue.path] } as never);
      return z.NEVER;
    }
    return items;
  });
}
