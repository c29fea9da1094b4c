// Sends one API call over a pooled undici Agent and turns every failure into an ApiError.
// Retries, redirects, timeouts and the size cap are undici's; the `?rest_route=` fallback is the API's.
import { Agent, type Dispatcher, interceptors } from 'undici';
import { readBody } from './body.ts';
import { ApiError, CLIENT_ERROR_CODES, hintFor } from './errors.ts';
import type { HttpMethod } from './operations.ts';
import { createRedactor, type Redactor } from './redact.ts';
import { retryPolicy } from './retry-policy.ts';
import { type Query, redactUrl, routeUrl } from './urls.ts';
import { wordpressError } from './wire-results.ts';

export interface TransportSettings {
  baseUrl: string;
  timeoutMs: number;
  totalTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  connections: number;
  userAgent: string;
  signal?: AbortSignal | undefined;
  maxResponseBytes: number;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface CallSpec {
  operation: string;
  method: HttpMethod;
  path: string;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface Answer {
  status: number;
  /** Where the call went, without credentials. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  value: unknown;
  /** Removes this client's credentials from text taken from the answer (for errors built later). */
  redact: Redactor;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  url: string;
}

/** Counts since the client was made. */
export interface TransportStats {
  /** HTTP requests sent, retries and the `?rest_route=` fallback included (redirect hops not). */
  requests: number;
  /** Of those, the retries. */
  retries: number;
}

export interface Transport {
  call(spec: CallSpec): Promise<Answer>;
  stats(): TransportStats;
  close(): Promise<void>;
}

const GET_REDIRECT_LIMIT = 3;

/** The client's own texts a server may quote: the URL it called, its path and query. */
function ownTexts(url: string): string[] {
  const parsed = URL.parse(url);
  if (parsed === null) return [url];
  return [
    parsed.href,
    `${parsed.pathname}${parsed.search}`,
    parsed.pathname,
    decodeURIComponentSafely(parsed.pathname),
  ];
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A route the server does not have: WordPress' JSON 404, or the theme's HTML 404 under plain permalinks. */
function isMissingRoute(raw: RawAnswer): boolean {
  if (raw.status !== 404) return false;
  const reading = readBody(raw.text);
  if (reading.kind === 'html') return true;
  return reading.kind === 'json' && (reading.value as { code?: unknown } | null)?.code === 'rest_no_route';
}

/**
 * Creates the sender of API calls. The Authorization value lives only in this closure: it is on no
 * object a caller can reach, print or serialise.
 */
export function createTransport(settings: TransportSettings, credentials: Credentials | null): Transport {
  const authorization = credentials
    ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')}`
    : null;
  const redact = createRedactor(credentials);

  const dispatcher = new Agent({
    keepAliveTimeout: 10_000,
    connections: settings.connections,
    maxResponseSize: settings.maxResponseBytes,
  }).compose(interceptors.retry({ throwOnError: false }), interceptors.redirect({ maxRedirections: 0 }));
  // Plain permalinks are found out once; every later call goes straight to the form that worked.
  let form: 'pretty' | 'rest_route' = 'pretty';
  const counts: TransportStats = { requests: 0, retries: 0 };
  const countRetry = () => {
    counts.requests++;
    counts.retries++;
  };

  function fail(
    spec: CallSpec,
    url: string,
    status: number | null,
    code: string,
    message: string,
    details?: unknown,
  ) {
    const hint = hintFor({
      status,
      code,
      operation: spec.operation,
      hasCredentials: authorization !== null,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      triedRestRoute: url.includes('rest_route='),
    });
    return new ApiError({
      status,
      code,
      serverMessage: message,
      operation: spec.operation,
      method: spec.method,
      // Built from the base URL, which never holds credentials: nothing in it is the server's to redact.
      url: redactUrl(url),
      hint,
      details,
      // A server that quotes the request's URL or path is quoting the client, not its credentials.
      redact: redact.keeping(ownTexts(url)),
    });
  }

  async function readCapped(body: Dispatcher.ResponseData['body'], declared: number): Promise<string> {
    if (declared > settings.maxResponseBytes) throw new Error('UND_ERR_RES_EXCEEDED_MAX_SIZE');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > settings.maxResponseBytes) throw new Error('UND_ERR_RES_EXCEEDED_MAX_SIZE');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function send(spec: CallSpec, useForm: typeof form): Promise<RawAnswer> {
    const url = routeUrl(settings.baseUrl, spec.path, spec.query, useForm);
    const deadline = AbortSignal.timeout(settings.totalTimeoutMs);
    const signal = AbortSignal.any([deadline, settings.signal, spec.signal].filter((s) => s !== undefined));
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': settings.userAgent };
    if (authorization) headers.authorization = authorization;
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    let response: Dispatcher.ResponseData | undefined;
    counts.requests++;
    try {
      response = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: spec.method,
        headers,
        body,
        signal,
        headersTimeout: settings.timeoutMs,
        bodyTimeout: settings.timeoutMs,
        // Only reads follow redirects; undici drops Authorization when one leaves the origin.
        maxRedirections: spec.method === 'GET' ? GET_REDIRECT_LIMIT : 0,
        retryOptions: {
          retry: retryPolicy(
            {
              retries: settings.retries,
              minDelayMs: settings.retryDelayMs,
              maxDelayMs: settings.maxRetryDelayMs,
              deadline: Date.now() + settings.totalTimeoutMs,
            },
            countRetry,
          ),
        },
      } as Dispatcher.RequestOptions);
      const declared = Number(response.headers['content-length'] ?? 0);
      const text = await readCapped(response.body, Number.isFinite(declared) ? declared : 0);
      return { status: response.statusCode, headers: response.headers, text, url: url.href };
    } catch (error) {
      response?.body.destroy();
      throw networkFailure(spec, url.href, error, deadline);
    }
  }

  function networkFailure(spec: CallSpec, url: string, error: unknown, deadline: AbortSignal): ApiError {
    const { code, message } = error as { code?: string; message?: string };
    const reason = code ?? message ?? '';
    if (reason === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return fail(
        spec,
        url,
        null,
        CLIENT_ERROR_CODES.responseTooLarge,
        `the answer is larger than ${settings.maxResponseBytes} bytes`,
      );
    }
    const callerAborted = settings.signal?.aborted || spec.signal?.aborted;
    if (!callerAborted && (deadline.aborted || /TIMEOUT/.test(reason))) {
      const limit = deadline.aborted
        ? `the call's total time bound (${settings.totalTimeoutMs} ms)`
        : `${settings.timeoutMs} ms`;
      return fail(spec, url, null, CLIENT_ERROR_CODES.timeout, `no answer within ${limit}`);
    }
    if (callerAborted)
      return fail(spec, url, null, CLIENT_ERROR_CODES.aborted, 'the call was aborted by its AbortSignal');
    return fail(
      spec,
      url,
      null,
      CLIENT_ERROR_CODES.networkError,
      `${code ? `${code}: ` : ''}${message ?? 'connection failed'}`,
    );
  }

  function interpret(spec: CallSpec, raw: RawAnswer): Answer {
    const reading = readBody(raw.text);
    const { status, headers } = raw;
    if (status >= 200 && status < 300) {
      const url = redactUrl(raw.url);
      if (reading.kind === 'json') return { status, url, headers, value: reading.value, redact };
      if (reading.kind === 'empty') return { status, url, headers, value: null, redact };
    }
    if (reading.kind === 'too-deep') {
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.invalidJson, `the answer ${reading.message}`);
    }
    if (reading.kind === 'html') {
      throw fail(
        spec,
        raw.url,
        status,
        CLIENT_ERROR_CODES.htmlResponse,
        `the server answered HTML, not JSON: ${reading.snippet}`,
      );
    }
    if (status >= 300 && status < 400) {
      const location = String(headers.location ?? '(no Location)');
      throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.redirect, `redirected to ${redactUrl(location)}`);
    }
    if (reading.kind === 'text') {
      throw fail(
        spec,
        raw.url,
        status,
        CLIENT_ERROR_CODES.invalidJson,
        `the server answered text, not JSON: ${reading.snippet}`,
      );
    }
    const parsed = wordpressError.safeParse(reading.kind === 'json' ? reading.value : null);
    if (parsed.success) {
      const { code, message, data } = parsed.data;
      throw fail(spec, raw.url, status, code, message || `HTTP ${status}`, data?.params);
    }
    throw fail(spec, raw.url, status, CLIENT_ERROR_CODES.httpError, `HTTP ${status}`);
  }

  return {
    async call(spec) {
      const first = await send(spec, form);
      if (form === 'pretty' && isMissingRoute(first)) {
        const second = await send(spec, 'rest_route');
        if (!isMissingRoute(second)) form = 'rest_route';
        return interpret(spec, second);
      }
      return interpret(spec, first);
    },
    stats: () => ({ ...counts }),
    close: () => dispatcher.close(),
  };
}
