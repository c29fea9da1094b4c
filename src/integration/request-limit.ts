// The request-time pass's bound on requests in flight to the API (`concurrency`), shared by its clients, and what
// it tells about the requests of one load: whether they waited for a turn here, and whether the API held one it
// was sent past the budget. The page-data cache's breaker blames the API only for what the API did: a burst of
// views of new pages queues here, and a load that waited in this queue is not a sign that the API is down.
import type { RawAnswer, Sender, SenderFactory, SendRequest } from '../client/exchange.ts';
import { createLimit } from '../map-concurrently.ts';

/** What the requests of one load (known by their AbortSignal) report to whoever watches it. */
export interface RequestWatch {
  /** One of its requests had to wait for a turn: `concurrency` requests were in flight. */
  queued(): void;
  /** One of its requests was sent and the API has not answered it within `unansweredAfterMs`. */
  unanswered(): void;
}

/** A request given up (its signal aborted) while it waited for a turn: it never reached the API. */
export class RequestNotSentError extends Error {
  readonly code = 'ASM_REQUEST_NOT_SENT';
  constructor(limit: number) {
    super(
      `the request waited for a turn among the ${limit} requests in flight to the API (the concurrency option) until its load gave up; it was not sent`,
    );
  }
}

/**
 * @example
 * const limit = requestLimit(8, 1000);
 * const client = createClientWith(settings, limit.senders(createFetchSender));
 * limit.watch(signal, { queued: () => {}, unanswered: () => {} }); await client.schemasByUrl(url, { signal });
 */
export function requestLimit(limit: number, unansweredAfterMs: number) {
  const inFlight = createLimit(limit);
  // A request carries no more than its signal from the caller: each load's requests share its signal.
  const watched = new WeakMap<AbortSignal, RequestWatch>();

  const send = (sender: Sender, request: SendRequest): Promise<RawAnswer> => {
    // A load that gave up asks nothing more of the API (a round it starts as its deadline passes).
    if (request.signal?.aborted) return Promise.reject(new RequestNotSentError(limit));
    const watch = request.signal ? watched.get(request.signal) : undefined;
    let sent = false;
    return inFlight(
      async () => {
        sent = true;
        const slow = watch && setTimeout(() => watch.unanswered(), unansweredAfterMs);
        try {
          return await sender.send(request);
        } finally {
          clearTimeout(slow);
        }
      },
      { signal: request.signal, onWait: () => watch?.queued() },
    ).catch((error: unknown) => {
      throw sent ? error : new RequestNotSentError(limit);
    });
  };

  return {
    /** Senders that share the one bound (the client's, and the anonymous reader's). */
    senders(create: SenderFactory): SenderFactory {
      return (settings, onRequest, onRetry) => {
        const sender = create(settings, onRequest, onRetry);
        return {
          send: (request) => send(sender, request),
          close: () => sender.close(),
        };
      };
    },
    /** Reports on the requests sent with `signal` (a load's); forgotten with the signal. */
    watch(signal: AbortSignal, watch: RequestWatch): void {
      watched.set(signal, watch);
    },
  };
}
