import type { ApiRequest, Handler } from '../api.ts';
import { can } from '../auth.ts';
import { positiveInteger } from '../checks.ts';
import { invalidParams, notFound } from '../errors.ts';
import { readSchemaInput, schemaFields } from '../schema-input.ts';
import type { SchemaQuery, Store } from '../store/index.ts';
import type { SchemaRecord } from '../types.ts';
import { checkBodyFields, pagedResponse, queryUrl, readPaging } from './input.ts';

const orderbyValues = ['id', 'url', 'updated_at'] as const;

function readSchemaQuery(query: URLSearchParams): SchemaQuery {
  const paging = readPaging(query);
  const orderby = query.get('orderby') ?? 'id';
  const order = (query.get('order') ?? 'asc').toLowerCase();
  const problems: Record<string, string> = {};
  if (!(orderbyValues as readonly string[]).includes(orderby)) {
    problems.orderby = `must be one of ${orderbyValues.join(', ')}`;
  }
  if (order !== 'asc' && order !== 'desc') problems.order = 'must be asc or desc';
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return {
    ...paging,
    url: query.get('url') ?? undefined,
    schemaType: query.get('schema_type') ?? undefined,
    search: query.get('search') ?? undefined,
    orderby: orderby as SchemaQuery['orderby'],
    order: order as SchemaQuery['order'],
  };
}

function existing(request: ApiRequest, store: Store): SchemaRecord {
  const id = positiveInteger(request.params.id);
  const record = id === null ? undefined : store.getSchema(id);
  if (!record) throw notFound(`Schema ${request.params.id}`);
  return record;
}

export const listSchemas: Handler = (request, { store }) => {
  const query = readSchemaQuery(request.query);
  const { items, total } = store.listSchemas(query);
  return pagedResponse(request, items, total, query);
};

export const createSchema: Handler = (request, { store, hosts }) => {
  checkBodyFields(request.body, schemaFields, ['url', 'schema_type', 'schema_name', 'schema_data']);
  const input = readSchemaInput(request.body, hosts);
  return { status: 201, body: store.transaction(() => store.createSchema(input)) };
};

/** With public reads, a caller without `edit_posts` sees active records only (as `/schemas-by-url` does). */
export const getSchema: Handler = (request, { store }) => {
  const record = existing(request, store);
  if (!record.is_active && !can(request.user, 'edit_posts')) throw notFound(`Schema ${request.params.id}`);
  return { body: record };
};

export const updateSchema: Handler = (request, { store, hosts }) => {
  checkBodyFields(request.body, schemaFields);
  // Read and write under one lock: a parallel update cannot slip between them.
  const record = store.transaction(() => {
    const current = existing(request, store);
    const input = readSchemaInput(request.body, hosts, current);
    return store.updateSchema(current.id, input);
  });
  return { body: record };
};

export const deleteSchema: Handler = (request, { store }) => {
  const previous = store.transaction(() => {
    const current = existing(request, store);
    store.deleteSchema(current.id);
    return current;
  });
  return { body: { deleted: true, previous } };
};

export const schemasByUrl: Handler = (request, { store }) => ({
  body: store.schemasByUrl(queryUrl(request)),
});
