// The client's operations over a transport whose sender the caller picks. Nothing here loads undici: the
// package's entry (index.ts) gives Node undici's pool, and the request-time pass of on-demand pages, which
// adapters bundle for edge runtimes too, gives the runtime's own fetch.
import { actionOperations } from './actions.ts';
import type { SenderFactory } from './exchange.ts';
import type { CallOptions } from './listing.ts';
import { type ClientOptions, resolveOptions } from './options.ts';
import { type ProbeResult, probeServer } from './probe.ts';
import { schemaOperations } from './schemas.ts';
import { tagsOperations } from './tags.ts';
import { createTransport, type TransportStats } from './transport.ts';

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
 * Creates a client for one site's API that sends through `createSender`'s sender.
 *
 * @example const client = createClientWith({ baseUrl: 'https://example.com/wp-json/schemafy/v1' }, createFetchSender);
 */
export function createClientWith(options: ClientOptions, createSender: SenderFactory): SchemaClient {
  const { settings, credentials } = resolveOptions(options);
  const transport = createTransport(settings, credentials, createSender);
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
