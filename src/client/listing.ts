// `list` and `listAll` for any paginated route: one page, or an iterator over all of them.
import type { z } from 'zod';
import type { OperationName } from './operations.ts';
import { listPageInPieces, type Page, toPage, walkPages } from './paging.ts';
import { parseAnswer } from './parse-answer.ts';
import type { Transport } from './transport.ts';
import type { Query } from './urls.ts';

export interface CallOptions {
  /** Aborts this call (the client's own signal aborts every call). */
  signal?: AbortSignal;
}

export interface PageQuery {
  /** 1-based; default 1. */
  page?: number;
  /** 1..100; the server's default is 20 (`listAll` asks for 100). */
  per_page?: number;
}

const SERVER_PER_PAGE = 20;
const LIST_ALL_PER_PAGE = 100;

export interface Listing<T, Q extends PageQuery> {
  list(query?: Q, options?: CallOptions): Promise<Page<T>>;
  listAll(query?: Q, options?: CallOptions): AsyncIterable<T>;
}

/** Builds `list`/`listAll` for a route whose answer `shape` parses into an array of items. */
export function createListing<T, Q extends PageQuery>(
  transport: Transport,
  route: { operation: OperationName; path: string; baseUrl: string; maxPages: number },
  shape: z.ZodType<T[]>,
  /** Finishes parsed items that need more than their answer (dates in the site's zone). */
  finish: (items: T[]) => Promise<T[]> = async (items) => items,
): Listing<T, Q> {
  async function list(query?: Q, options?: CallOptions): Promise<Page<T>> {
    const page = query?.page ?? 1;
    const answer = await transport.call({
      operation: route.operation,
      method: 'GET',
      path: route.path,
      query: { ...query, page } as Query,
      signal: options?.signal,
      cacheable: true,
    });
    const items = await finish(parseAnswer(shape, answer, route.operation, 'GET'));
    return toPage(items, page, query?.per_page ?? SERVER_PER_PAGE, answer.headers);
  }
  return {
    list,
    listAll(query?: Q, options?: CallOptions): AsyncIterable<T> {
      const perPage = query?.per_page ?? LIST_ALL_PER_PAGE;
      return walkPages(
        // A page over the size cap is read as smaller pages of the same numbering, as the build and pull read.
        (page) =>
          listPageInPieces(
            (at, size) => list({ ...query, page: at, per_page: size } as Q, options),
            page,
            perPage,
          ),
        query?.page ?? 1,
        route.maxPages,
        { operation: route.operation.replace('.list', '.listAll'), url: route.baseUrl + route.path },
      );
    },
  };
}
