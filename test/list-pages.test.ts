// A list page over the client's size cap is read as smaller pages of the same numbering.
import { expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, type Page } from '../src/client/index.ts';
import { listPageInPieces } from '../src/list-pages.ts';

/** A list of `count` items, where an answer of more than `cap` large items is too large to take. */
function largeList(count: number, large: (item: number) => boolean, cap: number) {
  const asked: string[] = [];
  const read = async (page: number, perPage: number): Promise<Page<number>> => {
    asked.push(`${page}x${perPage}`);
    const items = Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i).filter(
      (i) => i < count,
    );
    if (items.filter(large).length > cap)
      throw new ApiError({
        status: null,
        code: CLIENT_ERROR_CODES.responseTooLarge,
        serverMessage: 'the answer is larger than 5242880 bytes',
        operation: 'schemas.list',
        method: 'GET',
        url: `https://cms.example/wp-json/ns/v1/schemas?page=${page}&per_page=${perPage}`,
        hint: null,
      });
    const totalPages = Math.ceil(count / perPage);
    return { items, total: count, totalPages, page, next: page < totalPages ? page + 1 : null };
  };
  return { asked, read };
}

it('reads page 4 of 100 as pages 7 and 8 of 50 when its answer is too large, with the numbering kept', async () => {
  // Items 300-399 are large: a hundred of them are over the cap, fifty are not.
  const list = largeList(402, (i) => i >= 300 && i < 400, 50);
  const page = await listPageInPieces(list.read, 4, 100);
  expect(page.items).toEqual(Array.from({ length: 100 }, (_, i) => 300 + i));
  expect(page).toMatchObject({ page: 4, total: 402, totalPages: 5, next: 5 });
  expect(list.asked).toEqual(['4x100', '7x50', '8x50']);
});

it('goes down to one item a page where it must, and stops at the end of the list', async () => {
  const list = largeList(203, (i) => i >= 200, 1);
  const page = await listPageInPieces(list.read, 3, 100);
  expect(page.items).toEqual([200, 201, 202]);
  expect(page).toMatchObject({ page: 3, totalPages: 3, next: null });
  // 100 -> 50 -> 25 -> 5 -> 1; pieces past the list's end are not asked for.
  expect(list.asked.slice(0, 4)).toEqual(['3x100', '5x50', '9x25', '41x5']);
  expect(list.asked.slice(4)).toEqual(['201x1', '202x1', '203x1']);
});

it('passes on any other failure, and a single item over the cap', async () => {
  const list = largeList(10, (i) => i === 3, 0);
  await expect(listPageInPieces(list.read, 1, 10)).rejects.toMatchObject({
    code: 'response_too_large',
    serverMessage: expect.stringMatching(
      /with one record to a page: record 4 of the list alone is that large$/,
    ),
    hint: 'make that record smaller in the CMS: no page needs megabytes of head data',
  });
  const refused = listPageInPieces(
    async () => {
      throw new Error('connect ECONNREFUSED');
    },
    1,
    100,
  );
  await expect(refused).rejects.toThrow('connect ECONNREFUSED');
});
