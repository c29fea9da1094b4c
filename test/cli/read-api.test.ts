// Lists are read by page number, so a record deleted from a page already read shifts the next one onto it,
// unseen. The reader notices the list's total move and reads it again: an editor at work in the CMS during a
// pull or a push costs a second read, never a live record dropped (or recreated by the push that follows).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readApi } from '../../src/cli/read-api.ts';
import { createClient, type Page, type SchemaClient } from '../../src/client/index.ts';
import { itemsOf, ListChangedError, openList } from '../../src/list-pages.ts';
import { ADMIN, type RunningApi, SITE, startApi } from '../integration/support/api.ts';

let api: RunningApi;
let client: SchemaClient;

beforeAll(async () => {
  api = await startApi({
    schemas: Array.from({ length: 250 }, (_, n) => ({
      url: `${SITE}/p/${n}/`,
      schema_data: { '@context': 'https://schema.org', '@type': 'WebPage', name: `Page ${n}` },
    })),
  });
  client = createClient({ baseUrl: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
});

afterAll(async () => {
  await client?.close();
  await api?.close();
});

test('a record deleted while the list is read leaves every other record read', async () => {
  const list = client.schemas.list.bind(client.schemas);
  let deleted = false;
  // An editor deletes record #2 just before the third page is asked for: record #201 moves onto page 2.
  const editing = Object.create(client) as SchemaClient;
  editing.schemas = Object.assign(Object.create(client.schemas), {
    list: async (query: { page?: number }) => {
      if (query.page === 3 && !deleted) {
        deleted = true;
        await client.schemas.delete(2);
      }
      return list(query);
    },
  });
  const read = await readApi(editing, {
    urls: [],
    type: undefined,
    tags: { meta: false, social: false },
    quiet: true,
  });
  expect(deleted).toBe(true);
  const ids = read.schemas.map((record) => record.id).sort((a, b) => a - b);
  expect(ids).toHaveLength(249);
  expect(ids).toEqual(Array.from({ length: 250 }, (_, n) => n + 1).filter((id) => id !== 2));
});

test('a list still changing after two more reads is refused, saying so', async () => {
  let total = 3;
  // Every read of page 1 finds one more record than the last: an import running in the CMS.
  const listPage = async (page: number): Promise<Page<number>> => {
    if (page === 1) total++;
    const items = page === 1 ? [1, 2] : [3, 4].slice(0, total - 2);
    return { items, total: page === 1 ? total : total + 1, totalPages: 2, page, next: page === 1 ? 2 : null };
  };
  const { list, jobs } = openList(await listPage(1), listPage, async function* () {});
  for (const job of jobs) await job();
  const error = await itemsOf(list).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ListChangedError);
  expect((error as Error).message).toMatch(
    /^A list of the API changed while it was read \(its total went from 6 to 7 between its pages\), and again each time it was read again: someone is editing the CMS\./,
  );
});
