// One HTTP exchange over the client's pooled dispatcher: timeouts, retries, the size cap, and every
// network failure turned into a reason the transport can name.
import { Agent, cacheStores, type Dispatcher, interceptors } from 'undici';
import { keepOnNotModified } from './keep-on-not-modified.ts';
import type { HttpMethod } from './operations.ts';
import { retryPolicy } from './retry-policy.ts';

export interface SendSettings {
  timeoutMs: number;
  totalTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  connections: number;
  userAgent: string;
  signal?: AbortSignal | undefined;
  maxResponseBytes: number;
  /** A SQLite file where answers to GETs are kept, and revalidated before each use; none: no cache. */
  cacheFile?: string | undefined;
  /** Sends through this dispatcher (recording or replaying answers) instead of a pool of its own; not closed here. */
  dispatcher?: Dispatcher | undefined;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Where the request went (with its query). */
  url: string;
}

export interface SendRequest {
  url: URL;
  method: HttpMethod | 'HEAD';
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Goes through the on-disk cache, when there is one. Only list reads do: a list page is tens of KB that a 304
   * saves, while a per-page answer is about the size of the 304 that would revalidate it, and keeping it would
   * cost a write to the cache for every page of the site.
   */
  cache?: boolean;
}

/** A failed exchange: `reason` is undici's code (or message); `deadline` whether the call's total bound ran out. */
export class SendFailure extends Error {
  readonly reason: string;
  readonly detail: string;
  readonly deadlinePassed: boolean;
  constructor(reason: string, detail: string, deadlinePassed: boolean) {
    super(detail);
    this.reason = reason;
    this.detail = detail;
    this.deadlinePassed = deadlinePassed;
  }
}

const GET_REDIRECT_LIMIT = 3;
/** The reason of a failure where replayed answers hold none for the request. */
export const NOT_RECORDED = 'not_recorded';

/** Creates the sender and its connection pool; `onRetry` counts retries. */
export function createSender(settings: SendSettings, onRequest: () => void, onRetry: () => void) {
  // undici's cache keys entries by URL (and by the headers a `Vary` names): never by credentials, which
  // therefore never reach the file. Every use is revalidated (the requests say `no-cache`), so an answer is
  // only ever reused when the server says, for these credentials, that it has not changed.
  const store = settings.cacheFile
    ? new cacheStores.SqliteCacheStore({
        location: settings.cacheFile,
        maxEntrySize: settings.maxResponseBytes,
      })
    : null;
  const layers = [interceptors.retry({ throwOnError: false }), interceptors.redirect({ maxRedirections: 0 })];
  const base =
    settings.dispatcher ??
    new Agent({
      keepAliveTimeout: 10_000,
      connections: settings.connections,
      maxResponseSize: settings.maxResponseBytes,
    });
  const dispatcher = base.compose(...layers);
  const cached = store
    ? base.compose(
        ...layers,
        keepOnNotModified(),
        interceptors.cache({ store, type: 'private', methods: ['GET'] }),
      )
    : dispatcher;

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

  async function send(request: SendRequest): Promise<RawAnswer> {
    const { url } = request;
    const deadline = AbortSignal.timeout(settings.totalTimeoutMs);
    const signal = AbortSignal.any(
      [deadline, settings.signal, request.signal].filter((s) => s !== undefined),
    );
    const headers = {
      'user-agent': settings.userAgent,
      // A kept answer is used only once the server has confirmed it, whatever freshness it was sent with (a
      // caching host or CDN may mark REST answers fresh for minutes): a change in the CMS always shows.
      ...(request.cache && store ? { 'cache-control': 'no-cache' } : {}),
      ...request.headers,
    };
    let response: Dispatcher.ResponseData | undefined;
    onRequest();
    try {
      response = await (request.cache ? cached : dispatcher).request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: request.method,
        headers,
        body: request.body,
        signal,
        headersTimeout: settings.timeoutMs,
        bodyTimeout: settings.timeoutMs,
        // Only reads follow redirects; undici drops Authorization when one leaves the origin.
        maxRedirections: request.method === 'GET' || request.method === 'HEAD' ? GET_REDIRECT_LIMIT : 0,
        retryOptions: {
          retry: retryPolicy(
            {
              retries: settings.retries,
              minDelayMs: settings.retryDelayMs,
              maxDelayMs: settings.maxRetryDelayMs,
              deadline: Date.now() + settings.totalTimeoutMs,
            },
            onRetry,
          ),
        },
      } as Dispatcher.RequestOptions);
      const declared = Number(response.headers['content-length'] ?? 0);
      const text = await readCapped(response.body, Number.isFinite(declared) ? declared : 0);
      return { status: response.statusCode, headers: response.headers, text, url: url.href };
    } catch (error) {
      response?.body.destroy();
      const { code, message } = error as { code?: string; message?: string };
      // undici's SnapshotAgent in playback, asked for a request it never recorded.
      if (message?.startsWith('No snapshot found')) throw new SendFailure(NOT_RECORDED, message, false);
      throw new SendFailure(
        code ?? message ?? '',
        `${code ? `${code}: ` : ''}${message ?? 'connection failed'}`,
        deadline.aborted,
      );
    }
  }

  return {
    send,
    close: async () => {
      if (!settings.dispatcher) await dispatcher.close();
      store?.close();
    },
  };
}
