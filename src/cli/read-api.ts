// Reading the API's lists whole, as pull and push do: the first page of each list side by side (they give the
// totals the progress bar needs), then every other page of them all, 8 at a time, so a pull or a push of
// 10,000 records waits on the API's latency about 1 + pages / 8 times, not once per page.
import type { Page, SchemaClient, SchemaRecord } from '../client/index.ts';
import { listPageInPieces } from '../client/paging.ts';
import { holdsTagValues } from '../client/wire-tags.ts';
import { itemsOf, openList } from '../list-pages.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { spellingsOf, urlIdentity } from '../url-forms.ts';
import { isNotAllowed } from './api-connection.ts';
import { type Progress, startProgress } from './progress.ts';

// Two pages of 100 read in well under a second: no progress for less.
const SHOW_READS_FROM = 200;

const PER_PAGE = 100;
// List pages in flight at once, over the lists together: a pull of 10,000 records reads as the build's index does.
const READ_CONCURRENCY = 8;

/** A paginated route of the client: its pages, or all its items from one page on. */
interface Lister<T, Q> {
  list(query: Q): Promise<Page<T>>;
  listAll(query: Q): AsyncIterable<T>;
}

/**
 * A list opened at its first page, every page read counted on `count`; null when the credentials may not read
 * it and `optional` (meta and social: the caller notes the skip).
 */
async function openCounted<T, Q extends object>(
  lister: Lister<T, Q & { page?: number; per_page?: number }>,
  query: Q,
  count: (items: number) => void,
  optional: boolean,
) {
  const listPage = async (page: number) => {
    // A page whose answer is over the client's size cap is read in smaller pieces.
    const answer = await listPageInPieces(
      (at, perPage) => lister.list({ ...query, per_page: perPage, page: at }),
      page,
      PER_PAGE,
    );
    count(answer.items.length);
    return answer;
  };
  async function* listAll(page: number): AsyncGenerator<T> {
    for await (const item of lister.listAll({ ...query, per_page: PER_PAGE, page })) {
      count(1);
      yield item;
    }
  }
  try {
    return openList(await listPage(1), listPage, listAll);
  } catch (error) {
    if (optional && isNotAllowed(error)) return null;
    throw error;
  }
}

export interface ApiRead {
  schemas: SchemaRecord[];
  /** Null when not asked for, or when the credentials may not read them (needs manage_options). */
  meta: Awaited<ReturnType<SchemaClient['meta']['list']>>['items'] | null;
  social: Awaited<ReturnType<SchemaClient['social']['list']>>['items'] | null;
  /** Whether `urls` or `type` narrowed the read. */
  filtered: boolean;
  /** Tags narrowed to what was selected: the pages named, or those of the schemas read. */
  selected: <T extends { url: string }>(items: T[] | null) => T[] | null;
}

/**
 * Every schema of the API (only those of `urls`, of `type`), and its meta and social entries when asked for.
 * A list the CMS changed while it was read is read again (see `itemsOf`).
 *
 * @example const { schemas, meta } = await readApi(client, { urls: [], type: undefined, tags: { meta: true, social: false }, quiet: false });
 */
