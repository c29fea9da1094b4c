// The request-time pass's lines about pages, said once per cause: the pages one cause stands on within a moment
// (a burst of views of new pages, a crawler) are one line, `/p/a (and 299 other pages): …`, as the build groups
// its findings, instead of a line per page. A line waits until no other came for `quietMs` (at most `maxWaitMs`),
// so a single view's lines come a moment after it.
import { groupRepeated } from '../group-repeated.ts';
import { plural } from '../plural.ts';
import { readableUrl } from '../url-forms.ts';
import type { RequestLogger } from './runtime-config.ts';

export interface PageLine {
  level: keyof RequestLogger;
  /** The page's URL. */
  page: string;
  /** What the line says without its page: lines with the same cause are one line. */
  cause: string;
  /** What on the page it is about (a schema), when lines of one cause may differ in it. */
  subject?: string;
  /** The line, given how it names its page(s), and the subjects of the lines it stands for. */
  line: (pages: string, subjects: string[]) => string;
}

/** Pending lines are said at most this long after the first of them, even while more keep coming. */
const MAX_WAIT_MS = 5000;

export interface GroupedLog {
  say(line: PageLine): void;
  /** Says what waits now (the pass is closing). */
  flush(): void;
}

/**
 * @example
 * const log = groupedLog(sharedLogger);
 * log.say({ level: 'warn', page: url, cause: why, line: (pages) => `${pages}: ${why}.` });
 */
export function groupedLog(logger: () => RequestLogger, quietMs = 300): GroupedLog {
  let pending: PageLine[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let since = 0;
  const flush = (): void => {
    clearTimeout(quiet);
    quiet = undefined;
    const lines = pending;
    pending = [];
    const groups = groupRepeated(
      lines,
      ({ level, cause }) => `${level}\n${cause}`,
      ({ page }) => page,
    );
    for (const { members, places } of groups) {
      const first = members[0] as PageLine;
      const others = places.length - 1;
      const pages = `${readableUrl(first.page)}${others > 0 ? ` (and ${plural(others, 'other page')})` : ''}`;
      const subjects = members.flatMap((member) => (member.subject === undefined ? [] : [member.subject]));
      logger()[first.level](first.line(pages, subjects));
    }
  };
  const say = (line: PageLine): void => {
    const now = Date.now();
    // A runtime that runs no timer once its response is sent (an edge function) says what waited at the next line.
    if (pending.length > 0 && now - since >= MAX_WAIT_MS) flush();
    if (pending.length === 0) since = now;
    pending.push(line);
    clearTimeout(quiet);
    quiet = setTimeout(flush, Math.min(quietMs, Math.max(0, since + MAX_WAIT_MS - now)));
    // A server shutting down does not wait for a log line.
    (quiet as { unref?: () => void }).unref?.();
  };
  return { say, flush };
}
