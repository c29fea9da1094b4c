// The reference server of the Schema Management REST API: node:http + node:sqlite, no framework.
import '../require-node.ts';
import { createServer as createHttpServer, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suggestName } from '../did-you-mean.ts';
import type { ServerContext } from './api.ts';
import { createAuthenticator } from './auth.ts';
import { siteHosts } from './checks.ts';
import { requestListener } from './http.ts';
import { createRateLimiter } from './rate-limit.ts';
import { apiRoutes, compileRoutes, routeIndex } from './routes.ts';
import { resolveScanLimits } from './scan/limits.ts';
import { loadSeed } from './seed.ts';
import { createStore } from './store/index.ts';
import type { ServerOptions } from './types.ts';

export { generateApplicationPassword } from './auth.ts';
export type { RateLimit } from './rate-limit.ts';
export { type ScanLimits, scanDefaults } from './scan/limits.ts';
export { createStore, type Store } from './store/index.ts';
export type {
  Capability,
  MetaTags,
  SchemaRecord,
  SeedFile,
  ServerOptions,
  SocialTags,
  UserOption,
} from './types.ts';

export interface ReferenceServer {
  /** Starts listening (port 0 or omitted: any free port); resolves to the base URL. */
  listen(port?: number): Promise<string>;
  /** `http://127.0.0.1:PORT/wp-json/schemafy/v1` once listening; '' before. */
  readonly baseUrl: string;
  /** Stops accepting, ends open connections, closes the database. */
  close(): Promise<void>;
  /** Whether `seed` was loaded: false when the database held data already (a seed goes only into an empty one); null without a seed. */
  readonly seeded: boolean | null;
}

export const serverDefaults = {
  db: ':memory:',
  site: 'https://example.com',
  prefix: '/wp-json/schemafy/v1',
  maxBodyBytes: 256 * 1024,
  maxConnections: 1024,
  host: '127.0.0.1',
  publicSchemaReads: false,
} as const;

// Every option once: the compiler says when one is added to ServerOptions and not here.
const SERVER_OPTIONS = Object.keys({
  db: true,
  site: true,
  prefix: true,
  users: true,
  seed: true,
  publicSchemaReads: true,
  maxBodyBytes: true,
  maxConnections: true,
  host: true,
  rateLimit: true,
  scan: true,
  onError: true,
} satisfies Record<keyof ServerOptions, true>);

function reportToStderr(error: unknown): void {
  console.error('[astro-schema-manager server] a request failed:', error);
}

/** '/wp-json/schemafy/v1' -> '/schemafy/v1': the route `?rest_route=` names. */
function namespaceOf(prefix: string): string {
  return prefix.startsWith('/wp-json/') ? prefix.slice('/wp-json'.length) : prefix;
}

function isEmpty(store: ReturnType<typeof createStore>): boolean {
  const row = store.db
    .prepare(
      'SELECT (SELECT count(*) FROM schemas) + (SELECT count(*) FROM meta) + (SELECT count(*) FROM social) AS n',
    )
    .get() as { n: number };
  return row.n === 0;
}

/**
 * Creates the server (the database is opened and seeded at once; nothing listens until `listen`).
 * A seed is loaded only into an empty database, so restarting on the same file does not duplicate it.
 *
 * @example
 * const server = createServer({ users: [{ name: 'admin', password: 'abcd efgh', capabilities: ['manage_options'] }] });
 * const baseUrl = await server.listen(0); // http://127.0.0.1:54321/wp-json/schemafy/v1
 * await server.close();
 */
export function createServer(options: ServerOptions = {}): ReferenceServer {
  for (const key of Object.keys(options)) {
    if (SERVER_OPTIONS.includes(key)) continue;
    // A mistyped option (`sites` for `site`) would otherwise be ignored without a word.
    const near = suggestName(key, SERVER_OPTIONS);
    throw new Error(`createServer: "${key}" is not an option${near ? `; did you mean "${near}"?` : '.'}`);
  }
  const prefix = (options.prefix ?? serverDefaults.prefix).replace(/\/+$/, '');
  if (!prefix.startsWith('/'))
    throw new Error(`prefix "${options.prefix}" must start with "/" (e.g. /wp-json/schemafy/v1).`);
  const maxConnections = options.maxConnections ?? serverDefaults.maxConnections;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new Error(`maxConnections must be a positive integer; got ${String(options.maxConnections)}.`);
  const hosts = siteHosts(options.site ?? serverDefaults.site);
  const scanLimits = resolveScanLimits(options.scan);
  const store = createStore(options.db ?? serverDefaults.db);
  let seeded: boolean | null = null;
  try {
    if (options.seed) seeded = isEmpty(store);
    if (options.seed && seeded) loadSeed(store, options.seed, hosts);
  } catch (error) {
    store.close();
    throw error;
  }
  const namespace = namespaceOf(prefix);
  const context: ServerContext = { store, hosts, namespace, scanLimits, scansRunning: { count: 0 } };
  const routes = apiRoutes({
    publicSchemaReads: options.publicSchemaReads ?? serverDefaults.publicSchemaReads,
  });
  const http = createHttpServer(
    // A client gets 20 s to send its headers and 60 s for its whole request (Node's defaults are 60 s and
    // 300 s): a trickled body holds a connection a minute at most. Node checks those every 30 s by default, so
    // a silent connection held its place for up to 50 s: checked each second, it goes at 20.
    { headersTimeout: 20_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 },
    requestListener({
      context,
      routes: compileRoutes(routes),
      auth: createAuthenticator(options.users ?? []),
      prefix,
      maxBodyBytes: options.maxBodyBytes ?? serverDefaults.maxBodyBytes,
      index: routeIndex(routes, namespace),
      limiter: options.rateLimit ? createRateLimiter(options.rateLimit) : null,
      onError: options.onError ?? reportToStderr,
    }),
  );
  http.maxConnections = maxConnections;
  // What Node answers before a request reaches the API (headers too large, a request line it cannot read, a
  // client too slow) gets an answer in the API's shape too, instead of an empty body.
  http.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const [status, code, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'rest_headers_too_large', 'The request headers are larger than the server reads (16 KB).']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'rest_request_timeout', 'The request did not arrive in time.']
          : [400, 'rest_bad_request', 'The request is not HTTP the server can read.'];
    const body = JSON.stringify({ code, message, data: { status } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const host = options.host ?? serverDefaults.host;
  let baseUrl = '';

  return {
    get baseUrl() {
      return baseUrl;
    },
    seeded,
    listen(port = 0) {
      return new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => {
          http.off('error', reject);
          const address = http.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          baseUrl = `http://${shownHost}:${address.port}${prefix}`;
          resolve(baseUrl);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        const finish = () => {
          store.close();
          resolve();
        };
        if (!http.listening) return finish();
        http.close(() => finish());
        http.closeAllConnections();
      });
    },
  };
}
