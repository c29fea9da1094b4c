// Every page of a paginated list, read side by side: once the first page gives the count, the others are jobs
// for a shared pool (the build's index reader and `pull` run the lists' jobs together, within a concurrency).
import { ApiError, CLIENT_ERROR_CODES, type Page } from './client/index.ts';

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

/**
 * A list page of `perPage` items, read as smaller pages of the same numbering when the answer for it is over
 * the client's size cap (a hundred 60 KB schemas are 6 MB): page 4 of 100 is pages 7 and 8 of 50, and so on
 * down to one item a page. Only a single item over the cap still fails.
 *
 * @example const page = await listPageInPieces((page, perPage) => client.schemas.list({ page, per_page: perPage }), 4, 100);
 */
export async function listPageInPieces<T>(
  read: (page: number, perPage: number) => Promise<Page<T>>,
  page: number,
  perPage: number,
): Promise<Page<T>> {
  try {
    return await read(page, perPage);
  } catch (error) {
    const factor = smallestFactor(perPage);
    const tooLarge = error instanceof ApiError && error.code === CLIENT_ERROR_CODES.responseTooLarge;
    if (!tooLarge) throw error;
    if (factor === null) {
      const named = recordNamedIn((error.details as { answerStart?: unknown } | null)?.answerStart);
      throw new ApiError({
        ...error,
        serverMessage: `${error.serverMessage}, with one record to a page: record ${page} of the list${named ? ` (${named})` : ''} alone is that large`,
        hint: 'make that record smaller in the CMS: no page needs megabytes of head data',
      });
    }
    const pieces: Array<Page<T>> = [];
    for (let piece = 1; piece <= factor; piece++) {
      // One after another: each is large, and the server has just shown it can be slow to make them.
      const part = await listPageInPieces(read, (page - 1) * factor + piece, perPage / factor);
      pieces.push(part);
      if (part.next === null) break;
    }
    const { total } = pieces[0]!;
    const smallerPages = pieces[0]!.totalPages;
    const totalPages =
      total !== null
        ? Math.ceil(total / perPage)
        : smallerPages !== null
          ? Math.ceil(smallerPages / factor)
          : null;
    const more = totalPages !== null ? page < totalPages : pieces.at(-1)!.next !== null;
    return {
      items: pieces.flatMap((part) => part.items),
      total,
      totalPages,
      page,
      next: more ? page + 1 : null,
    };
  }
}

/**
 * The id and URL of the record a list answer starts with, from its first characters (the answer itself is
 * too large to read); null when they are not there (a server that sends the record's data first).
 *
 * @example recordNamedIn('[{"id":350,"url":"https:\\/\\/www.example.com\\/p\\/347\\/","schema_data":"{…') // 'id 350, https://www.example.com/p/347/'
 */
export function recordNamedIn(start: unknown): string | null {
  if (typeof start !== 'string') return null;
  const id = /"id"\s*:\s*"?(\d+)/.exec(start)?.[1];
  const url = /"url"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(start)?.[1];
  let address: string | null = null;
  try {
    address = url ? (JSON.parse(url) as string) : null;
  } catch {
    address = null;
  }
  const parts = [id && `id ${id}`, address].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The smallest factor of `n` above 1 (100 -> 2, 25 -> 5); null for 1. */
function smallestFactor(n: number): number | null {
  for (let factor = 2; factor <= n; factor++) if (n % factor === 0) return factor;
  return null;
}
