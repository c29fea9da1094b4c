// Every page of a paginated list, read side by side: once the first page gives the count, the others are jobs
// for a shared pool (the build's index reader and `pull` run the lists' jobs together, within a concurrency).
import type { Page } from './client/index.ts';

/** Pages of one list read at most, as the client's `listAll` (its `maxPages`): a server announcing more is wrong. */
export const MAX_LIST_PAGES = 1000;

/** A list whose first page is read; the rest are jobs for the shared pool. */
export interface OpenList<T> {
  pages: Array<Page<T> | undefined>;
  /** The rest of the list when the server gives no page count: walked one page after another. */
  walk: (() => Promise<T[]>) | null;
  /** Reads a page again, by number: for a list that changed while it was read. */
  listPage: (page: number) => Promise<Page<T>>;
}

/** Times a list that changed while it was read is read again before the reader gives up. */
const READS_AGAIN = 2;

/** A list the CMS changed while it was read (an editor at work), and still changing when read again. */
export class ListChangedError extends Error {
  constructor(change: string) {
    super(
      `A list of the API changed while it was read (${change}), and again each time it was read again: someone is editing the CMS. Run again once they are done; nothing was written from a list read in part.`,
    );
    this.name = 'ListChangedError';
  }
}

/**
 * Opens a list at its first page: the jobs read the others by number; without a page count the rest is walked
 * (`listAll` from page 2), following `next` links or full pages.
 *
 * @example const { list, jobs } = openList(await listPage(1), listPage, (page) => client.schemas.listAll({ page }));
 */
export function openList<T>(
  first: Page<T>,
  listPage: (page: number) => Promise<Page<T>>,
  listAll: (page: number) => AsyncIterable<T>,
): { list: OpenList<T>; jobs: Array<() => Promise<void>> } {
  const list: OpenList<T> = { pages: [first], walk: null, listPage };
  if (first.next === null) return { list, jobs: [] };
  if (first.totalPages === null) {
    list.walk = async () => {
      const items: T[] = [];
      for await (const item of listAll(2)) items.push(item);
      return items;
    };
    return { list, jobs: [] };
  }
  // Refused rather than cut short: a list read in part would lose records without a word.
  if (first.totalPages > MAX_LIST_PAGES)
    throw new Error(
      `the server announces ${first.totalPages} pages of this list, more than the ${MAX_LIST_PAGES} read at most`,
    );
  const jobs = Array.from({ length: first.totalPages - 1 }, (_, index) => async () => {
    list.pages[index + 1] = await listPage(index + 2);
  });
  return { list, jobs };
}

/**
 * The items of an opened list, in page order, once its jobs have run. Pages are read by number: a record
 * deleted from a page already read shifts the next one onto it, unseen (a pull would then drop a live page and
 * a push recreate it). Every page says the list's total, so a list whose total moved, or whose pages do not
 * add up to it, is read again, one page after another; still changing, it is refused.
 */
export async function itemsOf<T>(list: OpenList<T>): Promise<T[]> {
  if (list.walk) return [...list.pages.flatMap((page) => page?.items ?? []), ...(await list.walk())];
  if (list.pages.includes(undefined)) throw new Error('a page of the list was not read');
  let pages = list.pages as Array<Page<T>>;
  for (let again = 0; ; again++) {
    const change = changeWithin(pages);
    if (change === null) return pages.flatMap((page) => page.items);
    if (again === READS_AGAIN) throw new ListChangedError(change);
    pages = [await list.listPage(1)];
    while (pages.at(-1)!.next !== null && pages.length < MAX_LIST_PAGES)
      pages.push(await list.listPage(pages.at(-1)!.next!));
  }
}

/** How the pages of one read disagree about the list, in words; null when they agree (or give no totals). */
function changeWithin<T>(pages: Array<Page<T>>): string | null {
  const total = pages[0]?.total ?? null;
  if (total === null) return null;
  const moved = pages.find((page) => page.total !== total);
  if (moved) return `its total went from ${total} to ${moved.total} between its pages`;
  const read = pages.reduce((sum, page) => sum + page.items.length, 0);
  return read === total ? null : `its pages held ${read} records where it announced ${total}`;
}
