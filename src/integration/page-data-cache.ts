// Request-time answers per page URL, so a page view in `astro dev` or on an on-demand page never waits on the
// API longer than its budget: fresh answers are reused for `ttlMs`, older ones are served while a refresh runs
// (stale-while-revalidate), concurrent views of one page share one request, and when the API is down the last
// good answer is served. lru-cache gives all of that; the circuit breaker on top stops a dead API from being
// asked on every view.
import { LRUCache } from 'lru-cache';

export interface PageDataCacheOptions<T> {
  /** How long an answer is fresh. 0 keeps nothing: every view asks (still within the budget). */
  ttlMs: number;
  /** Pages remembered at most. */
  max: number;
  /** The longest a view waits for the API; past it the last good answer (or nothing) is served. */
  budgetMs: number;
  /** Failures in a row that open the circuit. */
  failureThreshold?: number;
  /** How long an open circuit answers without asking the API. */
  cooldownMs?: number;
  /** How long a request may run on after its view gave up, to fill the cache for the next view. */
  loadTimeoutMs?: number;
  load: (key: string, signal: AbortSignal) => Promise<T>;
}

export type CachedAnswer<T> =
  | { value: T; source: 'fresh' | 'stale' }
  | { value: null; source: 'none'; reason: 'timeout' | 'circuit-open' | 'error'; error?: unknown };

class CircuitOpenError extends Error {
  constructor(until: number) {
    super(`the API failed repeatedly; it is not asked again until ${new Date(until).toISOString()}`);
  }
}

/**
 * @example
 * const cache = createPageDataCache({ ttlMs: 60_000, max: 1000, budgetMs: 1000, load: (url, signal) => fetchPage(url, signal) });
 * const answer = await cache.get('https://www.example.com/a/');
 */
export function createPageDataCache<T extends object>(options: PageDataCacheOptions<T>) {
  const threshold = options.failureThreshold ?? 3;
  const cooldownMs = options.cooldownMs ?? 15_000;
  let failures = 0;
  let openUntil = 0;
  let lastError: unknown;
  const loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
  const fail = (error: unknown): void => {
    lastError = error;
    if (++failures >= threshold) openUntil = Date.now() + cooldownMs;
  };

  const cache = new LRUCache<string, T>({
    max: options.max,
    // lru-cache needs a ttl to allow stale reads; 1 ms stands for "always revalidate".
    ttl: Math.max(options.ttlMs, 1),
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    noDeleteOnFetchRejection: true,
    // A view that gives up on the budget leaves the request running, so the next view gets its answer.
    ignoreFetchAbort: true,
    // lru-cache's own signal aborts when the view gives up; the request gets a longer deadline of its own.
    fetchMethod: async (key) => {
      if (Date.now() < openUntil) throw new CircuitOpenError(openUntil);
      try {
        const value = await options.load(key, AbortSignal.timeout(loadTimeoutMs));
        failures = 0;
        return value;
      } catch (error) {
        fail(error);
        throw error;
      }
    },
  });

  return {
    async get(key: string): Promise<CachedAnswer<T>> {
      const fresh = cache.has(key) && cache.getRemainingTTL(key) > 0;
      const wasOpen = Date.now() < openUntil;
      const signal = AbortSignal.timeout(options.budgetMs);
      // With stale answers allowed, lru-cache resolves undefined instead of rejecting when it has none to give.
      const value = await cache.fetch(key, { signal }).catch(() => undefined);
      if (value !== undefined) return { value, source: fresh ? 'fresh' : 'stale' };
      if (signal.aborted) {
        // An API that accepts connections and never answers is as dead as one that refuses them.
        fail(new Error(`the API did not answer within ${options.budgetMs} ms`));
        return { value: null, source: 'none', reason: 'timeout' };
      }
      if (wasOpen) return { value: null, source: 'none', reason: 'circuit-open', error: lastError };
      return { value: null, source: 'none', reason: 'error', error: lastError };
    },
    /** Whether the API is being left alone after repeated failures. */
    get circuitOpen(): boolean {
      return Date.now() < openUntil;
    },
    clear(): void {
      cache.clear();
    },
  };
}

export type PageDataCache<T extends object> = ReturnType<typeof createPageDataCache<T>>;
