// Dates without a zone (`current_time('mysql')`, what WordPress plugins store) are the site's local time:
// the REST index names the zone (`timezone_string`, else `gmt_offset` in hours).

export interface SiteZone {
  /** An IANA name (`Asia/Tokyo`), or null when the site is set to a fixed offset. */
  name: string | null;
  /** Hours east of UTC (`9`, `5.5`, `-3`), used when there is no name. */
  offsetHours: number;
}

/**
 * The zone a WordPress REST index (`GET /wp-json/`) names; null when it names none.
 *
 * @example readSiteZone({ timezone_string: 'Asia/Tokyo', gmt_offset: '9' }) // { name: 'Asia/Tokyo', offsetHours: 9 }
 */
export function readSiteZone(index: unknown): SiteZone | null {
  if (!index || typeof index !== 'object') return null;
  const { timezone_string: name, gmt_offset: offset } = index as Record<string, unknown>;
  const offsetHours = Number(offset);
  const validName = typeof name === 'string' && name !== '' && isZoneName(name) ? name : null;
  if (
    !validName &&
    (offset === undefined || offset === null || offset === '' || !Number.isFinite(offsetHours))
  )
    return null;
  return { name: validName, offsetHours: Number.isFinite(offsetHours) ? offsetHours : 0 };
}

function isZoneName(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
function offsetMinutes(zone: SiteZone, utcMs: number): number {
  if (!zone.name) return Math.round(zone.offsetHours * 60);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone.name,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** Whether an ISO-like date string carries no zone (`2026-11-21T10:00:00`). */
export function isZoneless(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(date);
}

/**
 * A zone-less local date read in the site's zone, as ISO 8601 UTC; in UTC when the zone is unknown.
 *
 * @example localToUtc('2026-11-21T10:00:00', { name: 'Asia/Tokyo', offsetHours: 9 }) // '2026-11-21T01:00:00.000Z'
 */
export function localToUtc(local: string, zone: SiteZone | null): string {
  const asUtc = Date.parse(`${local}Z`);
  if (!zone) return new Date(asUtc).toISOString();
  // The offset at the guessed instant, then again at the corrected one (right across a DST change).
  const first = asUtc - offsetMinutes(zone, asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(zone, first) * 60_000).toISOString();
}
