// astro-schema-manager/client: a typed client for the Schema Management REST API.
import '../require-node.ts';
import { actionOperations } from './actions.ts';
import type { CallOptions } from './listing.ts';
import { type ClientOptions, resolveOptions } from './options.ts';
import { type ProbeResult, probeServer } from './probe.ts';
import { schemaOperations } from './schemas.ts';
import { tagsOperations } from './tags.ts';
import { createTransport, type TransportStats } from './transport.ts';

export type { BulkAction, BulkOptions, ScanBody, ValidateBody } from './actions.ts';
export { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
export type { CallOptions, PageQuery } from './listing.ts';
export type { Capability, OperationName } from './operations.ts';
export { OPERATIONS } from './operations.ts';
export type { ClientOptions } from './options.ts';
export type { Page } from './paging.ts';
export type { ProbeResult, RouteName } from './probe.ts';
export type { SchemaInput, SchemaQuery } from './schemas.ts';
export type { MetaFields, SocialFields } from './tags.ts';
export type { TransportStats as ClientStats } from './transport.ts';
export { isLoopback } from './urls.ts';
export type { SchemaDocument, SchemaDraft, SchemaRecord } from './wire-records.ts';
export { readSchemaData } from './wire-records.ts';
export type { BulkResult, RemoteIssue, RemoteValidation, ScanResult } from './wire-results.ts';
export type { MetaTags, OpenGraphTags, SocialTags, TwitterTags } from './wire-tags.ts';

type Operations = ReturnType<typeof schemaOperations> &
  ReturnType<typeof tagsOperations> &
  ReturnType<typeof actionOperations>;

export interface SchemaClient extends Operations {
  /**
   * The base URL, without credentials: as given, then (after the first call) in the form that answers,
   * e.g. `https://site/?rest_route=/schemafy/v1` on a site with plain permalinks.
   */
  readonly baseUrl: string;
  /** Which routes the server has and what the credentials may do. */
  probe(options?: CallOptions): Promise<ProbeResult>;
  /** Requests sent so far (retries included) and how many were retries. */
  stats(): TransportStats;
  /** Closes the connection pool; the client cannot be used afterwards. */
  close(): Promise<void>;
}

/**
 * Creates a client for one site's API.
 *
 * @example
 * const client = createClient({ baseUrl: 'https://example.com/wp-json/schemafy/v1', username: 'editor',
 *   password: 'abcd efgh ijkl mnop qrst uvwx' });
 * for await (const record of client.schemas.listAll()) console.log(record.url, record.data);
 * await client.close();
 */
export function createClient(options: ClientOptions): SchemaClient {
  const { settings, credentials } = resolveOptions(options);
  const transport = createTransport(settings, credentials);
  const route = { baseUrl: settings.baseUrl, maxPages: settings.maxPages };
  return {
    get baseUrl() {
      return transport.baseUrl();
    },
    ...schemaOperations(transport, route),
    ...tagsOperations(transport, route),
    ...actionOperations(transport),
    probe: (callOptions?: CallOptions) =>
      probeServer(transport, credentials?.username ?? null, callOptions?.signal),
    stats: () => transport.stats(),
    close: () => transport.close(),
  };
}
