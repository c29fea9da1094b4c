import type { Handler } from '../api.ts';
import { depthExceeds, maxDocumentDepth, positiveInteger } from '../checks.ts';
import { invalidParams, missingParams, notFound } from '../errors.ts';
import { type RemoteIssue, type RemoteValidation, validateDocument } from '../validation.ts';
import { checkBodyFields } from './input.ts';

/**
 * A document nested past the store's limit, judged before the validator walks it: invalid, as any document the
 * API would not store, not a refused request (the contract: a bad document is `valid: false`, never a 400).
 */
function tooDeep(text: string | object): RemoteValidation | null {
  let doc: unknown = text;
  if (typeof text === 'string') {
    try {
      doc = JSON.parse(text);
    } catch {
      return null; // not JSON: the validator reports it as invalid
    }
  }
  if (!depthExceeds(doc, maxDocumentDepth)) return null;
  const message = `The document nests deeper than ${maxDocumentDepth} levels, more than a schema may be stored with; flatten it with "@id" references.`;
  return { valid: false, errors: [{ path: '$', code: 'too-deep', message }], warnings: [] };
}

/**
 * `{ schema_data }`, `{ id }` or `{ url }`: the document, one stored record, or every active record of a
 * page. For several records the issues are merged, each carrying the `id` it came from.
 */
export const validate: Handler = (request, { store }) => {
  const body = request.body;
  checkBodyFields(body, ['schema_data', 'id', 'url']);
  const given = ['schema_data', 'id', 'url'].filter((key) => body[key] !== undefined);
  if (given.length === 0) throw missingParams(['schema_data']);
  if (given.length > 1) {
    throw invalidParams(
      Object.fromEntries(given.map((key) => [key, 'give only one of schema_data, id, url'])),
    );
  }
  if (body.schema_data !== undefined) {
    const data = body.schema_data;
    if (data === null || (typeof data !== 'string' && typeof data !== 'object')) {
      throw invalidParams({ schema_data: 'must be a string of JSON-LD or a JSON object' });
    }
    return { body: tooDeep(data) ?? validateDocument(data) };
  }
  let records: Array<{ id: number; schema_data: string }>;
  if (body.id !== undefined) {
    const id = positiveInteger(body.id);
    if (id === null) throw invalidParams({ id: 'must be a positive integer' });
    const record = store.getSchema(id);
    if (!record) throw notFound(`Schema ${id}`);
    records = [record];
  } else {
    if (typeof body.url !== 'string' || body.url === '')
      throw invalidParams({ url: 'must be a non-empty string' });
    records = store.schemasByUrl(body.url);
    if (records.length === 0) throw notFound(`An active schema for ${body.url}`);
  }
  const errors: Array<RemoteIssue & { id: number }> = [];
  const warnings: Array<RemoteIssue & { id: number }> = [];
  for (const record of records) {
    const result = tooDeep(record.schema_data) ?? validateDocument(record.schema_data);
    // One at a time: a document of many nodes can have more issues than a call takes arguments.
    for (const issue of result.errors) errors.push({ ...issue, id: record.id });
    for (const issue of result.warnings) warnings.push({ ...issue, id: record.id });
  }
  return { body: { valid: errors.length === 0, errors, warnings } };
};
