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
  /** Called when the circuit first opens in an outage, with the failure that opened it (not again each cooldown). */
  onOpen?: (error: unknown, cooldownMs: number) => void;
  /** Called when the API answers again after the circuit opened, with how long it failed (from the first failure). */
  onRecover?: (outageMs: number) => void;
}

/** Why a view got no fresh answer: its budget ran out, the circuit is open, or the API failed. */
export type MissReason = 'timeout' | 'circuit-open' | 'error';

export type CachedAnswer<T> =
  | { value: T; source: 'fresh' }
  /** `reason` is set when the view asked and the API failed it (not for a stale answer served while it revalidates). */
  | { value: T; source: 'stale'; reason?: MissReason; error?: unknown }
  | { value: null; source: 'none'; reason: MissReason; error?: unknown };

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
  const loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
  let failures = 0;
  let openUntil = 0;
  let lastError: unknown;
  // When the first of the failures that opened the circuit came; null while the API answers. An outage is
  // said once, not at each cooldown's end when the one request let through fails again.
  let outageSince: number | null = null;
  let failingSince = 0;
  const fail = (error: unknown): void => {
    lastError = error;
    if (failures === 0) failingSince = Date.now();
    if (++failures < threshold) return;
    openUntil = Date.now() + cooldownMs;
    if (outageSince === null) {
      outageSince = failingSince;
      options.onOpen?.(error, cooldownMs);
    }
  };
  /** Loads in flight by key; a load past the budget counts once as a failure, however many views gave up on it. */
  const running = new Map<string, { counted: boolean }>();
  const timedOut = (load: { counted: boolean } | undefined): void => {
    if (!load || load.counted) return;
    load.counted = true;
    // An API that accepts connections and never answers is as dead as one that refuses them.
    fail(new Error(`the API did not answer within ${options.budgetMs} ms`));
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
    fetchMethod: async (key, _stale, { signal: view }) => {
      if (Date.now() < openUntil) throw new CircuitOpenError(openUntil);
      const load = { counted: false };
      running.set(key, load);
      const slow = setTimeout(() => timedOut(load), options.budgetMs);
      try {
        const value = await options.load(key, AbortSignal.timeout(loadTimeoutMs));
        failures = 0;
        openUntil = 0;
        if (outageSince !== null) {
          options.onRecover?.(Date.now() - outageSince);
          outageSince = null;
        }
        return value;
      } catch (error) {
        if (load.counted) lastError = error;
        else fail(error);
        // Once its view gave up, lru-cache listens for this load's answer but not for its failure: a rejection
        // would leave the settled load in the entry for good, answering every later view with it and never
        // asking the API again. Resolving nothing puts the stale answer back (or forgets the page) instead.
        if (view.aborted) return undefined;
        throw error;
      } finally {
        clearTimeout(slow);
        if (running.get(key) === load) running.delete(key);
      }
    },
  });

  return {
    async get(key: string): Promise<CachedAnswer<T>> {
      const fresh = options.ttlMs > 0 && cache.has(key);
      const before = cache.peek(key, { allowStale: true });
      const wasOpen = Date.now() < openUntil;
      const errorBefore = lastError;
      const signal = AbortSignal.timeout(options.budgetMs);
      // With a TTL, a stale answer is served at once while it revalidates; without one (the cache off), the view
      // waits for the API up to its budget and gets the last good answer only when the API fails it.
      const value = await cache
        .fetch(key, { signal, allowStale: options.ttlMs > 0 })
        // With stale answers allowed, lru-cache resolves undefined instead of rejecting when it has none to give.
        .catch(() => undefined);
      // A view that joined a load another view started shares that view's deadline: a load still running when
      // the answer comes back is a timeout whichever view's clock ran out.
      const gaveUp = signal.aborted || (value === undefined && running.has(key));
      if (gaveUp) timedOut(running.get(key));
      if (value !== undefined && (fresh || value !== before)) return { value, source: 'fresh' };
      const reason: MissReason | undefined = gaveUp
        ? 'timeout'
        : wasOpen
          ? 'circuit-open'
          : lastError !== errorBefore
            ? 'error'
            : undefined;
      if (value !== undefined) {
        return reason ? { value, source: 'stale', reason, error: lastError } : { value, source: 'stale' };
      }
      return { value: null, source: 'none', reason: reason ?? 'error', error: lastError };
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
