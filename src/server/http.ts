// node:http in and out: finds the route (pretty or `?rest_route=`), authenticates, reads the JSON body within
// the size limit, runs the handler, and writes its answer or a WordPress error.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeText } from '../head/escape.ts';
import { parseJsonSafely } from '../parse-json-safely.ts';
import type { ApiResponse, ServerContext } from './api.ts';
import { type Authenticator, can } from './auth.ts';
import { ApiFailure, invalidParams, noRoute } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { CompiledRoute } from './routes.ts';

export interface Dispatch {
  context: ServerContext;
  routes: CompiledRoute[];
  auth: Authenticator;
  prefix: string;
  maxBodyBytes: number;
  index: unknown;
  limiter: RateLimiter | null;
  /** Told of every failure that was not the caller's (a 500), with the error itself; the caller sees none of it. */
  onError: (error: unknown) => void;
}

/** Deepest request body read (a document inside it is held to its own, smaller, bound later). */
const MAX_BODY_DEPTH = 128;

// A host name or IPv4 address, or an IPv6 literal, and an optional port: nothing else may reach a URL we write.
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The request's own URL, on its `Host`; a Host that is not a host name (and port) is the caller's error. */
function requestUrl(request: IncomingMessage): URL {
  const host = request.headers.host ?? 'localhost';
  // The path alone is taken from the request line (which may be absolute-form); the host from a checked Host.
  const target = URL.parse(request.url ?? '/', 'http://localhost');
  const url = HOST_PATTERN.test(host)
    ? URL.parse(`http://${host}${target?.pathname ?? '/'}${target?.search ?? ''}`)
    : null;
  if (url === null || url.host !== host.toLowerCase().replace(/:80$/, '')) {
    throw new ApiFailure(
      400,
      'rest_invalid_host',
      'The Host header is not a host name with an optional port.',
    );
  }
  return url;
}

