// A list page over the client's size cap is read as smaller pages of the same numbering.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createClientWith } from '../src/client/create-client.ts';
import { ApiError, CLIENT_ERROR_CODES, type Page } from '../src/client/index.ts';
import { listPageInPieces } from '../src/client/paging.ts';
import { createSender } from '../src/client/send.ts';
import { createFetchSender } from '../src/client/send-fetch.ts';
import { startServer } from './support/loopback.ts';

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

describe('a record over the cap is named by its id and URL, from the first bytes of its answer', () => {
  // A list whose record 3 (id 12, /p/2/) is 6 MB, over a 100 KB cap; WordPress escapes the slashes. Text
  // that repetitive gzips to 6 KB, and 4 KB of that stand for 4 MB: the start is streamed, not inflated whole.
  const big = {
    id: 12,
    url: 'https://www.example.com/p/2/',
    schema_type: 'Thing',
    schema_name: 'Big',
    schema_data: JSON.stringify({ '@type': 'Thing', description: 'y'.repeat(6_000_000) }),
    is_active: true,
    created_at: null,
    updated_at: null,
  };
  const small = (id: number) => ({ ...big, id, url: `https://www.example.com/p/${id}/`, schema_data: '{}' });
  const body = (perPage: number, page: number) => {
    const all = [small(1), small(2), big, small(4)];
    const items = all.slice((page - 1) * perPage, page * perPage);
    return JSON.stringify(items).replaceAll('/', '\\/');
  };
  const served = (send: 'declared' | 'chunked' | 'gzip') =>
    startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page'));
      const headers = {
        'content-type': 'application/json',
        'x-wp-total': '4',
        'x-wp-totalpages': String(Math.ceil(4 / perPage)),
      };
      const text = body(perPage, page);
      if (send === 'gzip') {
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
        res.end(gzipSync(text));
      } else if (send === 'declared') {
        res.writeHead(200, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
        res.end(text);
      } else {
        res.writeHead(200, headers);
        // In pieces, as PHP-FPM behind nginx sends a large answer.
        for (let at = 0; at < text.length; at += 16_384) res.write(text.slice(at, at + 16_384));
        res.end();
      }
    });

  it.each([
    ['declared', createSender],
    ['chunked', createSender],
    ['gzip', createSender],
    ['chunked', createFetchSender],
  ] as const)('%s, through %o', async (send, sender) => {
    const server = await served(send);
    const client = createClientWith(
      { baseUrl: `${server.url}/wp-json/ns/v1`, maxResponseBytes: 100_000, retries: 0 },
      sender,
    );
    try {
      const failure = listPageInPieces(
        (page, perPage) => client.schemas.list({ page, per_page: perPage }),
        1,
        4,
      );
      await expect(failure).rejects.toMatchObject({
        code: 'response_too_large',
        serverMessage: expect.stringMatching(
          /with one record to a page: record 3 of the list \(id 12, https:\/\/www\.example\.com\/p\/2\/\) alone is that large$/,
        ),
      });
      // What was kept of it is the start, not the 6 MB.
      const error = (await failure.catch((caught: unknown) => caught)) as ApiError;
      expect((error.details as { answerStart: string }).answerStart.length).toBeLessThanOrEqual(4096);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("the client's listAll reads a page over the cap in pieces too (push and the walk without a page count use it)", () => {
  // 250 records; 100-199 are 2 KB each, so their page of 100 is over a 150 KB cap and pages of 50 are not.
  const record = (id: number) => ({
    id,
    url: `https://www.example.com/p/${id}/`,
    schema_type: 'Thing',
    schema_name: `Thing ${id}`,
    schema_data: JSON.stringify({
      '@type': 'Thing',
      description: id >= 100 && id < 200 ? 'z'.repeat(2_000) : '',
    }),
    is_active: true,
    created_at: null,
    updated_at: null,
  });
  const served = (counts: boolean, asked: string[]) =>
    startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page'));
      asked.push(`${page}x${perPage}`);
      const items = Array.from({ length: perPage }, (_, i) => (page - 1) * perPage + i)
        .filter((id) => id < 250)
        .map(record);
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(counts ? { 'x-wp-total': '250', 'x-wp-totalpages': String(Math.ceil(250 / perPage)) } : {}),
      });
      res.end(JSON.stringify(items));
    });

  it.each([
    ['with', true],
    ['without', false],
  ])('%s a page count', async (_, counts) => {
    const asked: string[] = [];
    const server = await served(counts, asked);
    const client = createClientWith(
      { baseUrl: `${server.url}/wp-json/ns/v1`, maxResponseBytes: 150_000, retries: 0 },
      createSender,
    );
    try {
      const ids: number[] = [];
      for await (const item of client.schemas.listAll()) ids.push(item.id);
      expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i));
      expect(asked).toEqual(['1x100', '2x100', '3x50', '4x50', '3x100']);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
