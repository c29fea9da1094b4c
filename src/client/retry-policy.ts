// When to try a request again, and after how long. undici's retry interceptor runs the attempts;
// this only decides, so the rules read in one place.
import type { RetryHandler } from 'undici';
import type { SendSettings } from './exchange.ts';

export interface RetrySettings {
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff step; doubles per attempt, with jitter. */
  minDelayMs: number;
  /** Longest single wait, including a server's Retry-After (a longer Retry-After gives up instead). */
  maxDelayMs: number;
  /** Epoch ms after which no retry starts (the bound on a call's total time). */
  deadline: number;
  random?: () => number;
}

/**
 * One call's retry settings from the client's: its deadline starts now.
 *
 * @example retrySettingsFor({ retries: 3, retryDelayMs: 500, maxRetryDelayMs: 30_000, totalTimeoutMs: 120_000 })
 */
export function retrySettingsFor(
  settings: Pick<SendSettings, 'retries' | 'retryDelayMs' | 'maxRetryDelayMs' | 'totalTimeoutMs'>,
): RetrySettings {
  return {
    retries: settings.retries,
    minDelayMs: settings.retryDelayMs,
    maxDelayMs: settings.maxRetryDelayMs,
    deadline: Date.now() + settings.totalTimeoutMs,
  };
}

export interface RetryFailure {
  statusCode?: number | undefined;
  code?: string | undefined;
  retryAfter?: string | undefined;
}

// GET, DELETE and the like can run twice without harm; POST and PUT may have acted before failing.
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** Whether a request of this method is sent again after a server error (it can run twice without harm). */
export function isRepeatable(method: string): boolean {
  return REPEATABLE_METHODS.has(method.toUpperCase());
}
// undici's own retry defaults: a 500 is as often a passing failure (a PHP fatal, a database timeout behind
// WordPress, a firewall's HTML error page) as a lasting one, and a repeated read does no harm.
const REPEATABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const REPEATABLE_ERRORS = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// Failures where the server cannot have acted, so any method may repeat: a 429 refusal, no connection.
const ANY_METHOD_STATUSES = new Set([429]);
const ANY_METHOD_ERRORS = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);

/** Retry-After as milliseconds (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before attempt `attempt + 1`, or null to give up.
 *
 * @example
 * retryDelay({ statusCode: 429, retryAfter: '2' }, 'POST', 1, settings, Date.now()) // 2000
 */
export function retryDelay(
  failure: RetryFailure,
  method: string,
  attempt: number,
  settings: RetrySettings,
  now: number,
): number | null {
  if (attempt > settings.retries) return null;
  const repeatable = isRepeatable(method);
  const { statusCode, code } = failure;
  const allowed =
    statusCode !== undefined
      ? ANY_METHOD_STATUSES.has(statusCode) || (repeatable && REPEATABLE_STATUSES.has(statusCode))
      : code !== undefined && (ANY_METHOD_ERRORS.has(code) || (repeatable && REPEATABLE_ERRORS.has(code)));
  if (!allowed) return null;
  const asked = retryAfterMs(failure.retryAfter, now);
  let delay: number;
  if (asked !== null) {
    if (asked > settings.maxDelayMs) return null;
    delay = asked;
  } else {
    // "Equal jitter": half the exponential step fixed, half random, so clients spread out.
    const step = Math.min(settings.maxDelayMs, settings.minDelayMs * 2 ** (attempt - 1));
    delay = step / 2 + (settings.random ?? Math.random)() * (step / 2);
  }
  return now + delay > settings.deadline ? null : Math.round(delay);
}

/** The same rules as a policy for undici's retry interceptor (`retryOptions.retry`). */
export function retryPolicy(
  settings: RetrySettings,
  onRetry: () => void = () => {},
): RetryHandler.RetryCallback {
  return (err, { state, opts }, callback) => {
    const failure = err as Error & { statusCode?: number; code?: string; headers?: Record<string, unknown> };
    const header = failure.headers?.['retry-after'];
    const delay = retryDelay(
      {
        statusCode: failure.statusCode,
        // A status failure carries undici's generic code; only network codes matter here.
        code: failure.statusCode === undefined ? failure.code : undefined,
        retryAfter: typeof header === 'string' ? header : undefined,
      },
      opts.method,
      state.counter,
      settings,
      Date.now(),
    );
    if (delay === null) {
      callback(err);
      return;
    }
    onRetry();
    // undici cancels the returned timer when the caller aborts during the wait.
    return setTimeout(() => callback(null), delay) as unknown as undefined;
  };
}
