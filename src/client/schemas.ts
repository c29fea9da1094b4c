// The schema operations: list, read, create, update, delete, and the public read by URL.

import { ApiError } from './errors.ts';
import { recordId } from './ids.ts';
import { type CallOptions, createListing, type PageQuery } from './listing.ts';
import { parseAnswer } from './parse-answer.ts';
import { inSiteTime } from './site-dates.ts';
import type { Transport } from './transport.ts';
import {
  looksLikeRecord,
  type SchemaRecord,
  schemaRecord,
  schemaRecordList,
  writtenId,
} from './wire-records.ts';

export interface SchemaQuery extends PageQuery {
  /** Exact page URL. */
  url?: string;
  schema_type?: string;
  /** Substring of url, name or data. */
  search?: string;
  orderby?: 'id' | 'url' | 'updated_at';
  order?: 'asc' | 'desc';
}

export interface SchemaInput {
  url: string;
  schema_type: string;
  schema_name: string;
  /** The JSON-LD document, as JSON text or as a value (serialised for the wire). */
  schema_data: string | object;
  is_active?: boolean;
}

function toWire(input: Partial<SchemaInput>): Record<string, unknown> {
  const { schema_data, ...rest } = input;
  if (schema_data === undefined) return rest;
  return {
    ...rest,
    schema_data: typeof schema_data === 'string' ? schema_data : JSON.stringify(schema_data),
  };
}

/** Builds `client.schemas` and `client.schemasByUrl`. */
export function schemaOperations(transport: Transport, route: { baseUrl: string; maxPages: number }) {
  const listing = createListing<SchemaRecord, SchemaQuery>(
    transport,
    { operation: 'schemas.list', path: '/schemas', ...route },
    schemaRecordList,
    (records) => inSiteTime(transport, records),
  );
  const dated = async (record: SchemaRecord) => (await inSiteTime(transport, [record]))[0] as SchemaRecord;

  async function get(id: number, options?: CallOptions): Promise<SchemaRecord> {
    const path = `/schemas/${recordId(id, 'schemas.get')}`;
    const answer = await transport.call({
      operation: 'schemas.get',
      method: 'GET',
      path,
      signal: options?.signal,
    });
    return dated(parseAnswer(schemaRecord, answer, 'schemas.get', 'GET'));
  }

  // Writes may answer a whole record or only `{ success, id }`; then the record is read back.
  async function written(
    operation: 'schemas.create' | 'schemas.update',
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    knownId: number | null,
    options?: CallOptions,
  ): Promise<SchemaRecord> {
    const answer = await transport.call({ operation, method, path, body, signal: options?.signal });
    if (looksLikeRecord(answer.value)) return dated(parseAnswer(schemaRecord, answer, operation, method));
    const id = writtenId(answer.value) ?? knownId;
    if (id === null) return dated(parseAnswer(schemaRecord, answer, operation, method));
    try {
      return await get(id, options);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The write is done: a caller told only "failed" would send it again (a create, twice).
      const done = operation === 'schemas.create' ? 'created' : 'updated';
      throw new ApiError({
        ...error,
        operation,
        serverMessage: `schema ${id} was ${done}, but reading it back failed: ${error.serverMessage}`,
        hint: `the ${operation === 'schemas.create' ? 'create' : 'update'} is done: do not send it again${error.hint ? `; ${error.hint}` : ''}`,
        details: { id },
      });
    }
  }

  return {
    schemas: {
      ...listing,
      get,
      create: (input: SchemaInput, options?: CallOptions) =>
        written('schemas.create', 'POST', '/schemas', toWire(input), null, options),
      update: (id: number, patch: Partial<SchemaInput>, options?: CallOptions) =>
        written(
          'schemas.update',
          'PUT',
          `/schemas/${recordId(id, 'schemas.update')}`,
          toWire(patch),
          recordId(id, 'schemas.update'),
          options,
        ),
      async delete(id: number, options?: CallOptions): Promise<SchemaRecord | null> {
        const path = `/schemas/${recordId(id, 'schemas.delete')}`;
        const answer = await transport.call({
          operation: 'schemas.delete',
          method: 'DELETE',
          path,
          signal: options?.signal,
        });
        const value = answer.value as { previous?: unknown } | null;
        if (value && typeof value === 'object' && value.previous) {
          return dated(parseAnswer(schemaRecord, answer, 'schemas.delete', 'DELETE', value.previous));
        }
        return looksLikeRecord(value)
          ? dated(parseAnswer(schemaRecord, answer, 'schemas.delete', 'DELETE'))
          : null;
      },
    },
    async schemasByUrl(url: string, options?: CallOptions): Promise<SchemaRecord[]> {
      const answer = await transport.call({
        operation: 'schemasByUrl',
        method: 'GET',
        path: '/schemas-by-url',
        query: { url },
        signal: options?.signal,
      });
      return inSiteTime(transport, parseAnswer(schemaRecordList, answer, 'schemasByUrl', 'GET'));
    },
  };
}
