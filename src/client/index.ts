// astro-schema-manager/client: a typed client for the Schema Management REST API.
import '../require-node.ts';
import { createClientWith, type SchemaClient } from './create-client.ts';
import type { ClientOptions } from './options.ts';
import { createSender } from './send.ts';
import { createFetchSender, runsOnNode } from './send-fetch.ts';

export type { BulkAction, BulkOptions, ScanBody, ValidateBody } from './actions.ts';
export type { SchemaClient } from './create-client.ts';
export { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
export type { CallOptions, PageQuery } from './listing.ts';
export type { Capability, OperationName } from './operations.ts';
export { OPERATIONS } from './operations.ts';
export { type ClientOptions, DEFAULT_MAX_RESPONSE_BYTES } from './options.ts';
export type { Page } from './paging.ts';
export type { ProbeResult, RouteName } from './probe.ts';
export type { SchemaInput, SchemaQuery } from './schemas.ts';
export type { MetaFields, SocialFields } from './tags.ts';
export type { TransportStats as ClientStats } from './transport.ts';
export { isLoopback } from './urls.ts';
export type { SchemaDocument, SchemaDraft, SchemaRecord } from './wire-records.ts';
export { readSchemaData } from './wire-records.ts';
export type { BulkResult, RemoteIssue, RemoteValidation, ScanResult } from './wire-results.ts';
export { recordWireBytes } from './wire-size.ts';
export type { MetaTags, OpenGraphTags, SocialTags, TwitterTags } from './wire-tags.ts';

/**
 * Creates a client for one site's API. Node sends through undici's pool (or a recording's or replay's
 * dispatcher); other runtimes, where undici cannot run, through their own fetch.
 *
 * @example
 * const client = createClient({ baseUrl: 'https://example.com/wp-json/schemafy/v1', username: 'editor',
 *   password: 'abcd efgh ijkl mnop qrst uvwx' });
 * for await (const record of client.schemas.listAll()) console.log(record.url, record.data);
 * await client.close();
 */
export function createClient(options: ClientOptions): SchemaClient {
  return createClientWith(options, options.dispatcher || runsOnNode() ? createSender : createFetchSender);
}
