import { topLevelTypes } from '../head/json-ld-type.ts';
import { booleanFlag, parseSchemaData, urlProblem } from './checks.ts';
import { invalidParams } from './errors.ts';
import type { SchemaInput } from './types.ts';
import { isSchemaOrgType } from './validation.ts';

export const schemaFields = ['url', 'schema_type', 'schema_name', 'schema_data', 'is_active'] as const;

/**
 * A schema record's fields, checked together: `patch` over `base` (an update) or alone (a create). Every bad
 * field is named in one 400. `schema_type` and `schema_name` may be left out when `deriveNames` is set
 * (seed files): they come from the document's first `@type`.
 */
export function readSchemaInput(
  patch: Record<string, unknown>,
  hosts: ReadonlySet<string>,
  base?: SchemaInput,
  deriveNames = false,
): SchemaInput {
  const problems: Record<string, string> = {};
  const merged = { ...base, ...patch };

  const urlIssue = urlProblem(merged.url, hosts);
  if (urlIssue) problems.url = urlIssue;

  const data = parseSchemaData(merged.schema_data);
  if ('problem' in data) problems.schema_data = data.problem;
  const types = 'doc' in data ? topLevelTypes(data.doc) : [];

  let type = merged.schema_type;
  // Names left out come from the document: when it could not be read, its own problem is all there is to say.
  const derivedFromBroken = deriveNames && type === undefined && 'problem' in data;
  if (type === undefined && deriveNames) type = types[0];
  let name = merged.schema_name;
  if (name === undefined && deriveNames) name = typeof type === 'string' ? type : '';
  if (!derivedFromBroken) {
    if (typeof type !== 'string' || type === '') problems.schema_type = 'must be a non-empty string';
    else if (!isSchemaOrgType(type)) problems.schema_type = `"${type}" is not a Schema.org type`;
    else if ('doc' in data && !types.includes(type)) {
      problems.schema_type = `"${type}" does not match the document's @type (${types.join(', ') || 'none'})`;
    }
  }
  if (!(derivedFromBroken && merged.schema_name === undefined)) {
    if (typeof name !== 'string' || name.trim() === '') problems.schema_name = 'must be a non-empty string';
    else if (name.length > 255) problems.schema_name = 'must be at most 255 characters';
  }

  const active = merged.is_active === undefined ? true : booleanFlag(merged.is_active);
  if (active === null) problems.is_active = 'must be true or false';

  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return {
    url: merged.url as string,
    schema_type: type as string,
    schema_name: name as string,
    schema_data: (data as { text: string }).text,
    is_active: active!,
  };
}