export async function readApi(
  client: SchemaClient,
  options: {
    urls: string[];
    type: string | undefined;
    tags: { meta: boolean; social: boolean };
    quiet: boolean;
  },
): Promise<ApiRead> {
  const { urls, type, quiet } = options;
  // The API matches `url` as stored: a page given in another spelling of its escapes (`/café/` for the stored
  // `/caf%C3%A9/`) is asked in each, as push and the build find it.
  const asked = [...new Set(urls.flatMap((url) => spellingsOf(url).map((form) => form.url)))];
  const queries =
    urls.length > 0 ? asked.map((url) => ({ url, schema_type: type })) : [{ schema_type: type }];
  let read = 0;
  let progress: Progress | null = null;
  const count = (items: number) => {
    read += items;
    progress?.add(items);
  };
  const [schemaLists, metaList, socialList] = await Promise.all([
    Promise.all(queries.map((query) => openCounted(client.schemas, query, count, false))),
    options.tags.meta ? openCounted(client.meta, {}, count, true) : null,
    options.tags.social ? openCounted(client.social, {}, count, true) : null,
  ]);
  const opened = [...schemaLists, metaList, socialList].filter((list) => list !== null);
  const totals = opened.map((list) => list.list.pages[0]!.total);
  const total = totals.includes(null) ? null : (totals as number[]).reduce((sum, n) => sum + n, 0);
  progress = startProgress('Reading from the API', { total, quiet, from: SHOW_READS_FROM });
  progress.add(read);
  // Then every other page of them all, within READ_CONCURRENCY.
  await mapConcurrently(
    opened.flatMap((list) => list.jobs),
    READ_CONCURRENCY,
    (job) => job(),
  );
  const seen = new Map<number, SchemaRecord>();
  const records = await Promise.all(schemaLists.map((list) => itemsOf(list!.list)));
  const meta = metaList ? await itemsOf(metaList.list) : null;
  const social = socialList ? await itemsOf(socialList.list) : null;
  progress.done();
  for (const record of records.flat()) seen.set(record.id, record);
  const schemas = [...seen.values()];
  // With a filter, tags follow the selection: the named URLs, or the URLs of the schemas pulled.
  const filtered = urls.length > 0 || type !== undefined;
  const keep = new Set((urls.length > 0 ? urls : schemas.map((record) => record.url)).map(urlIdentity));
  const selected = <T extends { url: string }>(items: T[] | null) =>
    items === null ? null : filtered ? items.filter((item) => keep.has(urlIdentity(item.url))) : items;
  return { schemas, meta: selected(meta), social: selected(social), filtered, selected };
}

/** What `readPages` reads: the pages whose schemas, meta or social entries to read, by url. */
export interface PagesToRead {
  schemas: string[];
  meta: string[];
  social: string[];
}

/**
 * The requests `readApi` sends to read lists of these sizes (null: not read): one per page of 100, one at least.
 *
 * @example listRequests({ schemas: 10_000, meta: 10_000, social: null }) // 200
 */
export function listRequests(items: { schemas: number; meta: number | null; social: number | null }): number {
  const pages = (count: number | null) => (count === null ? 0 : Math.max(1, Math.ceil(count / PER_PAGE)));
  return pages(items.schemas) + pages(items.meta) + pages(items.social);
}

/**
 * The requests `readPages` sends for `pages` (a page of more than 100 schemas is one more): one per spelling of
 * a page's url for its schemas, one per meta or social url.
 *
 * @example pageRequests({ schemas: ['https://x.dev/a/'], meta: ['https://x.dev/a/'], social: [] }) // 2
 */
export function pageRequests(pages: PagesToRead): number {
  return schemaQueries(pages.schemas).length + new Set(pages.meta).size + new Set(pages.social).size;
}

/** Each page's url in every spelling of its escapes the API may hold it under, each once. */
const schemaQueries = (urls: string[]) => [
  ...new Set(urls.flatMap((url) => spellingsOf(url).map((form) => form.url))),
];

/**
 * The schemas of some pages (`GET /schemas?url=`, in each spelling of their escapes) and the meta and social
 * entries of some urls (`?url=`), READ_CONCURRENCY requests at once: what a few writes changed, without reading
 * every list of a large site again.
 *
 * @example const { schemas } = await readPages(client, { schemas: ['https://x.dev/a/'], meta: [], social: [] });
 */
export async function readPages(
  client: SchemaClient,
  pages: PagesToRead,
): Promise<{
  schemas: SchemaRecord[];
  meta: Awaited<ReturnType<SchemaClient['meta']['get']>>[];
  social: Awaited<ReturnType<SchemaClient['social']['get']>>[];
}> {
  const seen = new Map<number, SchemaRecord>();
  const meta: Awaited<ReturnType<SchemaClient['meta']['get']>>[] = [];
  const social: Awaited<ReturnType<SchemaClient['social']['get']>>[] = [];
  const jobs = [
    ...schemaQueries(pages.schemas).map((url) => async () => {
      for await (const record of client.schemas.listAll({ url, per_page: PER_PAGE }))
        seen.set(record.id, record);
    }),
    ...[...new Set(pages.meta)].map((url) => async () => void meta.push(await client.meta.get(url))),
    ...[...new Set(pages.social)].map((url) => async () => void social.push(await client.social.get(url))),
  ];
  await mapConcurrently(jobs, READ_CONCURRENCY, (job) => job());
  // `?url=` answers a url it holds nothing for with nulls: no entry, as the lists would have none.
  return {
    schemas: [...seen.values()],
    meta: meta.filter(holdsTagValues),
    social: social.filter(holdsTagValues),
  };
}
