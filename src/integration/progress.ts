// A progress line every few seconds on long runs, and none at all on short ones.

export interface ProgressLog {
  update(line: () => string): void;
  stop(): void;
}

/**
 * Logs the latest progress line at most once per interval, so 10,000 pages do not mean 10,000 lines.
 *
 * @example const progress = throttledProgress((line) => logger.info(line), 5000); progress.update(() => '10/20');
 */
export function throttledProgress(log: (line: string) => void, intervalMs: number): ProgressLog {
  let latest: (() => string) | null = null;
  const timer = setInterval(() => {
    if (latest) log(latest());
    latest = null;
  }, intervalMs);
  timer.unref();
  return {
    update(line) {
      latest = line;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
