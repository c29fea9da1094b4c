// Page URLs -> API answers. Chooses between reading the whole index in a few list requests and asking
// page by page, from what the server has and what the credentials may do.
import type { ProbeResult, SchemaClient, SchemaRecord } from '../client/index.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { urlIdentity, urlVariants } from '../url-forms.ts';
import { capabilityNote } from './capability-note.ts';
import { type ApiFailure, type FailureCause, isApiGone } from './failures.ts';
import type { PageData } from './page-data.ts';
import { type HeadIndex, readIndex } from './read-index.ts';
import { type PageReadAhead, pageReader, readAhead } from './read-page-data.ts';

export type Strategy = 'auto' | 'index' | 'per-page';

export interface FetchOutcome {
  /** By CMS URL; a page missing here has its failure in `failures`. */
  data: Map<string, PageData>;
  /** By CMS URL: why its data could not be had. */
  failures: Map<string, FetchFailure>;
  strategy: 'index' | 'per-page';
  requests: number;
  /** Things the build log should say once (missing capabilities, strategy changes). */
  notes: string[];
  /** The whole index, when the pages were answered from it. */
  index: HeadIndex | null;
}

/** Why a page's data could not be had: pages that failed for the same reason share a `message`. */
export interface FetchFailure {
  cause: FailureCause;
  message: string;
  hint: string;
}

export interface FetchProgress {
  done: number;
  total: number;
  requests: number;
  errors: number;
}

export interface FetchOptions {
  strategy: Strategy;
  /** What the API offers, asked when the build started. */
  probe: ProbeResult;
  /** Turns a failed call into its cause, header and hint. */
  describe: (error: unknown) => ApiFailure;
  concurrency: number;
  onProgress?: (progress: FetchProgress) => void;
  /** Told of each URL's data as soon as it is had, so the caller can work on it while the rest is fetched. */
  onData?: (url: string, data: PageData) => void;
  /** The index as read while Astro was still rendering, if it was: null, or unread, means read it now. */
  earlyIndex?: Promise<HeadIndex | null> | undefined;
  /** The early read failed and said so: ask page by page without reading the lists again. */
  earlyListingFailed?: boolean;
  /** Pages asked page by page while Astro was still rendering: their answers are taken, not asked again. */
  readAhead?: PageReadAhead | undefined;
  /** What the credentials leave out was said already (they were refused and the build reads as anyone). */
  capabilitySaid?: boolean;
}

/** What the probe says the credentials may read in bulk. */
export function listingRights(probe: ProbeResult): { canListSchemas: boolean; canReadTags: boolean } {
  return {
    canListSchemas: probe.routes.schemas && probe.canEditPosts,
    canReadTags: probe.canManageOptions && probe.routes.meta && probe.routes.social,
  };
}

/**
 * Fetches schemas, meta and social tags for every given CMS URL.
 *
 * @example const outcome = await fetchHeadData(client, ['https://x.com/a/'], { strategy: 'auto', probe, describe, concurrency: 8 });
 */
export async function fetchHeadData(
  client: SchemaClient,
  urls: string[],
  options: FetchOptions,
): Promise<FetchOutcome> {
  const unique = [...new Set(urls)];
  const startRequests = client.stats().requests;
  const requests = () => client.stats().requests - startRequests;
  const notes: string[] = [];
  const data = new Map<string, PageData>();
  const failures = new Map<string, FetchFailure>();
  const { probe } = options;
  const { canListSchemas, canReadTags } = listingRights(probe);
  const note = options.capabilitySaid ? null : capabilityNote(probe);
  if (note) notes.push(note);
  if (options.strategy === 'index' && !canListSchemas) {
    const failure: FetchFailure = {
      cause: 'missing-capability',
      message:
        'strategy "index" reads GET /schemas, which needs a user with edit_posts, and these credentials lack it.',
      hint: 'Use an account with edit_posts in SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD, or strategy: "auto".',
    };
    for (const url of unique) failures.set(url, failure);
    return { data, failures, strategy: 'per-page', requests: requests(), notes, index: null };
  }

  const early = options.strategy !== 'per-page' && canListSchemas ? await options.earlyIndex : null;
  const index =
    early ??
    (options.strategy !== 'per-page' && canListSchemas && !options.earlyListingFailed
      ? await readIndex(client, {
          pageCount: unique.length,
          forced: options.strategy === 'index',
          canReadTags,
          concurrency: options.concurrency,
          notes,
        })
      : null);

  const readPage =
    (!index && options.readAhead?.read) || buildReadAhead(client, canReadTags, options.concurrency).read;
  let done = 0;
  let errors = 0;
  const report = () => options.onProgress?.({ done, total: unique.length, requests: requests(), errors });
  await mapConcurrently(unique, options.concurrency, async (url) => {
    try {
      let found: PageData;
      if (!index) found = await readPage(url);
      else if (!indexHoldsAll(index, canReadTags)) {
        // No list form of /meta: the tags come page by page, found as per-page reads find them.
        const { meta, social } = await readPage(url);
        found = { ...fromIndex(index, url, false), meta, social };
      } else found = fromIndex(index, url, canReadTags);
      data.set(url, found);
      options.onData?.(url, found);
    } catch (error) {
      errors++;
      const failure = options.describe(error);
      failures.set(url, { cause: failure.cause, message: failure.header, hint: failure.hint });
    }
    done++;
    if (done % 50 === 0 || done === unique.length) report();
  });
  return { data, failures, strategy: index ? 'index' : 'per-page', requests: requests(), notes, index };
}

/**
 * Whether the index holds all a page needs: the tags too, when the credentials may read them (a server without
 * list forms of /meta and /social leaves them to be asked page by page).
 */
export function indexHoldsAll(index: HeadIndex, canReadTags: boolean): boolean {
  return !(canReadTags && index.meta === null);
}

/** The build's page-by-page reader: each page asked once, and no more asked once the API is found gone. */
export function buildReadAhead(
  client: SchemaClient,
  canReadTags: boolean,
  concurrency: number,
): PageReadAhead {
  return readAhead(pageReader(client, canReadTags), concurrency, isApiGone);
}

/** A page's data from the index; a server without list forms of /meta and /social has none there. */
export function fromIndex(index: HeadIndex, url: string, canReadTags: boolean): PageData {
  // Active records only, as /schemas-by-url gives them page by page: a spelling that holds only inactive ones
  // does not hide the other slash's active ones.
  const active = (records: SchemaRecord[]) => records.filter((record) => record.is_active);
  const schemas = active(lookup(index.schemas, url, (records) => active(records).length > 0) ?? []);
  return {
    schemas,
    meta: canReadTags ? (lookup(index.meta ?? new Map(), url) ?? null) : null,
    social: canReadTags ? (lookup(index.social ?? new Map(), url) ?? null) : null,
  };
}

/**
 * Finds a page by its URL in any spelling, then by the same URL with the other trailing slash; with `usable`,
 * the first entry it accepts.
 */
function lookup<T>(
  map: Map<string, T>,
  url: string,
  usable: (entry: T) => boolean = () => true,
): T | undefined {
  for (const variant of urlVariants(url)) {
    const hit = map.get(urlIdentity(variant));
    if (hit !== undefined && usable(hit)) return hit;
  }
  return undefined;
}
