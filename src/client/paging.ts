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
  else if (header(headers, 'link') !== undefined) next = linked !== null && linked > page ? linked : null;
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
    const fingerprint = JSON.stringify(result.items);
    if (result.items.length === 0 || fingerprint === previous) return;
    yield* result.items;
    previous = fingerprint;
    page = result.next;
  }
}
