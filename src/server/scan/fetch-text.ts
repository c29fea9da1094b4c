// Bounded page fetching for /scan: a timeout, a body size cap, and a fixed number of requests in flight.

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export class FetchFailure extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * GETs `url` as text, refusing non-2xx answers, answers over `maxBytes` and answers slower than `timeoutMs`.
 *
 * @example const html = await fetchText('http://127.0.0.1:8080/', { timeoutMs: 10_000, maxBytes: 2 ** 21 });
 */
export async function fetchText(url: string, limits: FetchLimits): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'text/html, application/xml;q=0.9' },
    });
  } catch (error) {
    if (signal.aborted) throw new FetchFailure('timeout', `No answer within ${limits.timeoutMs} ms.`);
    throw new FetchFailure(
      'fetch_failed',
      `Could not fetch: ${(error as Error).cause ?? (error as Error).message}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchFailure('http_error', `The page answered HTTP ${response.status}.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw new FetchFailure('too_large', `The page is larger than ${limits.maxBytes} bytes.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (signal.aborted)
      throw new FetchFailure('timeout', `No complete answer within ${limits.timeoutMs} ms.`);
    throw new FetchFailure('fetch_failed', `Could not read the page: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}
