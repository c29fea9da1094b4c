import type { ApiRequest, ApiResponse } from '../api.ts';
import { positiveInteger } from '../checks.ts';
import { invalidParams, missingParams } from '../errors.ts';

/** Refuses fields the route does not know and reports every missing required one at once. */
export function checkBodyFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
  required: readonly string[] = [],
): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw invalidParams(
      Object.fromEntries(
        unknown.map((key) => [key, `is not a field of this route (allowed: ${allowed.join(', ')})`]),
      ),
    );
  }
  const missing = required.filter((key) => body[key] === undefined);
  if (missing.length > 0) throw missingParams(missing);
}

export interface Paging {
  page: number;
  perPage: number;
}

/** `page` (default 1) and `per_page` (default 20, 1..100) from the query string. */
export function readPaging(query: URLSearchParams): Paging {
  const problems: Record<string, string> = {};
  const rawPage = query.get('page');
  const rawPerPage = query.get('per_page');
  const page = rawPage === null ? 1 : positiveInteger(rawPage);
  const perPage = rawPerPage === null ? 20 : positiveInteger(rawPerPage);
  if (page === null) problems.page = 'must be an integer of 1 or more';
  if (perPage === null || perPage > 100) problems.per_page = 'must be an integer between 1 and 100';
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { page: page!, perPage: perPage! };
}

/**
 * A page of a list with WordPress's paging headers. A page past the last answers an empty array (with the
 * true totals), so "read until empty" ends.
 */
export function pagedResponse(
  request: ApiRequest,
  items: unknown[],
  total: number,
  paging: Paging,
): ApiResponse {
  const totalPages = Math.ceil(total / paging.perPage);
  const links: string[] = [];
  const linkTo = (page: number, rel: string) => {
    const target = new URL(request.url);
    target.searchParams.set('page', String(page));
    links.push(`<${target.href}>; rel="${rel}"`);
  };
  if (paging.page > 1 && totalPages > 0) linkTo(Math.min(paging.page - 1, totalPages), 'prev');
  if (paging.page < totalPages) linkTo(paging.page + 1, 'next');
  const headers: Record<string, string> = {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(totalPages),
  };
  if (links.length > 0) headers.Link = links.join(', ');
  return { body: items, headers };
}

/** A required `url` query parameter. */
export function queryUrl(request: ApiRequest): string {
  const url = request.query.get('url');
  if (url === null || url === '') throw missingParams(['url']);
  return url;
}
