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

it('reads a list again when its total moves while it is read, and asks page by page if it keeps moving', async () => {
  const record = (id: number) => ({ id, url: `https://www.example.com/p/${id}/` }) as SchemaRecord;
  // An editor deletes a record as page 2 is read, once: the list read again is whole.
  let total = 101;
  const settling = {
    schemas: {
      list: async ({ page = 1 }: { page?: number }): Promise<Page<SchemaRecord>> => {
        if (page === 2 && total === 101) total = 100;
        const items =
          page === 1 ? [...Array(100)].map((_, n) => record(n + 1)) : total === 101 ? [record(101)] : [];
        return {
          items,
          total,
          totalPages: total > 100 ? 2 : 1,
          page,
          next: page === 1 && total > 100 ? 2 : null,
        };
      },
    },
  } as unknown as SchemaClient;
  const notes: string[] = [];
  const options = { pageCount: 1000, canReadTags: false, concurrency: 4, notes, forced: false };
  const index = await readIndex(settling, options);
  expect([...(index?.schemas.values() ?? [])].flat()).toHaveLength(100);
  expect(notes).toEqual([]);

  // A list that grows on every read (an import running): per-page reads, said.
  let grown = 200;
  const growing = {
    schemas: {
      list: async ({ page = 1 }: { page?: number }): Promise<Page<SchemaRecord>> => {
        grown++;
        return { items: [record(page)], total: grown, totalPages: 2, page, next: page === 1 ? 2 : null };
      },
    },
  } as unknown as SchemaClient;
  expect(await readIndex(growing, options)).toBeNull();
  expect(notes[0]).toMatch(/^Listing schemas failed \(A list of the API changed while it was read/);
});
