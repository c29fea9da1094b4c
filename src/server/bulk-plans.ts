// What each /bulk action would change, worked out from the records alone (no I/O), so dry runs and real
// runs share one plan.

import { topLevelTypes } from '../head/json-ld-type.ts';
import { parseJsonSafely } from '../parse-json-safely.ts';
import { depthExceeds, maxDocumentDepth } from './checks.ts';
import type { SchemaInput, SchemaRecord } from './types.ts';

export type BulkAction = 'fix' | 'cleanup' | 'duplicates';
export const bulkActions: readonly BulkAction[] = ['fix', 'cleanup', 'duplicates'];

export interface PlannedChange {
  id: number;
  url: string;
  change: string;
  /** The record's new fields, or null to delete it. */
  next: SchemaInput | null;
}

export interface BulkPlan {
  changes: PlannedChange[];
  errors: Array<{ id: number; url: string; code: string; message: string }>;
}

/** A stored document, or undefined when it does not parse (or nests too deep for the walks below). */
function parseDocument(text: string): unknown {
  const parsed = parseJsonSafely(text);
  return parsed.ok ? parsed.value : undefined;
}

const schemaOrg = 'https://schema.org';

/** Gives each top-level node an `https://schema.org` `@context`; returns what it did. */
function repairContexts(doc: Record<string, unknown> | unknown[]): { doc: unknown; notes: string[] } {
  const notes = new Set<string>();
  const repair = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const record = node as Record<string, unknown>;
    const context = record['@context'];
    if (context === undefined) {
      notes.add('added @context');
      return { '@context': schemaOrg, ...record };
    }
    if (typeof context === 'string' && /^http:\/\/schema\.org\/?$/.test(context)) {
      notes.add('@context http: -> https:');
      return { ...record, '@context': schemaOrg };
    }
    return node;
  };
  const repaired = Array.isArray(doc) ? doc.map(repair) : repair(doc);
  return { doc: repaired, notes: [...notes] };
}

function planFix(records: SchemaRecord[]): BulkPlan {
  const plan: BulkPlan = { changes: [], errors: [] };
  for (const record of records) {
    const text = record.schema_data.trim();
    const parsed = parseDocument(text);
    if (parsed === null || typeof parsed !== 'object') {
      plan.errors.push({
        id: record.id,
        url: record.url,
        code: 'invalid_json',
        message: 'schema_data does not parse to a JSON object or array; `cleanup` removes such records.',
      });
      continue;
    }
    const { doc, notes } = repairContexts(parsed as Record<string, unknown>);
    const next: SchemaInput = {
      url: record.url.trim(),
      schema_type: record.schema_type.trim(),
      schema_name: record.schema_name.trim(),
      schema_data: notes.length > 0 ? JSON.stringify(doc) : text,
      is_active: record.is_active,
    };
    const types = topLevelTypes(doc as Record<string, unknown>);
    if (types.length > 0 && !types.includes(next.schema_type)) {
      notes.push(`schema_type ${record.schema_type} -> ${types[0]}`);
      next.schema_type = types[0]!;
    }
    const trimmed = (['url', 'schema_type', 'schema_name', 'schema_data'] as const).filter((field) =>
      field === 'schema_data' ? text !== record.schema_data : record[field].trim() !== record[field],
    );
    if (trimmed.length > 0) notes.push(`trimmed whitespace (${trimmed.join(', ')})`);
    if (notes.length > 0)
      plan.changes.push({ id: record.id, url: record.url, change: notes.join('; '), next });
  }
  return plan;
}

function planCleanup(records: SchemaRecord[]): BulkPlan {
  const changes: PlannedChange[] = [];
  for (const record of records) {
    const parsed = parseDocument(record.schema_data);
    const reason = !record.is_active
      ? 'deleted: inactive'
      : parsed === null || typeof parsed !== 'object'
        ? 'deleted: schema_data does not parse'
        : null;
    if (reason) changes.push({ id: record.id, url: record.url, change: reason, next: null });
  }
  return { changes, errors: [] };
}

/** JSON with object keys sorted, so documents that differ only in key order or spacing compare equal. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

function planDuplicates(records: SchemaRecord[]): BulkPlan {
  const oldestFirst = [...records].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const kept = new Map<string, number>();
  const changes: PlannedChange[] = [];
  for (const record of oldestFirst) {
    const parsed = parseDocument(record.schema_data);
    const usable = parsed !== undefined && !depthExceeds(parsed, maxDocumentDepth);
    const key = `${record.url}\n${usable ? canonicalJson(parsed) : record.schema_data.trim()}`;
    const keeper = kept.get(key);
    if (keeper === undefined) kept.set(key, record.id);
    else
      changes.push({ id: record.id, url: record.url, change: `deleted: duplicate of ${keeper}`, next: null });
  }
  return { changes, errors: [] };
}

/**
 * The changes one /bulk action makes to `records`.
 *
 * @example planBulk('cleanup', records).changes // [{ id: 3, url, change: 'deleted: inactive', next: null }]
 */
export function planBulk(action: BulkAction, records: SchemaRecord[]): BulkPlan {
  if (action === 'fix') return planFix(records);
  if (action === 'cleanup') return planCleanup(records);
  return planDuplicates(records);
}
