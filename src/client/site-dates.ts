// Records' zone-less dates put in UTC through the site's time zone, asked of the site only when a record
// has such a date (servers that send ISO dates with a zone cost nothing).
import { isZoneless, localToUtc } from './site-time.ts';
import type { Transport } from './transport.ts';

interface Dated {
  created_at: string | null;
  updated_at: string | null;
}

const zoneless = (date: string | null) => date !== null && isZoneless(date);

/**
 * The items with `created_at`/`updated_at` in ISO 8601 UTC.
 *
 * @example await inSiteTime(transport, [record]) // created_at '2026-11-21T01:00:00.000Z' on a Tokyo site
 */
export async function inSiteTime<T extends Dated>(transport: Transport, items: T[]): Promise<T[]> {
  if (!items.some((item) => zoneless(item.created_at) || zoneless(item.updated_at))) return items;
  const zone = await transport.siteZone();
  const fix = (date: string | null) => (date !== null && isZoneless(date) ? localToUtc(date, zone) : date);
  return items.map((item) => ({
    ...item,
    created_at: fix(item.created_at),
    updated_at: fix(item.updated_at),
  }));
}
