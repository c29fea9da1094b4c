// How a CMS record is named in every report (the build's log and report, `validate`): by its id, which finds it
// in the CMS, its type and its name.
import type { SchemaRecord } from './client/index.ts';

/**
 * `#12 Article "Hello post"`: how a user finds the schema in the CMS.
 * @example describeSchema({ id: 12, schema_type: 'Article', schema_name: 'Hello post' }) // '#12 Article "Hello post"'
 */
export function describeSchema(record: Pick<SchemaRecord, 'id' | 'schema_type' | 'schema_name'>): string {
  const name = record.schema_name ? ` "${record.schema_name}"` : '';
  return `#${record.id} ${record.schema_type || 'schema'}${name}`;
}
