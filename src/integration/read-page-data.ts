// One page's data asked of the API by its URL, found whichever trailing slash and spelling the CMS stored it under.
// Used by the build's per-page strategy and by the request-time pass, so a page gets the same data either way;
// the build reads its pages ahead, as Astro renders them.
import type { SchemaClient } from '../client/index.ts';
import { createLimit } from '../map-concurrently.ts';
import { type EscapeSpelling, spellingsOf, urlVariants } from '../url-forms.ts';
import { isEmpty, type PageData } from './page-data.ts';

/** `signal` ends the page's requests (the request-time pass gives each page a deadline). */
export type PageReader = (url: string, signal?: AbortSignal) => Promise<PageData>;

/**
 * A reader of pages. The API matches a URL exactly, and a CMS stores either trailing slash and, for a path
 * with characters outside ASCII, any spelling of its escapes (a real WordPress database compares hex
 * digits without case; a URL typed by hand is decoded). The reader asks first for the form the CMS was last
 * seen to use (the page's own form until then), and asks for the others only when the first answers nothing:
 * a page with data costs one round of requests, as an exact match would; a page the CMS has nothing for costs
 * a round for each form.
 *
 * @example const read = pageReader(client, true); const data = await read('https://x.com/a');
 */
export function pageReader(client: SchemaClient, readTags: boolean): PageReader {
  let storedWithSlash: boolean | null = null;
  let storedSpelling: EscapeSpelling | null = null;

  async function readExact(url: string, signal: AbortSignal | undefined): Promise<PageData> {
    const call = { signal };
    const [schemas, meta, social] = await Promise.all([
      client.schemasByUrl(url, call),
      readTags ? client.meta.get(url, call) : null,
      readTags ? client.social.get(url, call) : null,
    ]);
    return { schemas: schemas.filter((record) => record.is_active), meta, social };
  }

  /** The URLs to ask for, in order: every spelling of the escapes with the usual slash, then with the other. */
  function formsOf(url: string): Array<{ url: string; spelling: EscapeSpelling }> {
    const spellings = spellingsOf(url);
    const usual = spellings.findIndex((entry) => entry.spelling === storedSpelling);
    if (usual > 0) spellings.unshift(...spellings.splice(usual, 1));
    const withSlashes = spellings.map(({ url: spelled, spelling }) => {
      const variants = urlVariants(spelled);
      if (storedWithSlash !== null && variants.length === 2 && variants[0]?.endsWith('/') !== storedWithSlash)
        variants.reverse();
      return variants.map((variant) => ({ url: variant, spelling }));
    });
    return [
      ...withSlashes.flatMap((forms) => forms.slice(0, 1)),
      ...withSlashes.flatMap((forms) => forms.slice(1)),
    ];
  }

  return async (url, signal) => {
    const forms = formsOf(url);
    let first: PageData | undefined;
    for (const form of forms) {
      const found = await readExact(form.url, signal);
      first ??= found;
      if (isEmpty(found)) continue;
      if (urlVariants(form.url).length === 2) storedWithSlash = form.url.endsWith('/');
      if (spellingsOf(url).length > 1) storedSpelling = form.spelling;
      return found;
    }
    return first as PageData;
  };
}

/** Pages asked ahead of the pass, each once, at most `concurrency` at a time. */
export interface PageReadAhead {
  /** The reading of `url`: the one under way or done, or a new one. */
  read(url: string): Promise<PageData>;
  /** Whether `url` has been asked (its answer may still be coming). */
  has(url: string): boolean;
  /** How many URLs have been asked, answered and failed so far. */
  counts(): { asked: number; answered: number; failed: number };
}

/** After how many pages in a row failed because the API is gone (after their retries) the rest are not asked. */
const GONE_AFTER = 3;

/**
 * Reads pages as soon as their URLs are known (the per-page strategy asks each page as Astro renders it), and
 * gives the pass the same answer, or the same failure, when it asks: no page is asked twice. Once `gone` says
 * of three failures in a row that the API is gone (refused, unreachable, never answering, each after all its
 * retries), the pages not yet asked fail at once with the last of them, instead of each waiting out retries.
 *
 * @example const ahead = readAhead(pageReader(client, true), 8, isApiGone); void ahead.read(url); await ahead.read(url);
 */
export function readAhead(
  read: PageReader,
  concurrency: number,
  gone: (error: unknown) => boolean,
): PageReadAhead {
  const limit = createLimit(concurrency);
  const readings = new Map<string, Promise<PageData>>();
  let answered = 0;
  let failed = 0;
  let goneInARow = 0;
  let gaveUp: { error: unknown } | null = null;
  const readOne = async (url: string) => {
    if (gaveUp) {
      failed++;
      throw gaveUp.error;
    }
    try {
      const data = await read(url);
      goneInARow = 0;
      answered++;
      return data;
    } catch (error) {
      failed++;
      goneInARow = gone(error) ? goneInARow + 1 : 0;
      if (goneInARow >= GONE_AFTER) gaveUp = { error };
      throw error;
    }
  };
  return {
    read(url) {
      let reading = readings.get(url);
      if (!reading) {
        reading = limit(() => readOne(url));
        // A failure is the pass's to report when it takes the page; until then it is not an unhandled one.
        reading.catch(() => {});
        readings.set(url, reading);
      }
      return reading;
    },
    has: (url) => readings.has(url),
    counts: () => ({ asked: readings.size, answered, failed }),
  };
}
