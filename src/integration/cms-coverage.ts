// CMS data -> the pages it is for: the URLs the CMS holds head data for that are no page of the build (an
// address the CMS uses and the site does not, pages removed since), so that a build which found nothing for its
// pages says why instead of shipping them bare in silence.
import { urlIdentity } from '../url-forms.ts';
import { urlVariants } from './pages.ts';
import type { HeadIndex } from './read-index.ts';
import { isEmpty } from './read-page-data.ts';

export interface CmsCoverage {
  /** How many URLs (one per page, whatever its spelling or slash) the CMS holds head data for. */
  held: number;
  /** What `held` counts: URLs (read from the index) or schemas (a page-by-page build's one list request). */
  counted: 'urls' | 'schemas';
  /** Those that are no page of the build, as the CMS spells them, sorted. */
  withoutPage: string[];
}

/**
 * @example cmsCoverage(index, true, ['https://a.dev/x/'], () => false) // { held: 2, withoutPage: ['https://www.a.dev/y/'] }
 */
export function cmsCoverage(
  index: HeadIndex,
  canReadTags: boolean,
  /** The CMS URLs of the build's pages. */
  pageUrls: string[],
  /** Pages the site serves that are not in the build (on-demand routes), or leaves alone (`exclude`). */
  servedElsewhere: (url: string) => boolean,
): CmsCoverage {
  const pages = new Set(pageUrls.flatMap((url) => urlVariants(url).map(urlIdentity)));
  // The index is keyed by identity: one spelling of each URL is enough to read it back.
  const spelled = new Map<string, string>();
  for (const [key, records] of index.schemas) if (records[0]) spelled.set(key, records[0].url);
  for (const map of [index.meta, index.social]) {
    for (const [key, entry] of map ?? []) if (!spelled.has(key)) spelled.set(key, entry.url);
  }
  let held = 0;
  const withoutPage: string[] = [];
  for (const [key, url] of spelled) {
    const data = {
      schemas: (index.schemas.get(key) ?? []).filter((record) => record.is_active),
      meta: (canReadTags && index.meta?.get(key)) || null,
      social: (canReadTags && index.social?.get(key)) || null,
    };
    if (isEmpty(data)) continue;
    held++;
    if (!pages.has(key) && !servedElsewhere(url)) withoutPage.push(url);
  }
  return { held, counted: 'urls', withoutPage: withoutPage.sort() };
}
