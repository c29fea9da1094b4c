// Schema records as the client returns them, from any of the shapes servers send.

import { z } from 'zod';
import { parseJsonSafely } from '../parse-json-safely.ts';
import { date, flag, label, listOf, optionalInteger, unwrapList, unwrapOne } from './wire-fields.ts';

export interface SchemaDocument {
  /** The raw JSON text (objects and arrays a server sends are serialised). */
  schema_data: string;
  /** The parsed document, null when it does not parse. */
  data: unknown | null;
  /** Why it does not parse, null when it does. */
  data_error: string | null;
}

/**
 * Reads `schema_data` in any form (string, object, array, double-encoded string) into raw text and a
 * parsed document; a document that does not parse is reported in `data_error`, never thrown.
 *
 * @example
 * readSchemaData('{"@type":"Thing"}').data // { '@type': 'Thing' }
 */
export function readSchemaData(value: unknown): SchemaDocument {
  if (value === undefined || value === null)
    return { schema_data: '', data: null, data_error: 'schema_data is missing' };
  if (typeof value === 'object') return { schema_data: JSON.stringify(value), data: value, data_error: null };
  const raw = String(value);
  let reading = parseJsonSafely(raw);
  // Some servers encode the document twice: a JSON string holding JSON.
  if (reading.ok && typeof reading.value === 'string' && /^\s*[[{]/.test(reading.value))
    reading = parseJsonSafely(reading.value);
  if (!reading.ok)
    return { schema_data: raw, data: null, data_error: `schema_data is not JSON: ${reading.message}` };
  const parsed = reading.value;
  if (!parsed || typeof parsed !== 'object') {
    return { schema_data: raw, data: null, data_error: 'schema_data is JSON but not an object or array' };
  }
  return { schema_data: raw, data: parsed, data_error: null };
}

const recordFields = z.object({
  id: optionalInteger,
  url: label,
  schema_type: label,
  schema_name: label,
  schema_data: z.unknown(),
  is_active: flag.default(true),
  created_at: date.default(null),
  updated_at: date.default(null),
});

function toRecord(fields: z.output<typeof recordFields>) {
  const { schema_data, ...rest } = fields;
  const document = readSchemaData(schema_data);
  return {
    id: rest.id,
    url: rest.url,
    schema_type: rest.schema_type,
    schema_name: rest.schema_name,
    ...document,
    is_active: rest.is_active,
    created_at: rest.created_at,
    updated_at: rest.updated_at,
  };
}

/** A record that may not have an id yet (a scan's dry run proposes records). */
export const schemaDraft = z.preprocess((v) => unwrapOne(v, 'schema_data'), recordFields.transform(toRecord));

/** A stored record: as a draft, with an id. */
export const schemaRecord = schemaDraft.transform((record, ctx) => {
  if (record.id === null) {
    ctx.addIssue({ code: 'custom', message: 'a schema record needs an id', path: ['id'] });
    return z.NEVER;
  }
  return { ...record, id: record.id };
});

export const schemaRecordList = z.preprocess(unwrapList, listOf(schemaRecord));

export type SchemaDraft = z.output<typeof schemaDraft>;
export type SchemaRecord = z.output<typeof schemaRecord>;

/** What a write answered: a full record, or only `{ success, id }` (the caller then reads the record). */
export function writtenId(value: unknown): number | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const parsed = optionalInteger.safeParse((value as Record<string, unknown>).id);
  return parsed.success ? parsed.data : null;
}

/** Whether an answer carries a whole record (as opposed to `{ success: true }`). */
export function looksLikeRecord(value: unknown): boolean {
  const inner = unwrapOne(value, 'schema_data');
  return !!inner && typeof inner === 'object' && 'schema_data' in inner && 'id' in inner;
}
