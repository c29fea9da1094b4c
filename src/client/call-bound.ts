// A call's own abort signal: it ends when its time bound passes or a caller aborts, and lets go of both when
// the call is over. AbortSignal.timeout keeps its timer until it fires (120 s for a call's total bound), and
// AbortSignal.any ties each call to the caller's long-lived signal: on a server answering views on demand,
// thousands of finished calls stayed in memory for two minutes.

export interface CallBound {
  signal: AbortSignal;
  /** Whether the bound itself, not a caller, ended the call. */
  passed(): boolean;
  /** Stops the timer and stops listening to the callers' signals. */
  release(): void;
}

/**
 * @example
 * const bound = startCallBound(120_000, [options.signal]);
 * try { await work(bound.signal); } finally { bound.release(); }
 */
export function startCallBound(ms: number, callers: ReadonlyArray<AbortSignal | undefined>): CallBound {
  const controller = new AbortController();
  let passed = false;
  const timer = setTimeout(() => {
    passed = true;
    controller.abort(new DOMException(`The call took longer than ${ms} ms.`, 'TimeoutError'));
  }, ms);
  const listening: Array<[AbortSignal, () => void]> = [];
  for (const caller of callers) {
    if (!caller) continue;
    if (caller.aborted) {
      controller.abort(caller.reason);
      break;
    }
    const stop = () => controller.abort(caller.reason);
    caller.addEventListener('abort', stop, { once: true });
    listening.push([caller, stop]);
  }
  return {
    signal: controller.signal,
    passed: () => passed,
    release() {
      clearTimeout(timer);
      for (const [caller, stop] of listening) caller.removeEventListener('abort', stop);
    },
  };
}

/**
 * `work` within a call bound, released however it ends.
 *
 * @example const answer = await withinCallBound(120_000, [options.signal], (bound) => fetchWith(bound.signal));
 */
export async function withinCallBound<T>(
  ms: number,
  callers: ReadonlyArray<AbortSignal | undefined>,
  work: (bound: CallBound) => Promise<T>,
): Promise<T> {
  const bound = startCallBound(ms, callers);
  try {
    return await work(bound);
  } finally {
    bound.release();
  }
}
