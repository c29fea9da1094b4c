// The build's one client (with the build cache, or the snapshot's dispatcher), made when the build starts so
// that the index can be read while Astro is still rendering: by the time the pages are on disk, the API's
// answers usually are too, and the pass only has pages to write.
import { fileURLToPath } from 'node:url';
import type { Dispatcher } from 'undici';
import { createClient, type ProbeResult, type SchemaClient } from '../client/index.ts';
import { runsOnNode } from '../client/send-fetch.ts';
import { buildCacheFile } from './build-cache.ts';
import { buildReadAhead, listingRights } from './fetch-head-data.ts';
import { clientOptionsFor, type ResolvedOptions } from './options.ts';
import { type HeadIndex, readIndex } from './read-index.ts';
import type { PageReadAhead } from './read-page-data.ts';
import { userAgent } from './user-agent.ts';

/** Above this many list pages per route the index is not read early (the site may have fewer pages than that). */
const EARLY_LIST_PAGES = 100;

export interface BuildClient {
  client: SchemaClient;
  /** The index read early; null when it was not (per-page, no list rights, a bigger CMS), or it failed. */
  earlyIndex: Promise<HeadIndex | null> | undefined;
  /**
   * Whether the early read failed (a record over the size cap, a list page the server cannot make): the pass
   * then asks page by page at once, rather than read the lists again to fail the same way.
   */
  earlyListingFailed?: Promise<boolean>;
  /** Page by page (per-page, or credentials that cannot list): each page is asked as Astro renders it. */
  readAhead: PageReadAhead | undefined;
  /** Lines for the build log from the early read. */
  notes: string[];
}

/**
 * The client for the build pass and, where listing is allowed and the CMS not too big, the index read now;
 * where it is not, the reader that asks each page as it is rendered.
 *
 * @example const build = startBuildClient(options, { probe, api }, config.cacheDir, undefined);
 */
export function startBuildClient(
  options: ResolvedOptions,
  /** What the probe found, and the API's address in the form that answered (no second discovery). */
  found: { probe: ProbeResult; api: string } | null,
  cacheDir: URL | undefined,
  dispatcher: Dispatcher | undefined,
): BuildClient {
  // A snapshot holds answers, not 304s against a cache it does not have: no cache while recording or replaying.
  // Off Node (Bun's or Deno's own runtime) requests go through fetch, which has no cache to keep: no folder.
  const cacheFile =
    cacheDir && !options.snapshot && runsOnNode()
      ? buildCacheFile(fileURLToPath(cacheDir), options.cache)
      : null;
  const client = createClient(
    clientOptionsFor(found ? { ...options, api: found.api } : options, options, {
      cacheFile: cacheFile ?? undefined,
      dispatcher,
      userAgent: userAgent(),
    }),
  );
  const notes: string[] = [];
  if (!found) return { client, earlyIndex: undefined, readAhead: undefined, notes };
  const rights = listingRights(found.probe);
  if (!rights.canListSchemas || options.strategy === 'per-page') {
    // strategy "index" without list rights stops the build in the pass: nothing to read.
    if (options.strategy === 'index') return { client, earlyIndex: undefined, readAhead: undefined, notes };
    const pages = buildReadAhead(client, rights.canReadTags, options.concurrency);
    return { client, earlyIndex: undefined, readAhead: pages, notes };
  }
  let failed = false;
  const earlyIndex = readIndex(client, {
    pageCount: EARLY_LIST_PAGES,
    forced: false,
    canReadTags: rights.canReadTags,
    concurrency: options.concurrency,
    notes,
    onListingFailed: () => {
      failed = true;
    },
  })
    .catch(() => null)
    .then((index) => {
      // Not read early (a bigger CMS): the pass reads it, or asks page by page, and says why itself. Failed:
      // the note stays, and the pass asks page by page; with strategy "index" it reads the lists again,
      // forced, to fail the build with their own error.
      if (!index && (!failed || options.strategy === 'index')) notes.length = 0;
      return index;
    });
  const earlyListingFailed = earlyIndex.then(() => failed && options.strategy !== 'index');
  return { client, earlyIndex, earlyListingFailed, readAhead: undefined, notes };
}
