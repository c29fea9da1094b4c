// What a server offers: its routes (from the namespace index) and what the credentials may do, so callers
// can choose how to work with it. Something else at the address, or credentials answered as anonymous,
// is an error here, before any page is fetched.
import {
  ApiError,
  applicationPasswordsIn,
  CLIENT_ERROR_CODES,
  type CredentialsSituation,
  credentialsHint,
  httpAddressIn,
  REFUSED_IN_WORDS,
} from './errors.ts';
import { namespaceMeant } from './namespace-meant.ts';
import type { Transport } from './transport.ts';
import { locateApi } from './urls.ts';
import { routeIndex } from './wire-results.ts';

export type RouteName = 'schemas' | 'schemasByUrl' | 'meta' | 'social' | 'scan' | 'validate' | 'bulk';

export interface ProbeResult {
  routes: Record<RouteName, boolean>;
  /** How the routes were found: always the namespace index at baseUrl (OPTIONS proves nothing on WordPress). */
  routesFrom: 'index';
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

type Outcome = 'ok' | 'unauthenticated' | 'forbidden' | 'other';

async function outcomeOf(transport: Transport, path: string, signal?: AbortSignal): Promise<Outcome> {
  try {
    await transport.call({ operation: 'probe', method: 'GET', path, query: { per_page: 1 }, signal });
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null) throw error;
    if (error.status === 401) return 'unauthenticated';
    if (error.status === 403) return 'forbidden';
    return 'other';
  }
}

function probeError(
  code: string,
  message: string,
  url: string,
  hint: string | null,
  status: number | null,
  details: unknown = null,
) {
  return new ApiError({
    status,
    code,
    serverMessage: message,
    operation: 'probe',
    method: 'GET',
    url,
    hint,
    details,
  });
}

/**
 * What the site's REST index says of a namespace WordPress does not have: the one it lists with the API's
 * routes or spelt near it (a typo in the address), else the usual causes.
 */
async function nearNamespace(transport: Transport): Promise<string> {
  const typed = URL.canParse(transport.baseUrl())
    ? locateApi(transport.baseUrl())?.route.slice(1)
    : undefined;
  const near = typed ? namespaceMeant(await transport.restIndex(), typed) : null;
  return near
    ? `: did you mean "${near}"? The site's REST index lists it; put it in the address in place of "${typed}"`
    : " (the plugin is inactive, or the site's plan does not include its REST API)";
}

/** The namespace index, or a `not_this_api` error saying what answered instead. */
async function readRoutes(transport: Transport, signal?: AbortSignal): Promise<Record<RouteName, boolean>> {
  let value: unknown;
  try {
    value = (await transport.call({ operation: 'probe', method: 'GET', path: '', signal })).value;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null || error.status === 401 || error.status === 403)
      throw error;
    // A server that fails (a 503 maintenance page, a 500) or rate-limits may well be the API: say that, not
    // "no API here".
    if (error.status >= 500 || error.status === 429) throw error;
    // A redirect says where the API is, not that there is none: its own message names the address.
    if (error.code === CLIENT_ERROR_CODES.redirect) throw error;
    const what =
      error.code === 'rest_no_route'
        ? `WordPress answers there, but without this namespace${await nearNamespace(transport)}`
        : `${error.status} ${error.code}: ${error.serverMessage}`;
    throw probeError(
      CLIENT_ERROR_CODES.notThisApi,
      `no Schema Management API answers at ${transport.baseUrl()}: ${what}`,
      error.url,
      // A missing route's hint (the namespace meant) is in the message already.
      error.hint && error.code !== CLIENT_ERROR_CODES.htmlResponse && error.code !== 'rest_no_route'
        ? error.hint
        : null,
      error.status,
    );
  }
  const index = routeIndex.safeParse(value);
  const routes = index.success ? routesFromIndex(Object.keys(index.data.routes)) : null;
  if (!routes || !Object.values(routes).some(Boolean)) {
    throw probeError(
      CLIENT_ERROR_CODES.notThisApi,
      `no Schema Management API answers at ${transport.baseUrl()}: the answer is JSON but not a namespace index with its routes`,
      transport.baseUrl(),
      null,
      200,
    );
  }
  return routes;
}

/**
 * Finds the server's routes and the credentials' capabilities. Throws an ApiError `not_this_api` when
 * something other than this API answers at the address, and `credentials_not_accepted` when credentials
 * were sent and the server answered as to an anonymous visitor.
 *
 * @example
 * const { routes, canManageOptions } = await client.probe();
 */
export async function probeServer(
  transport: Transport,
  username: string | null,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  let routes: Record<RouteName, boolean>;
  try {
    routes = await readRoutes(transport, signal);
  } catch (error) {
    if (
      username !== null &&
      error instanceof ApiError &&
      (error.status === 401 || error.status === 403) &&
      // A web page at that status is the web server's or a firewall's refusal: WordPress never looked.
      error.code !== CLIENT_ERROR_CODES.htmlResponse
    )
      throw await notAccepted(transport, username, error);
    throw error;
  }
  const none = {
    routes,
    routesFrom: 'index' as const,
    authenticated: false,
    canEditPosts: false,
    canManageOptions: false,
  };
  if (username === null) return none;
  // Reading one item of each needs edit_posts (/schemas) and manage_options (/meta).
  const [schemas, meta] = await Promise.all([
    routes.schemas ? outcomeOf(transport, '/schemas', signal) : Promise.resolve<Outcome>('other'),
    routes.meta ? outcomeOf(transport, '/meta', signal) : Promise.resolve<Outcome>('other'),
  ]);
  const authenticated = [schemas, meta].some((o) => o === 'ok' || o === 'forbidden');
  if (!authenticated && [schemas, meta].includes('unauthenticated'))
    throw await notAccepted(transport, username);
  const canManageOptions = meta === 'ok';
  return { ...none, authenticated, canEditPosts: schemas === 'ok' || canManageOptions, canManageOptions };
}

async function notAccepted(transport: Transport, username: string, cause?: ApiError): Promise<ApiError> {
  // The server's own words when it refused outright (WordPress: 401 incorrect_password); else it answered as
  // to nobody, which is how WordPress treats credentials it never saw.
  const answered = cause
    ? `it answered ${cause.status} ${cause.code}: ${cause.serverMessage.replace(/\.$/, '')}`
    : 'it answered as to an anonymous visitor (401 on routes that need a login)';
  const refusedInWords = cause !== undefined && REFUSED_IN_WORDS.has(cause.code);
  // Credentials WordPress never looked at: its REST index says whether it takes application passwords at all.
  const plainHttp = transport.baseUrl().startsWith('http:');
  const index = refusedInWords ? null : await transport.restIndex();
  const situation: CredentialsSituation = {
    plainHttp,
    refusedInWords,
    applicationPasswords: refusedInWords ? 'available' : applicationPasswordsIn(index),
    httpAddress: plainHttp ? null : httpAddressIn(index),
  };
  return probeError(
    CLIENT_ERROR_CODES.credentialsNotAccepted,
    `the API did not accept the credentials of user "${username}": ${answered}; the application password is wrong, ${cause ? '' : 'WordPress ignored it, '}or the host strips the Authorization header`,
    transport.baseUrl(),
    credentialsHint(situation, transport.optionNames.credentials),
    cause?.status ?? 401,
    // The refusal as the server said it, for callers that quote it (the build's failure message), and what
    // the hint was made from.
    {
      refusal: cause ? { status: cause.status, code: cause.code, message: cause.serverMessage } : null,
      situation,
    },
  );
}
