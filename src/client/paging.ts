// Pages of a list: reading the paging headers, choosing the next page, walking them all safely.
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';

export interface Page<T> {
  items: T[];
  /** `X-WP-Total`, when sent. */
  total: number | null;
  /** `X-WP-TotalPages`, when sent. */
  totalPages: number | null;
  /** The page served: the one asked for, or the last when the server clamped a page past the end. */
  page: number;
  /** The page after this one, or null when this is the last (by the headers, `Link`, or a short page). */
  next: number | null;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function headerNumber(headers: Headers, name: string): number | null {
  const value = Number(header(headers, name));
  return header(headers, name) !== undefined && Number.isInteger(value) && value >= 0 ? value : null;
}

/** Whether a `Link` header says anything of paging: a `rel="next"` or `rel="prev"` among its links. */
export function linkPages(link: string | undefined): boolean {
  if (!link) return false;
  return link.split(',').some((part) => {
    const match = /<[^>]*>\s*;(.*)/.exec(part.trim());
    return match !== null && /rel="?[^";]*\b(?:next|prev)\b/i.test(match[1] ?? '');
  });
}

/** The page number `Link: <...?page=3>; rel="next"` points at; null without one. */
export function linkNextPage(link: string | undefined, current: number): number | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part.trim());
    if (!match || !/rel="?[^";]*\bnext\b/i.test(match[2] ?? '')) continue;
    try {
      const page = Number(new URL(match[1] ?? '', 'http://x/').searchParams.get('page'));
      return Number.isInteger(page) && page > 0 ? page : current + 1;
    } catch {
      return current + 1;
    }
  }
  return null;
}

/**
 * Builds a Page from one answer. The next page comes from `X-WP-TotalPages`, else `Link rel="next"`,
 * else from whether the page was full.
 *
 * @example
 * toPage(items, 2, 20, { 'x-wp-totalpages': '2' }).next // null
 */
export function toPage<T>(items: T[], requested: number, perPage: number, headers: Headers): Page<T> {
  const total = headerNumber(headers, 'x-wp-total');
  const totalPages = headerNumber(headers, 'x-wp-totalpages');
  // Servers that clamp a page past the end serve the last one: report the page served.
  const page =
    totalPages !== null && totalPages > 0 && items.length > 0 && requested > totalPages
      ? totalPages
      : requested;
  const linked = linkNextPage(header(headers, 'link'), page);
  let next: number | null;
  if (items.length === 0) next = null;
  else if (totalPages !== null) next = page < totalPages ? page + 1 : null;
  // Only a Link that pages: WordPress sends `Link: <root>; rel="https://api.w.org/"` on every answer, a REST one
  // too, so a list whose X-WP-Total headers a proxy or the plugin left out still has a Link, with no `next`.
  else if (linkPages(header(headers, 'link'))) next = linked !== null && linked > page ? linked : null;
  else next = items.length < perPage ? null : page + 1;
  return { items, page, total, totalPages, next };
}

/**
 * Every item of every page. Stops at the last page, on an empty page, and on a page that repeats the one
 * before (servers that clamp past the end); past `maxPages` it throws rather than loop forever.
 */
export async function* walkPages<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  firstPage: number,
  maxPages: number,
  where: { operation: string; url: string },
): AsyncGenerator<T> {
  let page: number | null = firstPage;
  let previous: string | null = null;
  for (let fetched = 0; page !== null; fetched++) {
    if (fetched >= maxPages) {
      throw new ApiError({
        status: null,
        code: CLIENT_ERROR_CODES.pageLimit,
        serverMessage: `stopped after ${maxPages} pages`,
        operation: where.operation,
        method: 'GET',
        url: where.url,
        hint: 'the server keeps announcing more pages; narrow the query or raise maxPages',
      });
    }
    const result: Page<T> = await fetchPage(page);
    // Its first and last items tell a repeated page: the whole page as text cost more than parsing it.
    const fingerprint = `${result.items.length} ${JSON.stringify([result.items[0], result.items.at(-1)])}`;
    if (result.items.length === 0 || fingerprint === previous) return;
    yield* result.items;
    previous = fingerprint;
    page = result.next;
  }
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
