// The index read in list requests: a page of the list that fails later is what a failing first page is.
import { expect, it } from 'vitest';
import { ApiError, type Page, type SchemaClient, type SchemaRecord } from '../../src/client/index.ts';
import { readIndex } from '../../src/integration/read-index.ts';

/** A client whose /schemas list has two pages, the second of them always failing as `failure`. */
function twoPageList(failure: Error): SchemaClient {
  const record = { id: 1, url: 'https://www.example.com/a/' } as SchemaRecord;
  const list = async ({ page = 1 }: { page?: number }): Promise<Page<SchemaRecord>> => {
    if (page === 2) throw failure;
    return { items: [record], total: 101, totalPages: 2, page, next: 2 };
  };
  return { schemas: { list } } as unknown as SchemaClient;
}

// What is left when a page failed for good: after retries, or read in pieces down to one record a page.
const failed = new ApiError({
  status: 500,
  code: 'db_error',
  serverMessage: 'The records could not be read',
  operation: 'schemas.list',
  method: 'GET',
  url: 'https://cms.example/wp-json/ns/v1/schemas?per_page=100&page=2',
  hint: null,
});

it('asks page by page, saying why, when a later list page fails; strategy "index" fails with it', async () => {
  const notes: string[] = [];
  const options = { pageCount: 1000, canReadTags: false, concurrency: 4, notes };
  expect(await readIndex(twoPageList(failed), { ...options, forced: false })).toBeNull();
  expect(notes).toEqual([
    'Listing schemas failed (schemas.list: The records could not be read (500 db_error at GET https://cms.example/wp-json/ns/v1/schemas?per_page=100&page=2)); asking page by page instead.',
  ]);
  await expect(readIndex(twoPageList(failed), { ...options, forced: true })).rejects.toBe(failed);
});