function tooLarge(limit: number): ApiFailure {
  return new ApiFailure(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`, {
    max_bytes: limit,
  });
}

/** The query as PHP reads it into `$_GET`, which WordPress's REST server takes: a name given twice keeps its last value. */
function phpQuery(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams(Object.fromEntries(params));
}

/** The query parameters the routes read, by the type WordPress's schema gives them. */
const SCALAR_PARAMS: Record<string, 'string' | 'integer'> = {
  page: 'integer',
  per_page: 'integer',
  url: 'string',
  orderby: 'string',
  order: 'string',
  schema_type: 'string',
  search: 'string',
};

/**
 * Parameters PHP reads as arrays (`url[]=…`, `page[x]=2`) where the routes take one value: WordPress answers
 * 400 (`url is not of type string.`), never a list with the filter left out.
 */
function arrayParams(params: URLSearchParams): Array<[string, string]> {
  const named = new Set<string>();
  for (const key of params.keys()) {
    const name = /^([^[\]]+)\[[^\]]*\]/.exec(key)?.[1];
    if (name !== undefined && SCALAR_PARAMS[name]) named.add(name);
  }
  return [...named].map((name) => [name, `is not of type ${SCALAR_PARAMS[name]}.`]);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The route below the prefix and the query the handler sees, or null when the URL is not the API's. */
function locate(url: URL, dispatch: Dispatch): { route: string; query: URLSearchParams } | null {
  const { prefix } = dispatch;
  const query = phpQuery(url.searchParams);
  let route: string | null = null;
  if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
    route = url.pathname.slice(prefix.length);
  else if (query.has('rest_route')) {
    const restRoute = query.get('rest_route')!;
    const { namespace } = dispatch.context;
    if (restRoute === namespace || restRoute.startsWith(`${namespace}/`)) {
      route = restRoute.slice(namespace.length);
      query.delete('rest_route');
    }
  }
  if (route === null) return null;
  return { route: route.replace(/\/+$/, ''), query };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether every string of a parsed body (keys too) is well-formed Unicode; iterative, as bodies nest. */
function wellFormed(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return false;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!key.isWellFormed()) return false;
        stack.push(child);
      }
    }
  }
  return true;
}

async function readBody(request: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  // As WordPress (PHP's json_decode) refuses them: bytes that are not UTF-8 and unpaired surrogates would
  // otherwise be stored as U+FFFD, and the answer would not say what was stored.
  let text: string;
  try {
    text = strictUtf8.decode(Buffer.concat(chunks));
  } catch {
    throw new ApiFailure(400, 'rest_invalid_json', 'The request body is not valid JSON: it is not UTF-8.');
  }
  if (text.trim() === '') return {};
  // As WordPress reads a body: JSON only under a JSON media type, form fields as PHP's $_POST gives them, and
  // nothing else (JSON sent as text/plain reaches no handler there, so it reaches none here).
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  if (type !== 'application/json' && !type.endsWith('+json')) return {};
  const parsed = parseJsonSafely(text, MAX_BODY_DEPTH);
  if (!parsed.ok) {
    throw new ApiFailure(400, 'rest_invalid_json', `The request body is not valid JSON: ${parsed.message}`);
  }
  if (!wellFormed(parsed.value)) {
    throw new ApiFailure(
      400,
      'rest_invalid_json',
      'The request body is not valid JSON: a string holds an unpaired UTF-16 surrogate (such as \\ud800).',
    );
  }
  const body = parsed.value;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiFailure(400, 'rest_invalid_param', 'The request body must be a JSON object.', {
      params: { body: 'must be a JSON object' },
    });
  }
  return body as Record<string, unknown>;
}

/** WordPress's REST root above the prefix (`/wp-json/` of `/wp-json/schemafy/v1`); null for a prefix of another shape. */
function restRootOf(dispatch: Dispatch): string | null {
  const { prefix } = dispatch;
  const { namespace } = dispatch.context;
  return prefix !== namespace && prefix.endsWith(namespace) ? `${prefix.slice(0, -namespace.length)}/` : null;
}

/** The REST index WordPress answers at its root: the site, its time zone, its namespaces and routes. */
function restIndex(url: URL, dispatch: Dispatch): unknown {
  const home = `${url.origin}${siteHomeOf(restRootOf(dispatch)!)}`;
  return {
    name: 'astro-schema-manager reference server',
    description: 'The Schema Management REST API, without WordPress',
    url: home,
    home,
    // Dates are stored and sent in UTC, with their zone.
    gmt_offset: 0,
    timezone_string: 'UTC',
    namespaces: [dispatch.context.namespace.slice(1)],
    authentication: { 'application-passwords': { endpoints: {} } },
    routes: (dispatch.index as { routes: unknown }).routes,
  };
}

/** The site's home above the REST root (`/` for `/wp-json/`, `/blog/` for `/blog/wp-json/`). */
function siteHomeOf(root: string): string {
  return root.replace(/[^/]+\/$/, '');
}

async function answer(request: IncomingMessage, dispatch: Dispatch): Promise<ApiResponse> {
  dispatch.limiter?.take(request.socket.remoteAddress ?? 'unknown');
  const url = requestUrl(request);
  const root = restRootOf(dispatch);
  const reads = request.method === 'GET' || request.method === 'HEAD';
  if (root && reads && (url.pathname === root || url.searchParams.get('rest_route') === '/'))
    return { body: restIndex(url, dispatch) };
  const located = locate(url, dispatch);
  if (!located) throw noRoute();
  // As WordPress: `?_method=DELETE` or `X-HTTP-Method-Override: DELETE`, for clients that can send only GET
  // and POST, run the request as that method.
  const override = located.query.get('_method') ?? headerValue(request.headers['x-http-method-override']);
  located.query.delete('_method');
  const method = override?.trim() ? override.trim().toUpperCase() : (request.method ?? 'GET');
  const user = await dispatch.auth.authenticate(request.headers.authorization);
  if (located.route === '') {
    if (method !== 'GET' && method !== 'HEAD') throw noRoute();
    return { body: dispatch.index };
  }
  let route: CompiledRoute | undefined;
  let params: Record<string, string> = {};
  // HEAD is answered as GET, without the body (node:http leaves it out), as WordPress does.
  const asMethod = method === 'HEAD' ? 'GET' : method;
  for (const candidate of dispatch.routes) {
    const match = candidate.pattern.exec(located.route);
    if (match && candidate.methods.includes(asMethod)) {
      route = candidate;
      params = { ...match.groups };
      break;
    }
  }
  if (!route) throw noRoute();
  const arrays = arrayParams(url.searchParams);
  if (arrays.length > 0) throw invalidParams(Object.fromEntries(arrays));
  if (route.access !== 'public') {
    if (!user)
      throw new ApiFailure(401, 'rest_forbidden', 'Sorry, you are not allowed to do that. Send credentials.');
    if (!can(user, route.access)) {
      throw new ApiFailure(
        403,
        'rest_forbidden',
        `Sorry, you are not allowed to do that (needs ${route.access}).`,
      );
    }
  }
  const body =
    asMethod === 'GET' || method === 'DELETE' ? {} : await readBody(request, dispatch.maxBodyBytes);
  return route.handler(
    { method: asMethod, route: located.route, params, query: located.query, body, user, url },
    dispatch.context,
  );
}

/** The caller's answer to a failure; the text of an unexpected error stays in the server's log. */
function failureOf(error: unknown, dispatch: Dispatch): ApiFailure {
  if (error instanceof ApiFailure) return error;
  // A client that closed its connection mid-request is no failure of the server's: nothing to log.
  if (!clientWentAway(error)) dispatch.onError(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_SQLITE')) {
    return new ApiFailure(
      500,
      'db_error',
      'The database could not complete the request; see the server log.',
    );
  }
  return new ApiFailure(500, 'internal_error', 'The server failed on this request; see the server log.');
}

/** Whether `error` is the client closing its connection (a body cut short, a reset), not the server failing. */
function clientWentAway(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    message === 'aborted'
  );
}

/** A strong validator of an answer's bytes. */
function entityTag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `tag` (or is `*`); weak tags compare as strong ones for a GET, as RFC 9110 says. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((item) => {
    const candidate = item.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === tag;
  });
}

// Answers to reads carry an ETag and are marked for revalidation on every use (`no-cache`): a client may
// keep them, and asks `If-None-Match` next time; an unchanged answer is then a 304 without a body.
// `private` and `must-revalidate` make that allowed for answers to requests with credentials (RFC 9111 3.5).
const READ_CACHE_CONTROL = 'private, no-cache, must-revalidate';

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  request?: IncomingMessage,
): void {
  const text = JSON.stringify(body);
  if (request && (request.method === 'GET' || request.method === 'HEAD') && status === 200) {
    const tag = entityTag(text);
    const validators = { ...headers, ETag: tag, 'Cache-Control': READ_CACHE_CONTROL };
    if (matches(request.headers['if-none-match'], tag)) {
      response.writeHead(304, validators);
      response.end();
      return;
    }
    headers = validators;
  }
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** The site's home page: what a browser sent to the server's address sees, with the REST root in its head. */
function sendHome(response: ServerResponse, api: string): void {
  const text = `<!doctype html><html><head><meta charset="utf-8"><title>astro-schema-manager reference server</title></head><body><p>The Schema Management REST API is at <code>${escapeText(api)}</code>.</p></body></html>\n`;
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function sendFailure(response: ServerResponse, error: unknown, dispatch: Dispatch): void {
  const failure = failureOf(error, dispatch);
  // After a refused body the rest of it is not read: close rather than leave the stream half-consumed.
  const extra = failure.status === 413 ? { Connection: 'close', ...failure.headers } : failure.headers;
  send(response, failure.status, failure.toBody(), extra);
}

/**
 * The `node:http` request listener of the API. Whatever one request does (a handler that throws, an answer
 * that cannot be serialised or is too large to be a string), it ends as a 500 for that request alone.
 */
export function requestListener(dispatch: Dispatch) {
  const root = restRootOf(dispatch);
  return (request: IncomingMessage, response: ServerResponse): void => {
    // Every answer names the REST root, as WordPress's do (`Link: <…/wp-json/>; rel="https://api.w.org/"`):
    // a client given the site's address alone finds the API from any of them, the home page first.
    let url: URL | null = null;
    try {
      url = root ? requestUrl(request) : null;
    } catch {
      // A Host that is no host name: the answer below says so.
    }
    if (url && root) {
      response.setHeader('Link', `<${url.origin}${root}>; rel="https://api.w.org/"`);
      const reads = request.method === 'GET' || request.method === 'HEAD';
      if (reads && url.pathname === siteHomeOf(root) && !url.searchParams.has('rest_route')) {
        sendHome(response, `${url.origin}${dispatch.prefix}`);
        return;
      }
    }
    const respond = async (): Promise<void> => {
      try {
        const result = await answer(request, dispatch);
        send(response, result.status ?? 200, result.body, result.headers, request);
      } catch (error) {
        if (response.headersSent) throw error;
        sendFailure(response, error, dispatch);
      }
    };
    respond().catch((error: unknown) => {
      // Even the failure could not be written (or the answer was half sent): end this connection only.
      if (!clientWentAway(error)) dispatch.onError(error);
      response.destroy();
    });
  };
}
