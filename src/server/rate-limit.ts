// An optional request budget per client address, so the client's 429 handling can be tried against the
// reference server as real hosts enforce it.
import { ApiFailure } from './errors.ts';

export interface RateLimit {
  /** Requests each client address may make per window. */
  requests: number;
  /** Window length; default one second. */
  windowMs?: number;
}

export interface RateLimiter {
  /** Counts a request from `client`; throws 429 `rate_limited` with `Retry-After` past the budget. */
  take(client: string): void;
}

/**
 * A fixed-window counter per client address.
 *
 * @example const limiter = createRateLimiter({ requests: 100 }); limiter.take('127.0.0.1');
 */
export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const windowMs = limit.windowMs ?? 1000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(client) {
      const time = now();
      let window = windows.get(client);
      if (!window || time - window.start >= windowMs) {
        // Forget finished windows as new ones start, so the map holds only active clients.
        if (windows.size > 10_000) windows.clear();
        window = { start: time, count: 0 };
        windows.set(client, window);
      }
      window.count++;
      if (window.count > limit.requests) {
        const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
        throw new ApiFailure(
          429,
          'rate_limited',
          `Too many requests: at most ${limit.requests} per ${windowMs} ms. Try again in ${retryAfter} s.`,
          { retry_after: retryAfter },
          { 'Retry-After': String(retryAfter) },
        );
      }
    },
  };
}
