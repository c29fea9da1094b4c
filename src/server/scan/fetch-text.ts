// Bounded, same-site fetching for /scan: a timeout, a size cap, and every redirect hop held to the site's hosts.
// Every way a fetch can fail answers the same message, so a scan cannot tell a closed port from a slow one.

import { urlProblem } from '../checks.ts';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The hosts a fetch (and each of its redirects) may go to. */
  hosts: ReadonlySet<string>;
  /** The whole scan's deadline. */
  deadline: AbortSignal;
}

export class FetchFailure extends Error {
  readonly code: 'fetch_failed' | 'off_site' | 'deadline';
  constructor(code: FetchFailure['code']) {
    super(FETCH_MESSAGES[code]);
    this.code = code;
  }
}

export const FETCH_MESSAGES = {
  fetch_failed: 'Could not read the page: no answer in time, an error status, or over the size limit.',
  off_site: "Not followed: it redirects off the site's host.",
  deadline: 'Not fetched: the scan ran out of time.',
} as const;

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new FetchFailure('fetch_failed');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FetchFailure('fetch_failed');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether fetch may decode a body sent with this Content-Encoding: none, or one of the codings a browser
 * asks for. A stack of codings (`gzip, gzip, …`) is no page a site serves: a dozen gzip layers over a 1 GiB
 * body left decoders running after the read was given up, and their late failure took the process down.
 */
function decodable(encoding: string | null): boolean {
  return encoding === null || /^\s*(?:identity|gzip|x-gzip|deflate|br)?\s*$/i.test(encoding);
}

/**
 * GETs `url` (on the site's hosts) as text. Redirects are followed by hand so each hop is checked; any other
 * failure is one `fetch_failed`, whatever its cause.
 *
 * @example const html = await fetchText('http://127.0.0.1:8080/', limits);
 */
export async function fetchText(url: string, limits: FetchLimits): Promise<string> {
  if (limits.deadline.aborted) throw new FetchFailure('deadline');
  // A signal of this fetch's own, let go of when it ends: aborting a fetch already given up (by a timer still
  // running, or the scan's deadline later) made fetch's decoders fail with no one listening, which ended the
  // process.
  const controller = new AbortController();
  const stop = () => controller.abort(limits.deadline.reason);
  limits.deadline.addEventListener('abort', stop);
  const timer = setTimeout(() => controller.abort(new Error('timeout')), limits.timeoutMs);
  const { signal } = controller;
  let target = url;
  let response: Response | undefined;
  try {
    for (let hop = 0; ; hop++) {
      if (urlProblem(target, limits.hosts) !== null) throw new FetchFailure('off_site');
      response = await fetch(target, {
        signal,
        redirect: 'manual',
        headers: { accept: 'text/html, application/xml;q=0.9', 'accept-encoding': 'gzip, deflate, br' },
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || location === null) break;
      await response.body?.cancel();
      if (hop >= limits.maxRedirects) throw new FetchFailure('fetch_failed');
      target = URL.parse(location, target)?.href ?? '';
    }
    if (!response.ok || !decodable(response.headers.get('content-encoding')))
      throw new FetchFailure('fetch_failed');
    return await readCapped(response, limits.maxBytes);
  } catch (error) {
    await response?.body?.cancel().catch(() => {});
    if (error instanceof FetchFailure) throw error;
    throw new FetchFailure(limits.deadline.aborted ? 'deadline' : 'fetch_failed');
  } finally {
    clearTimeout(timer);
    limits.deadline.removeEventListener('abort', stop);
  }
}
