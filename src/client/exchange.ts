// What one HTTP exchange of the client is, whoever carries it: undici's pool in Node (send.ts), or the
// runtime's own fetch (send-fetch.ts). Nothing here loads undici, so the request-time pass of an on-demand
// page can be bundled for runtimes without Node's modules.
import type { Dispatcher } from 'undici';
import type { HttpMethod } from './operations.ts';

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
  /** The first characters of an answer refused as too large: enough to name the record it holds. */
  readonly answerStart: string | undefined;
  constructor(reason: string, detail: string, deadlinePassed: boolean, answerStart?: string) {
    super(detail);
    this.reason = reason;
    this.detail = detail;
    this.deadlinePassed = deadlinePassed;
    this.answerStart = answerStart;
  }
}

/** The reason of a failure where the answer is over the size cap (undici's code for it). */
export const TOO_LARGE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
/** How much of a too-large answer is kept to say what it holds. */
export const ANSWER_START_BYTES = 4096;

/** Redirects a read follows at most (writes follow none). */
export const GET_REDIRECT_LIMIT = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A header's text as the server meant it: HTTP clients hand each byte over as one character (Latin-1), so the
 * UTF-8 a WordPress with a Unicode address (`https://münchen.test`) writes into Link and Location reads as
 * `mÃ¼nchen`, another host. Bytes that are not UTF-8 are left as they came.
 *
 * @example headerText('https://mÃ¼nchen.test/wp-json/') // 'https://münchen.test/wp-json/'
 */
export function headerText(value: string): string {
  let high = false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // Already decoded (a sender that reads UTF-8): left as it is.
    if (code > 0xff) return value;
    if (code >= 0x80) high = true;
  }
  if (!high) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? value : decoded;
}

/**
 * Where a read goes after this answer: null when it stops here (no redirect, no Location, or a read carrying
 * credentials sent to another origin, where they would not follow it and the server would answer as to
 * anyone: the caller is told the address instead).
 * @example nextHop(301, 'https://a.dev/wp-json/', new URL('http://a.dev/wp-json/'), true) // null
 */
export function nextHop(
  status: number,
  location: string | null,
  url: URL,
  credentialed: boolean,
): URL | null {
  if (!REDIRECT_STATUSES.has(status) || !location) return null;
  const next = URL.parse(headerText(location), url);
  if (next === null || (credentialed && next.origin !== url.origin)) return null;
  return next;
}
/** What a sender says of an answer whose connection closed before all of it arrived. */
export const CUT_OFF_DETAIL = 'the connection closed before the whole answer had arrived';
/** The reason of a failure where a read's redirects lead back to an address already asked. */
export const REDIRECT_LOOP = 'redirect_loop';
/** The reason of a failure where replayed answers hold none for the request. */
export const NOT_RECORDED = 'not_recorded';
/** An answer whose body is not what its Content-Encoding says (SendFailure's detail names the coding). */
export const UNDECODABLE = 'undecodable';

/** Carries the client's requests: one send per exchange (retries inside), and a close for its pool. */
export interface Sender {
  send(request: SendRequest): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** Makes a sender; `onRequest` counts every request sent, `onRetry` the retries among them. */
export type SenderFactory = (settings: SendSettings, onRequest: () => void, onRetry: () => void) => Sender;

/** Waits `ms`, or less when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
