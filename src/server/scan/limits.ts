// The bounds of one /scan request: every one is an option of createServer (`scan: { ... }`).

export interface ScanLimits {
  /** Pages fetched per scan (given and from sitemaps together); more are counted, not fetched. Default 500. */
  maxUrls: number;
  /** Sitemap documents fetched per scan (the sitemap and index children). Default 20. */
  maxSitemaps: number;
  /** Levels of sitemap read: 1 reads only the given sitemap, 2 also an index's children. Default 2. */
  sitemapDepth: number;
  /** Largest page read, in bytes. Default 2 MiB. */
  maxPageBytes: number;
  /** Largest sitemap read, in bytes. Default 10 MiB. */
  maxSitemapBytes: number;
  /** Per fetch (redirect hops included). Default 10 s. */
  fetchTimeoutMs: number;
  /** For the whole scan; what is not fetched by then is reported once. Default 60 s. */
  deadlineMs: number;
  /** Fetches in flight. Default 4. */
  concurrency: number;
  /** Redirect hops followed per fetch, each held to the site's hosts. Default 5. */
  maxRedirects: number;
  /** Entries in the answer's `errors`; the rest are counted in `errors_omitted`. Default 50. */
  maxErrors: number;
  /** Bytes of `schemas` in the answer; past it records are counted in `schemas_omitted`. Default 4 MiB. */
  maxAnswerBytes: number;
  /**
   * Scans running at once on the server; one more is refused with 429 `scan_busy` and Retry-After. Each holds
   * up to `concurrency` pages of up to `maxPageBytes` being parsed: a dozen at once took 540 MB. Default 2.
   */
  scansAtOnce: number;
}

export const scanDefaults: ScanLimits = {
  maxUrls: 500,
  maxSitemaps: 20,
  sitemapDepth: 2,
  maxPageBytes: 2 * 1024 * 1024,
  maxSitemapBytes: 10 * 1024 * 1024,
  fetchTimeoutMs: 10_000,
  deadlineMs: 60_000,
  concurrency: 4,
  maxRedirects: 5,
  maxErrors: 50,
  maxAnswerBytes: 4 * 1024 * 1024,
  scansAtOnce: 2,
};

/** The defaults with `given` over them; each given value must be a positive integer. */
export function resolveScanLimits(given: Partial<ScanLimits> = {}): ScanLimits {
  const limits = { ...scanDefaults };
  for (const [name, value] of Object.entries(given)) {
    if (!(name in scanDefaults))
      throw new Error(`scan.${name} is not a scan limit (known: ${Object.keys(scanDefaults).join(', ')}).`);
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`scan.${name} must be a positive integer, not ${value}.`);
    limits[name as keyof ScanLimits] = value;
  }
  return limits;
}
