// A bounded pool of promises: the client, the build pass, the scanner and the CLI all cap what is in flight.

/**
 * Runs `work` over `items` with at most `limit` calls in flight, and returns the results in input order.
 * A rejection rejects the whole call (catch inside `work` to collect failures instead).
 *
 * @example const pages = await mapConcurrently(urls, 8, (url) => fetchPage(url));
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(limit, items.length)) }, lane));
  return results;
}

/** How a call waits its turn in a `createLimit` pool. */
export interface LimitCall {
  /** Ends the wait: the call leaves the queue at once and rejects with `signal.reason`; `work` is never run. */
  signal?: AbortSignal | undefined;
  /** Called when the call has to wait (the pool is full), before it waits. */
  onWait?: () => void;
}

/**
 * A pool for work that arrives over time: `run(work)` starts it when fewer than `limit` are running.
 *
 * @example const files = createLimit(16); await Promise.all(pages.map((page) => files(() => write(page))));
 */
export function createLimit(limit: number): <R>(work: () => Promise<R>, call?: LimitCall) => Promise<R> {
  let running = 0;
  // Read from `head` on: shift() copies a long queue on every call, and a build can queue a call a page.
  // Compacted once more than half of it is spent. A call that left the queue (its signal aborted) is skipped.
  let waiting: Array<{ wake: (() => void) | null }> = [];
  let head = 0;
  /** Hands a finished call's place to the next one waiting, so that no call arriving meanwhile takes it. */
  const next = (): void => {
    while (head < waiting.length) {
      const { wake } = waiting[head++] as { wake: (() => void) | null };
      if (head > 1024 && head * 2 > waiting.length) {
        waiting = waiting.slice(head);
        head = 0;
      }
      if (wake) {
        wake();
        return;
      }
    }
    running--;
  };
  return async (work, call = {}) => {
    const { signal } = call;
    if (running < limit) running++;
    else {
      signal?.throwIfAborted();
      call.onWait?.();
      await new Promise<void>((resolve, reject) => {
        const leave = () => {
          entry.wake = null;
          reject(signal?.reason);
        };
        const entry = {
          wake: (): void => {
            signal?.removeEventListener('abort', leave);
            resolve();
          },
        } as { wake: (() => void) | null };
        waiting.push(entry);
        signal?.addEventListener('abort', leave, { once: true });
      });
    }
    try {
      return await work();
    } finally {
      next();
    }
  };
}
