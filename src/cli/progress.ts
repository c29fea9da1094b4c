// Progress of long work (pull's reads, push's writes) on stderr, so stdout keeps the command's result: a bar
// (cli-progress) when stderr is a terminal, otherwise plain lines a log keeps, one per tenth of the work.
import cliProgress from 'cli-progress';
import { figure } from '../plural.ts';

export interface Progress {
  /** `count` more items done. */
  add(count?: number): void;
  /** Ends the bar or writes the last line. */
  done(): void;
}

export interface ProgressOptions {
  /** Items to do, or null when the server did not say. */
  total: number | null;
  stream?: NodeJS.WriteStream;
  /** Say nothing (e.g. `--json`, where a machine reads the result). */
  quiet?: boolean;
  /** Work of fewer items is short: nothing is shown. Default 0. */
  from?: number;
}

const SILENT: Progress = { add() {}, done() {} };
// Without a total, a plain line every this many items.
const UNKNOWN_TOTAL_STEP = 100;

/**
 * Starts reporting `label` (`Reading schemas`) over `total` items.
 *
 * @example const progress = startProgress('Writing', { total: steps.length }); progress.add(); progress.done();
 */
export function startProgress(label: string, options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  if (options.quiet || options.total === 0) return SILENT;
  if (options.total !== null && options.total < (options.from ?? 0)) return SILENT;
  return stream.isTTY
    ? barProgress(label, options.total, stream)
    : lineProgress(label, options.total, stream);
}

function barProgress(label: string, total: number | null, stream: NodeJS.WriteStream): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {value}/{total}  {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let value = 0;
  bar.start(total ?? 1, 0);
  return {
    add(count = 1) {
      value += count;
      // Without a total the bar grows with the count: it still shows that work goes on.
      if (total === null || value > total) bar.setTotal(value);
      bar.update(value);
    },
    done() {
      bar.stop();
    },
  };
}

function lineProgress(label: string, announced: number | null, stream: NodeJS.WriteStream): Progress {
  let total = announced;
  let value = 0;
  let shown = -1;
  const write = () => {
    shown = value;
    stream.write(`${label}: ${figure(value)}${total === null ? '' : `/${figure(total)}`}\n`);
  };
  const step = (n: number) =>
    total === null ? Math.floor(n / UNKNOWN_TOTAL_STEP) : Math.floor((n * 10) / Math.max(total, 1));
  return {
    add(count = 1) {
      const before = step(value);
      value += count;
      // More work than announced (a list the CMS changed while it was read is read again): the total grows
      // with the count, as the bar's does, and is said once it is done.
      if (total !== null && value > total) total = value;
      else if (step(value) > before) write();
    },
    done() {
      if (shown !== value) write();
    },
  };
}
