// The whole head index in a few list requests: the first page of `/schemas`, `/meta` and `/social` side by
// side, then every other page of the three at once, within `concurrency`. Latency is paid about
// 1 + ⌈pages / concurrency⌉ times instead of once per list page.
import type { MetaTags, Page, SchemaClient, SchemaRecord, SocialTags } from '../client/index.ts';
import { listPageInPieces } from '../client/paging.ts';
import { itemsOf, openList } from '../list-pages.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { urlIdentity } from '../url-forms.ts';

/** What the CMS holds, by the identity of the URL it was stored under (any spelling of a page's URL finds it). */
export interface HeadIndex {
  schemas: Map<string, SchemaRecord[]>;
  /** Null when the server has no list form: meta is then read page by page. */
  meta: Map<string, MetaTags> | null;
  social: Map<string, SocialTags> | null;
}

export interface IndexOptions {
  /** Pages the site has: with more list pages than that, asking page by page costs fewer requests. */
  pageCount: number;
  /** `strategy: 'index'`: read the index whatever it costs, and fail when it cannot be read. */
  forced: boolean;
  canReadTags: boolean;
  concurrency: number;
  /** Lines for the build log. */
  notes: string[];
  /** Told when the lists could not be read (the null answer is then a failure, said in `notes`). */
  onListingFailed?: () => void;
}

const PER_PAGE = 100;

type ListPage<T> = (page: number) => Promise<Page<T>>;

/**
 * Every active schema (and, with manage_options, every meta and social entry), keyed by URL; null when
 * listing the CMS would take more requests than asking for each page, or (unless forced) when it fails.
 *
 * @example const index = await readIndex(client, { pageCount: 1000, forced: false, canReadTags: true, concurrency: 8, notes });
 */
export async function readIndex(client: SchemaClient, options: IndexOptions): Promise<HeadIndex | null> {
  const { notes } = options;
  const listingFailed = (error: unknown): null => {
    notes.push(`Listing schemas failed (${messageOf(error)}); asking page by page instead.`);
    options.onListingFailed?.();
    return null;
  };
  // A page whose answer is over the client's size cap is read in smaller pieces.
  const schemaPage: ListPage<SchemaRecord> = (page) =>
    listPageInPieces((at, perPage) => client.schemas.list({ per_page: perPage, page: at }), page, PER_PAGE);
  const metaPage: ListPage<MetaTags> = (page) =>
    listPageInPieces((at, perPage) => client.meta.list({ per_page: perPage, page: at }), page, PER_PAGE);
  const socialPage: ListPage<SocialTags> = (page) =>
    listPageInPieces((at, perPage) => client.social.list({ per_page: perPage, page: at }), page, PER_PAGE);
  const tags = options.canReadTags
    ? Promise.all([metaPage(1), socialPage(1)]).catch((error: unknown) => error as Error)
    : null;
  let first: Page<SchemaRecord>;
  try {
    first = await schemaPage(1);
  } catch (error) {
    await tags;
    if (options.forced) throw error;
    return listingFailed(error);
  }
  if (!options.forced && (first.totalPages ?? 1) > options.pageCount) {
    await tags;
    return null;
  }

  const schemaList = openList(first, schemaPage, (page) =>
    client.schemas.listAll({ per_page: PER_PAGE, page }),
  );
  const firstTags = await tags;
  const tagLists =
    firstTags && !(firstTags instanceof Error)
      ? {
          meta: openList(firstTags[0], metaPage, (page) => client.meta.listAll({ per_page: PER_PAGE, page })),
          social: openList(firstTags[1], socialPage, (page) =>
            client.social.listAll({ per_page: PER_PAGE, page }),
          ),
        }
      : null;

  // The schemas' other pages must all arrive; a failing tag page only sends the tags back to per-page reads.
  let tagFailure: Error | null = firstTags instanceof Error ? firstTags : null;
  const tagJobs = (tagLists ? [...tagLists.meta.jobs, ...tagLists.social.jobs] : []).map(
    (job) => () =>
      job().catch((error: unknown) => {
        tagFailure ??= error as Error;
      }),
  );
  let records: SchemaRecord[];
  try {
    await mapConcurrently([...schemaList.jobs, ...tagJobs], options.concurrency, (job) => job());
    records = await itemsOf(schemaList.list);
  } catch (error) {
    // A later page failing (a record over the size cap, say) is what a failing first page is: asked page by
    // page, each page's failure is its own and named.
    if (options.forced) throw error;
    return listingFailed(error);
  }

  const schemas = new Map<string, SchemaRecord[]>();
  for (const record of records) {
    const key = urlIdentity(record.url);
    const list = schemas.get(key);
    if (list) list.push(record);
    else schemas.set(key, [record]);
  }
  let meta: Map<string, MetaTags> | null = null;
  let social: Map<string, SocialTags> | null = null;
  if (tagLists && tagFailure === null) {
    try {
      meta = byIdentity(await itemsOf(tagLists.meta.list));
      social = byIdentity(await itemsOf(tagLists.social.list));
    } catch (error) {
      tagFailure = error as Error;
      meta = null;
      social = null;
    }
  }
  if (tagFailure) {
    notes.push(`Listing /meta or /social failed (${messageOf(tagFailure)}); reading them per page.`);
  }
  return { schemas, meta, social };
}

/**
 * Entries by the identity of their URL. Two spellings of one page (`/caf%C3%A9/` and `/café/`) are one entry:
 * the one stored in the encoded form pages are known by wins, else the first.
 */
function byIdentity<T extends { url: string }>(entries: T[]): Map<string, T> {
  const found = new Map<string, T>();
  for (const entry of entries) {
    const key = urlIdentity(entry.url);
    const held = found.get(key);
    if (!held || (held.url !== encoded(held.url) && entry.url === encoded(entry.url))) found.set(key, entry);
  }
  return found;
}

function encoded(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
