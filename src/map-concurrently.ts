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

/**
 * A pool for work that arrives over time: `run(work)` starts it when fewer than `limit` are running.
 *
 * @example const files = createLimit(16); await Promise.all(pages.map((page) => files(() => write(page))));
 */
export function createLimit(limit: number): <R>(work: () => Promise<R>) => Promise<R> {
  let running = 0;
  // Read from `head` on: shift() copies a long queue on every call, and a build can queue a call a page.
  // Compacted once more than half of it is spent.
  let waiting: Array<() => void> = [];
  let head = 0;
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      const wake = waiting[head];
      if (wake) {
        head++;
        if (head > 1024 && head * 2 > waiting.length) {
          waiting = waiting.slice(head);
          head = 0;
        }
        wake();
      }
    }
  };
}
