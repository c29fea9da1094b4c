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
  const list: OpenList<T> = { pages: [first], walk: null };
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

/** The items of an opened list, in page order, once its jobs have run. */
export async function itemsOf<T>(list: OpenList<T>): Promise<T[]> {
  const items = list.pages.flatMap((page) => page?.items ?? []);
  return list.walk ? [...items, ...(await list.walk())] : items;
}
