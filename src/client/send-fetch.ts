// One HTTP exchange over the runtime's own `fetch`: the request-time pass's sender everywhere (adapters bundle
// it for edge runtimes, where undici and Node's modules can be neither loaded nor bundled; workerd compiles no
// WebAssembly at run time, and undici's HTTP parser is WebAssembly), and the package client's outside Node.
// The same contract as the undici sender: timeouts, the same retry rules, the size cap, redirects followed for
// reads only and never with credentials to another origin. No connection pool or cache of its own: the runtime
// pools, and the request-time pass keeps its answers itself.

import { type CallBound, startCallBound, withinCallBound } from './call-bound.ts';
import {
  ANSWER_START_BYTES,
  CUT_OFF_DETAIL,
  GET_REDIRECT_LIMIT,
  nextHop,
  pause,
  type RawAnswer,
  type Sender,
  SendFailure,
  type SendRequest,
  type SendSettings,
  TOO_LARGE,
} from './exchange.ts';
import { retryDelay, retrySettingsFor } from './retry-policy.ts';

/**
 * Whether this runtime is Node.js, where the undici sender runs; elsewhere (workerd, Deno, Bun) `fetch` does.
 * Node says so in `navigator.userAgent` (`Node.js/24`); a runtime without it is taken for Node.
 */
export function runsOnNode(userAgent = globalThis.navigator?.userAgent): boolean {
  return typeof userAgent !== 'string' || userAgent.startsWith('Node.js/');
}

/** Creates a sender over `fetch`; `onRetry` counts retries. */
export function createFetchSender(
  settings: SendSettings,
  onRequest: () => void,
  onRetry: () => void,
): Sender {
  /** The answer's text within the size cap; one over it fails with its first few KB, as in send.ts. */
  async function readCapped(response: Response): Promise<string> {
    if (!response.body) return '';
    const declared = Number(response.headers.get('content-length') ?? 0);
    const limit = declared > settings.maxResponseBytes ? ANSWER_START_BYTES : settings.maxResponseBytes;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    const tooLarge = async () => {
      await reader.cancel().catch(() => {});
      return new SendFailure(TOO_LARGE, '', false, text.slice(0, ANSWER_START_BYTES));
    };
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > limit) {
        // Only as much as names what the answer holds.
        if (text.length < ANSWER_START_BYTES)
          text += decoder.decode(read.value.subarray(0, ANSWER_START_BYTES), { stream: true });
        throw await tooLarge();
      }
      text += decoder.decode(read.value, { stream: true });
    }
    if (declared > settings.maxResponseBytes) throw await tooLarge();
    return text + decoder.decode();
  }

  /** One attempt, redirects of a read followed (with credentials, only within the origin they were given for). */
  async function attempt(request: SendRequest, headers: Record<string, string>, signal: AbortSignal) {
    const reads = request.method === 'GET' || request.method === 'HEAD';
    let url = request.url;
    for (let hops = 0; ; hops++) {
      const response = await fetch(url, {
        method: request.method,
        headers,
        body: request.body,
        signal,
        redirect: 'manual',
      });
      const next = reads
        ? nextHop(response.status, response.headers.get('location'), url, 'authorization' in headers)
        : null;
      if (next === null || hops >= GET_REDIRECT_LIMIT) return { response, url };
      await response.body?.cancel();
      url = next;
    }
  }

  function send(request: SendRequest): Promise<RawAnswer> {
    // What ends the call, retries and their waits included: its total bound, or either caller's abort.
    return withinCallBound(settings.totalTimeoutMs, [settings.signal, request.signal], (bound) =>
      sendWithin(request, bound),
    );
  }

  async function sendWithin(request: SendRequest, bound: CallBound): Promise<RawAnswer> {
    const stopped = bound.signal;
    const headers: Record<string, string> = { 'user-agent': settings.userAgent, ...request.headers };
    const retry = retrySettingsFor(settings);
    for (let tries = 1; ; tries++) {
      const attemptBound = startCallBound(settings.timeoutMs, [stopped]);
      const signal = attemptBound.signal;
      // A retry is counted as one (by onRetry), as undici's interceptor counts it.
      if (tries === 1) onRequest();
      let delay: number | null;
      let failure: SendFailure;
      try {
        const { response, url } = await attempt(request, { ...headers }, signal);
        delay = retryDelay(
          { statusCode: response.status, retryAfter: response.headers.get('retry-after') ?? undefined },
          request.method,
          tries,
          retry,
          Date.now(),
        );
        if (delay === null) {
          const text = await readCapped(response).catch((error: unknown) => {
            // fetch says no more than "terminated" when the connection closes mid-body.
            if (error instanceof SendFailure || failureOf(error, false).reason !== 'ECONNRESET') throw error;
            throw new SendFailure('ECONNRESET', CUT_OFF_DETAIL, bound.passed());
          });
          return { status: response.status, headers: headersOf(response), text, url: url.href };
        }
        await response.body?.cancel().catch(() => {});
        failure = new SendFailure(String(response.status), `HTTP ${response.status}`, false);
      } catch (error) {
        // The size cap ends the call; a connection lost mid-body may repeat, as any other.
        if (error instanceof SendFailure && error.detail !== CUT_OFF_DETAIL) throw error;
        failure = error instanceof SendFailure ? error : failureOf(error, bound.passed());
        // A timeout or a lost connection may repeat; the end of the call's bound or a caller's abort may not.
        delay = stopped.aborted
          ? null
          : retryDelay({ code: failure.reason }, request.method, tries, retry, Date.now());
        if (delay === null) throw failure;
      } finally {
        attemptBound.release();
      }
      onRetry();
      await pause(delay, stopped);
      if (stopped.aborted) throw new SendFailure(failure.reason, failure.detail, bound.passed());
    }
  }

  return { send, close: async () => {} };
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/** A fetch failure as the reasons the transport names: a timeout, or a connection that failed. */
function failureOf(error: unknown, deadlinePassed: boolean): SendFailure {
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'TimeoutError')
    return new SendFailure('UND_ERR_HEADERS_TIMEOUT', message ?? 'timed out', deadlinePassed);
  // fetch says no more than "fetch failed" or "Network connection lost": a failed connection, which a read
  // may try again. Node's fetch keeps the reason in `cause` (ECONNREFUSED …): the message names it, as the
  // build's sender does, so hints and lines read the same in dev and at build time.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const said = typeof cause?.message === 'string' ? cause.message : message;
  const detail =
    typeof cause?.code === 'string'
      ? // `connect ECONNREFUSED 127.0.0.1:8081` names its code already.
        `${said?.includes(cause.code) ? '' : `${cause.code}: `}${said}`
      : message || 'connection failed';
  return new SendFailure('ECONNRESET', detail, deadlinePassed);
}
