// What a server offers: its routes (from the namespace index, else by asking each) and what the
// credentials may do, so callers can choose how to work with it.
import { ApiError } from './errors.ts';
import type { HttpMethod } from './operations.ts';
import type { Transport } from './transport.ts';
import { routeIndex } from './wire-results.ts';

export type RouteName = 'schemas' | 'schemasByUrl' | 'meta' | 'social' | 'scan' | 'validate' | 'bulk';

export interface ProbeResult {
  routes: Record<RouteName, boolean>;
  /** How the routes were found: the namespace index at baseUrl, or one request per route. */
  routesFrom: 'index' | 'requests';
  /** The credentials were accepted. */
  authenticated: boolean;
  canEditPosts: boolean;
  canManageOptions: boolean;
}

const ROUTE_PATHS: Record<RouteName, string> = {
  schemas: '/schemas',
  schemasByUrl: '/schemas-by-url',
  meta: '/meta',
  social: '/social',
  scan: '/scan',
  validate: '/validate',
  bulk: '/bulk',
};
const ROUTE_NAMES = Object.keys(ROUTE_PATHS) as RouteName[];

/** Routes named in a WordPress namespace index (`{ routes: { "/ns/v1/schemas": ... } }`). */
export function routesFromIndex(keys: string[]): Record<RouteName, boolean> {
  const entries = ROUTE_NAMES.map((name) => [name, keys.some((key) => key.endsWith(ROUTE_PATHS[name]))]);
  return Object.fromEntries(entries) as Record<RouteName, boolean>;
}

type Outcome = 'ok' | 'unauthenticated' | 'forbidden' | 'missing' | 'other';

async function outcomeOf(
  transport: Transport,
  method: HttpMethod,
  path: string,
  signal?: AbortSignal,
): Promise<Outcome> {
  try {
    await transport.call({
      operation: 'probe',
      method,
      path,
      query: method === 'GET' ? { per_page: 1 } : {},
      signal,
    });
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null) throw error;
    if (error.status === 401) return 'unauthenticated';
    if (error.status === 403) return 'forbidden';
    if (error.status === 404 && error.code !== 'not_found') return 'missing';
    return 'other';
  }
}

/**
 * Finds the server's routes and the credentials' capabilities.
 *
 * @example
 * const { routes, canManageOptions } = await client.probe();
 */
export async function probeServer(
  transport: Transport,
  hasCredentials: boolean,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  let routes: Record<RouteName, boolean> | null = null;
  try {
    const index = routeIndex.safeParse(
      (await transport.call({ operation: 'probe', method: 'GET', path: '', signal })).value,
    );
    if (index.success) routes = routesFromIndex(Object.keys(index.data.routes));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null) throw error;
  }
  const routesFrom = routes ? 'index' : 'requests';
  if (!routes) {
    // Without an index, OPTIONS on each route: WordPress answers it for any route it has.
    const found = await Promise.all(
      ROUTE_NAMES.map((name) => outcomeOf(transport, 'OPTIONS', ROUTE_PATHS[name], signal)),
    );
    routes = Object.fromEntries(ROUTE_NAMES.map((name, i) => [name, found[i] !== 'missing'])) as Record<
      RouteName,
      boolean
    >;
  }
  if (!hasCredentials)
    return { routes, routesFrom, authenticated: false, canEditPosts: false, canManageOptions: false };
  // Reading one item of each needs edit_posts (/schemas) and manage_options (/meta).
  const [schemas, meta] = await Promise.all([
    routes.schemas ? outcomeOf(transport, 'GET', '/schemas', signal) : Promise.resolve<Outcome>('missing'),
    routes.meta ? outcomeOf(transport, 'GET', '/meta', signal) : Promise.resolve<Outcome>('missing'),
  ]);
  const canManageOptions = meta === 'ok';
  return {
    routes,
    routesFrom,
    authenticated: [schemas, meta].some((o) => o === 'ok' || o === 'forbidden'),
    canEditPosts: schemas === 'ok' || canManageOptions,
    canManageOptions,
  };
}
