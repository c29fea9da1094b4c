// One HTTP exchange over the client's pooled dispatcher: timeouts, retries, the size cap, and every
// network failure turned into a reason the transport can name.
import type { Dispatcher } from 'undici';
// As a namespace: a runtime that answers `undici` with a module of its own (Bun's) lacks some of these, and
// named imports would fail while loading, before createSender can say why.
import * as undici from 'undici';
import { SQLITE_NOTICE, withoutExperimentalNotice } from '../experimental-notice.ts';
import { type CallBound, withinCallBound } from './call-bound.ts';
import { ACCEPTED_ENCODINGS, DecodeFailure, decodeBody, startOfBody } from './decode-body.ts';
import {
  ANSWER_START_BYTES,
  CUT_OFF_DETAIL,
  GET_REDIRECT_LIMIT,
  NOT_RECORDED,
  nextHop,
  pause,
  type RawAnswer,
  REDIRECT_LOOP,
  type Sender,
  SendFailure,
  type SendRequest,
  type SendSettings,
  TOO_LARGE,
  UNDECODABLE,
} from './exchange.ts';
import { keepOnNotModified } from './keep-on-not-modified.ts';
import { type RetrySettings, retryDelay, retryPolicy, retrySettingsFor } from './retry-policy.ts';

/** Creates the sender and its connection pool; `onRetry` counts retries. */
export function createSender(settings: SendSettings, onRequest: () => void, onRetry: () => void): Sender {
  const { Agent, cacheStores, interceptors } = undici;
  if (!Agent || !cacheStores || !interceptors) throw substitutedUndici();
  // undici's cache keys entries by URL (and by the headers a `Vary` names): never by credentials, which
  // therefore never reach the file. Every use is revalidated (the requests say `no-cache`), so an answer is
  // only ever reused when the server says, for these credentials, that it has not changed.
  const store = settings.cacheFile
    ? withoutExperimentalNotice(
        SQLITE_NOTICE,
        () =>
          new cacheStores.SqliteCacheStore({
            location: settings.cacheFile,
            maxEntrySize: settings.maxResponseBytes,
          }),
      )
    : null;
  const layers = [interceptors.retry({ throwOnError: false }), interceptors.redirect({ maxRedirections: 0 })];
  const base =
    settings.dispatcher ??
    // No maxResponseSize: undici would refuse an answer over it before its first byte, and the first bytes
    // name the record that is too large. readCapped holds the cap, and never keeps more than it.
    new Agent({ keepAliveTimeout: 10_000, connections: settings.connections });
  const dispatcher = base.compose(...layers);
  const cached = store
    ? base.compose(
        ...layers,
        keepOnNotModified(),
        interceptors.cache({ store, type: 'private', methods: ['GET'] }),
      )
    : dispatcher;

  /**
   * The answer's text, decoded from its Content-Encoding; the size cap holds before and after decoding. An
   * answer over it fails with its first few KB, read whatever it declares: they name the record it holds.
   */
  async function readCapped(response: Dispatcher.ResponseData, status: number): Promise<string> {
    const declared = Number(response.headers['content-length'] ?? 0);
    const limit = declared > settings.maxResponseBytes ? ANSWER_START_BYTES : settings.maxResponseBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = async () =>
      new SendFailure(
        TOO_LARGE,
        '',
        false,
        await startOfBody(
          Buffer.concat(chunks).subarray(0, ANSWER_START_BYTES),
          response.headers['content-encoding'],
          ANSWER_START_BYTES,
        ),
      );
    for await (const chunk of response.body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > limit) throw await tooLarge();
    }
    if (declared > settings.maxResponseBytes) throw await tooLarge();
    try {
      const body = Buffer.concat(chunks);
      return (
        await decodeBody(body, response.headers['content-encoding'], settings.maxResponseBytes)
      ).toString('utf8');
    } catch (error) {
      if (!(error instanceof DecodeFailure)) throw error;
      if (error.tooLarge) throw await tooLarge();
      throw new SendFailure(UNDECODABLE, `${error.message} (HTTP ${status})`, false);
    }
  }

  function send(request: SendRequest): Promise<RawAnswer> {
    return withinCallBound(settings.totalTimeoutMs, [settings.signal, request.signal], (bound) =>
      sendWithin(request, bound),
    );
  }

  async function sendWithin(request: SendRequest, bound: CallBound): Promise<RawAnswer> {
    const { signal } = bound;
    const headers = {
      'user-agent': settings.userAgent,
      'accept-encoding': ACCEPTED_ENCODINGS,
      // A kept answer is used only once the server has confirmed it, whatever freshness it was sent with (a
      // caching host or CDN may mark REST answers fresh for minutes): a change in the CMS always shows.
      ...(request.cache && store ? { 'cache-control': 'no-cache' } : {}),
      ...request.headers,
    };
    onRequest();
    const retry = retrySettingsFor(settings);
    // undici's retry interceptor resumes an answer cut off mid-body with a Range request, and gives up when
    // the server answers it whole, as WordPress does. The body is read whole here, so a read starts again.
    for (let tries = 1; ; tries++) {
      try {
        return await exchangeOnce(request, headers, signal, retry);
      } catch (error) {
        const failure = failureOf(error, bound.passed());
        const delay =
          failure.reason === CUT_OFF && !signal.aborted
            ? retryDelay({ code: 'UND_ERR_SOCKET' }, request.method, tries, retry, Date.now())
            : null;
        if (delay === null) throw failure;
        onRetry();
        await pause(delay, signal);
        if (signal.aborted) throw failure;
      }
    }
  }

  async function exchangeOnce(
    request: SendRequest,
    headers: Record<string, string>,
    signal: AbortSignal,
    retry: RetrySettings,
  ): Promise<RawAnswer> {
    const reads = request.method === 'GET' || request.method === 'HEAD';
    // undici follows a read's redirects itself, and drops Authorization where one leaves the origin: the
    // server would then answer as to anyone. A read with credentials follows them here, within the origin.
    const credentialed = 'authorization' in headers;
    let url = request.url;
    for (let hops = 0; ; hops++) {
      let response: Dispatcher.ResponseData | undefined;
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
          maxRedirections: reads && !credentialed ? GET_REDIRECT_LIMIT : 0,
          retryOptions: { retry: retryPolicy(retry, onRetry) },
        } as Dispatcher.RequestOptions);
        const location = response.headers.location;
        const next =
          reads && credentialed
            ? nextHop(response.statusCode, typeof location === 'string' ? location : null, url, true)
            : null;
        if (next !== null && hops < GET_REDIRECT_LIMIT) {
          await response.body.dump();
          url = next;
          continue;
        }
        const text = await readCapped(response, response.statusCode);
        return { status: response.statusCode, headers: response.headers, text, url: url.href };
      } catch (error) {
        response?.body.destroy();
        throw error;
      }
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

