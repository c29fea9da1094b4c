// How a CMS record is named in every report (the build's log and report, `validate`): by its id, which finds it
// in the CMS, its type and its name (left out where it is the type, as the API names a record by default). A
// pull file's schema, not stored yet, has no id to give.
import type { SchemaRecord } from './client/index.ts';
import { printable } from './printable.ts';

/**
 * `#12 Article "Hello post"`: how a user finds the schema in the CMS.
 * @example describeSchema({ id: 12, schema_type: 'Article', schema_name: 'Hello post' }) // '#12 Article "Hello post"'
 * @example describeSchema({ id: 4, schema_type: 'Article', schema_name: 'Article' }) // '#4 Article', not '#4 Article "Article"'
 * @example describeSchema({ schema_type: 'Article', schema_name: 'Hello' }) // 'Article "Hello"': a file's schema, not stored yet
 */
export function describeSchema(
  record: Pick<SchemaRecord, 'schema_type' | 'schema_name'> & { id?: number },
): string {
  const named = record.schema_name && record.schema_name !== record.schema_type;
  // Control characters written out: a name is the CMS's text, and goes to terminals and CI logs.
  const name = named ? ` "${printable(record.schema_name)}"` : '';
  const id = record.id === undefined ? '' : `#${record.id} `;
  return `${id}${printable(record.schema_type || 'schema')}${name}`;
}
