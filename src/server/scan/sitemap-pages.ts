// The page URLs a sitemap names, read level by level (an index, its children...) within the scan's bounds.
// Only URLs on the site's hosts are kept; the others are counted, never echoed.
import { mapConcurrently } from '../../map-concurrently.ts';
import { readSitemap } from '../../read-sitemap.ts';
import { urlProblem } from '../checks.ts';
import type { ScanErrors } from './errors.ts';
import { type FetchLimits, fetchText } from './fetch-text.ts';
import type { ScanLimits } from './limits.ts';

const NOT_A_SITEMAP =
  'Not read: it is no sitemap XML (<urlset> or <sitemapindex>); a gzipped sitemap (.xml.gz) is not unpacked, give its .xml.';
// A sitemap plugin's answer for a site it lists nothing of (or <loc> left empty): a scan of nothing says why.
const EMPTY_SITEMAP =
  'The sitemap lists no page (no <url> or <sitemap> with a <loc>): nothing was scanned from it.';

/**
 * Up to `room` page URLs of `sitemap`; failures, off-site entries and what the limits left out go to `errors`.
 *
 * @example const pages = await sitemapPages('https://a.test/sitemap.xml', 500, limits, fetchLimits, errors);
 */
export async function sitemapPages(
  sitemap: string,
  room: number,
  limits: ScanLimits,
  fetchLimits: FetchLimits,
  errors: ScanErrors,
): Promise<string[]> {
  const pages = new Set<string>();
  let offSite = 0;
  let pagesLeftOut = 0;
  let sitemapsLeftOut = 0;
  let fetched = 0;
  let level = [sitemap];
  // A sitemap listed again (an index naming itself, two naming each other) is read once: not a sitemap left out.
  const listed = new Set(level);
  for (let depth = 1; level.length > 0; depth++) {
    const take = level.slice(0, Math.max(0, limits.maxSitemaps - fetched));
    sitemapsLeftOut += level.length - take.length;
    fetched += take.length;
    const read = await mapConcurrently(take, limits.concurrency, async (url) => {
      try {
        // Each sitemap read for at most the room the scan has: all of it may be off-site or repeated.
        const text = await fetchText(url, fetchLimits);
        const entries = readSitemap(text, room + limits.maxSitemaps);
        // A gzipped file (sitemap.xml.gz) is sent as bytes, not as a coding of its answer: it reads as nothing.
        if (entries.pages.length + entries.sitemaps.length + entries.more === 0)
          errors.add(
            /<(?:\w+:)?(?:urlset|sitemapindex)\b/.test(text)
              ? { url, code: 'empty_sitemap', message: EMPTY_SITEMAP }
              : { url, code: 'not_a_sitemap', message: NOT_A_SITEMAP },
          );
        return entries;
      } catch (error) {
        errors.addFailure(url, error);
        return null;
      }
    });
    const next: string[] = [];
    for (const entry of read) {
      pagesLeftOut += entry?.more ?? 0;
      for (const page of entry?.pages ?? []) {
        // Once the scan is full, what is left is only counted.
        if (pages.size >= room && !pages.has(page)) pagesLeftOut++;
        else if (urlProblem(page, fetchLimits.hosts) !== null) offSite++;
        else pages.add(page);
      }
      for (const child of entry?.sitemaps ?? []) {
        if (listed.has(child)) continue;
        listed.add(child);
        if (urlProblem(child, fetchLimits.hosts) !== null) offSite++;
        else if (depth < limits.sitemapDepth) next.push(child);
        else sitemapsLeftOut++;
      }
    }
    level = next;
  }
  if (offSite > 0) {
    errors.add({
      url: sitemap,
      code: 'off_site',
      message: `${offSite} sitemap entries are not on the site's host; they were skipped.`,
    });
  }
  if (sitemapsLeftOut > 0) {
    errors.add({
      url: sitemap,
      code: 'too_many',
      message: `${sitemapsLeftOut} sitemaps were not read (limits: ${limits.maxSitemaps} sitemaps, depth ${limits.sitemapDepth}).`,
    });
  }
  if (pagesLeftOut > 0) {
    errors.add({
      url: sitemap,
      code: 'too_many',
      message: `${pagesLeftOut} more pages were not scanned (limit: ${limits.maxUrls} pages per scan).`,
    });
  }
  return [...pages];
}