/** undici's failure when an answer cut off mid-body could not be resumed (named here, as a connection lost). */
const CUT_OFF = 'UND_ERR_REQ_RETRY';

/** An undici failure as a reason the transport can name, in words a user can act on. */
function failureOf(error: unknown, deadlinePassed: boolean): SendFailure {
  if (error instanceof SendFailure) return error;
  const { code, message } = error as { code?: string; message?: string };
  // undici's SnapshotAgent in playback, asked for a request it never recorded.
  if (message?.startsWith('No snapshot found')) return new SendFailure(NOT_RECORDED, message, false);
  if (message?.startsWith('Redirect loop detected')) return new SendFailure(REDIRECT_LOOP, message, false);
  if (code === CUT_OFF) return new SendFailure(CUT_OFF, CUT_OFF_DETAIL, deadlinePassed);
  if (typeof code === 'string' && code.startsWith('ERR_SSL_'))
    return new SendFailure(code, tlsFailure(code, message), deadlinePassed);
  // `connect ECONNREFUSED 127.0.0.1:8081` names its code already.
  const named = code && !message?.includes(code) ? `${code}: ` : '';
  return new SendFailure(code ?? message ?? '', `${named}${message ?? 'connection failed'}`, deadlinePassed);
}

/** OpenSSL's failure in words: its reason (`wrong version number`), not its internal source path. */
function tlsFailure(code: string, message = ''): string {
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return `${code}: what answers on that port does not speak TLS (https); it may be plain http`;
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1];
  return `${code}: the TLS (https) handshake failed${reason ? ` (${reason})` : ''}`;
}

/**
 * Why the HTTP requests cannot be made where a runtime put a module of its own in undici's place (Bun's does
 * under --bun): in one line, saying what to run instead.
 */
export function substitutedUndici(): Error {
  return new Error(
    "astro-schema-manager needs the undici package for its HTTP requests, and this runtime gives a module of its own in its place (Bun's runtime does, under --bun): run Astro and this CLI on Node.js, as `bun run` and `bunx` do without --bun.",
  );
}
