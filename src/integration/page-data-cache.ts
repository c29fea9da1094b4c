// Request-time answers per page URL, so a page view in `astro dev` or on an on-demand page never waits on the
// API longer than its budget: fresh answers are reused for `ttlMs`, older ones are served while a refresh runs
// (stale-while-revalidate), concurrent views of one page share one request, and when the API is down the last
// good answer is served. lru-cache gives all of that; the circuit breaker on top stops a dead API from being
// asked on every view, and counts only what the API did: a load that waited for a turn among the requests in
// flight (a burst of new pages) is not a sign that the API is down. A cap on loads of pages the cache holds
// nothing for keeps a crawler naming random addresses from multiplying the API's load.
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
  /** Loads an answer; `report` is told how its requests fare (see LoadReport). */
  load: (key: string, signal: AbortSignal, report: LoadReport) => Promise<T>;
  /** Whether a load's failure is the API's, and counts toward the breaker; every failure is, unless told. */
  blames?: (error: unknown) => boolean;
  /** Loads of keys the cache holds nothing for, at most, per minute (a token bucket); none: no cap. */
  newKeysPerMinute?: number;
  /** Called when the circuit first opens in an outage, with the failure that opened it (not again each cooldown). */
  onOpen?: (error: unknown, cooldownMs: number) => void;
  /** Called when the API answers again after the circuit opened, with how long it failed (from the first failure). */
  onRecover?: (outageMs: number) => void;
}

/**
 * What a load tells the cache of its requests, so that the breaker blames the API only for what the API did.
 * A load past the budget counts as a timeout of the API unless one of its requests waited its turn on this side.
 */
export interface LoadReport {
  /** A request of the load waited for a turn among the requests in flight (the API was busy with others). */
  queued(): void;
  /** The API held a request of the load past the budget: the load counts (once) as a failure of the API. */
  unanswered(): void;
}

/**
 * Why a view got no fresh answer: its budget ran out while the API held the load ('timeout') or while the load
 * waited for a turn on this side ('busy'), the circuit is open, the API failed, or the page is new and the cap
 * on new pages was reached.
 */
export type MissReason = 'timeout' | 'busy' | 'circuit-open' | 'error' | 'capped';

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
  const blames = options.blames ?? (() => true);
  const newKeys =
    options.newKeysPerMinute === undefined ? null : tokenBucket(options.newKeysPerMinute, 60_000);
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
  /**
   * Loads in flight by key; a load the API held past the budget counts once as a failure, however many views
   * gave up on it. One that waited for a turn on this side counts only if the API then held it past the budget.
   */
  const running = new Map<string, Load>();
  const unanswered = (load: Load): void => {
    if (load.counted) return;
    load.counted = true;
    // An API that accepts connections and never answers is as dead as one that refuses them.
    fail(new Error(`the API did not answer within ${options.budgetMs} ms`));
  };
  const timedOut = (load: Load | undefined): void => {
    if (load && !load.queued) unanswered(load);
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
      const load: Load = { counted: false, queued: false };
      running.set(key, load);
      const slow = setTimeout(() => timedOut(load), options.budgetMs);
      const report: LoadReport = {
        queued: () => {
          load.queued = true;
        },
        unanswered: () => unanswered(load),
      };
      try {
        const value = await options.load(key, AbortSignal.timeout(loadTimeoutMs), report);
        failures = 0;
        openUntil = 0;
        if (outageSince !== null) {
          options.onRecover?.(Date.now() - outageSince);
          outageSince = null;
        }
        return value;
      } catch (error) {
        // A load that failed without the API failing it (its requests never sent) is not counted.
        if (load.counted || !blames(error)) lastError = error;
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
      // A page not held and not being loaded costs a load: past the cap, it is served without asking.
      if (newKeys && before === undefined && !running.has(key) && !wasOpen && !newKeys.take()) {
        return { value: null, source: 'none', reason: 'capped' };
      }
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
      const load = running.get(key);
      if (gaveUp) timedOut(load);
      if (value !== undefined && (fresh || value !== before)) return { value, source: 'fresh' };
      const reason: MissReason | undefined = gaveUp
        ? load?.queued
          ? 'busy'
          : 'timeout'
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

interface Load {
  /** Counted as a failure of the API already. */
  counted: boolean;
  /** One of its requests waited for a turn on this side. */
  queued: boolean;
}

/** `perPeriod` takes per `periodMs` at most, refilled as time passes; up to `perPeriod` at once. */
function tokenBucket(perPeriod: number, periodMs: number): { take(): boolean } {
  let tokens = perPeriod;
  let at = Date.now();
  return {
    take() {
      const now = Date.now();
      tokens = Math.min(perPeriod, tokens + ((now - at) * perPeriod) / periodMs);
      at = now;
      if (tokens < 1) return false;
      tokens--;
      return true;
    },
  };
}
