// A progress line every few seconds on long runs, and none at all on short ones.

export interface ProgressLog {
  update(line: () => string): void;
  /** Logs `line()` once per interval until the next `update` or `stop`: for work whose progress is read, not told. */
  watch(line: () => string): void;
  stop(): void;
}

/**
 * Logs the latest progress line at most once per interval, so 10,000 pages do not mean 10,000 lines.
 *
 * @example const progress = throttledProgress((line) => logger.info(line), 5000); progress.update(() => '10/20');
 */
export function throttledProgress(log: (line: string) => void, intervalMs: number): ProgressLog {
  let latest: (() => string) | null = null;
  let watched: (() => string) | null = null;
  const timer = setInterval(() => {
    const line = latest ?? watched;
    if (line) log(line());
    latest = null;
  }, intervalMs);
  timer.unref();
  return {
    update(line) {
      watched = null;
      latest = line;
    },
    watch(line) {
      watched = line;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
