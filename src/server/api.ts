// What a handler sees and returns: plain data, so the logic is testable without sockets.
import type { User } from './auth.ts';
import type { ScanLimits } from './scan/limits.ts';
import type { Store } from './store/index.ts';
import type { Capability } from './types.ts';

export interface ApiRequest {
  method: string;
  /** The path below the prefix: '/schemas/12'. */
  route: string;
  /** Captures of the route's pattern, by name. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body of a POST/PUT (an object), or `{}` when there is none. */
  body: Record<string, unknown>;
  user: User | null;
  /** The request's absolute URL, for the `Link` headers of paginated answers. */
  url: URL;
}

export interface ApiResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ServerContext {
  store: Store;
  /** Hosts of the site origins whose URLs the API accepts. */
  hosts: ReadonlySet<string>;
  /** The namespace route of the prefix, e.g. '/schemafy/v1'. */
  namespace: string;
  /** Bounds of one /scan. */
  scanLimits: ScanLimits;
  /** Scans running now, held to `scanLimits.scansAtOnce`. */
  scansRunning: { count: number };
}

export type Handler = (request: ApiRequest, context: ServerContext) => ApiResponse | Promise<ApiResponse>;

export interface Route {
  methods: string[];
  /** Path pattern below the prefix, e.g. '/schemas/(?P<id>[\\d]+)' in WordPress's own notation. */
  path: string;
  /** Who may call it: a capability, or 'public'. */
  access: Capability | 'public';
  handler: Handler;
}
