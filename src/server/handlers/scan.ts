import { mapConcurrently } from '../../map-concurrently.ts';
import { plural } from '../../plural.ts';
import type { ApiResponse, Handler, ServerContext } from '../api.ts';
import { booleanFlag, urlProblem } from '../checks.ts';
import { ApiFailure, invalidParams, missingParams } from '../errors.ts';
import { ScanErrors } from '../scan/errors.ts';
import { FetchFailure, fetchText } from '../scan/fetch-text.ts';
import { type GeneratedSchema, generateSchemas } from '../scan/generate-schemas.ts';
import type { ScanLimits } from '../scan/limits.ts';
import { readPage } from '../scan/read-page.ts';
import { sitemapPages } from '../scan/sitemap-pages.ts';
import type { SchemaInput } from '../types.ts';
import { checkBodyFields } from './input.ts';

function readScanBody(body: Record<string, unknown>, hosts: ReadonlySet<string>, limits: ScanLimits) {
  checkBodyFields(body, ['urls', 'sitemap', 'dry_run', 'overwrite']);
  if (body.urls === undefined && body.sitemap === undefined) throw missingParams(['urls', 'sitemap']);
  const problems: Record<string, string> = {};
  const urls: string[] = [];
  if (body.urls !== undefined) {
    if (!Array.isArray(body.urls)) problems.urls = 'must be an array of absolute URLs';
    else if (body.urls.length > limits.maxUrls) problems.urls = `must hold at most ${limits.maxUrls} URLs`;
    else {
      body.urls.forEach((url, index) => {
        const problem = urlProblem(url, hosts);
        if (problem) problems[`urls[${index}]`] = problem;
        else urls.push(url as string);
      });
    }
  }
  if (body.sitemap !== undefined) {
    const sitemap = body.sitemap;
    const problem = urlProblem(sitemap, hosts);
    if (problem) problems.sitemap = `must be the absolute URL of a sitemap.xml on the site: it ${problem}`;
  }
  const flags: Record<string, boolean> = {};
  for (const name of ['dry_run', 'overwrite']) {
    const value = body[name] === undefined ? false : booleanFlag(body[name]);
    if (value === null) problems[name] = 'must be true or false';
    else flags[name] = value;
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return {
    urls,
    sitemap: body.sitemap as string | undefined,
    dryRun: flags.dry_run!,
    overwrite: flags.overwrite!,
  };
}

/**
 * Fetches the given pages (and a sitemap's), proposes schemas for each, and writes them in one transaction:
 * only for pages without schemas, unless `overwrite` (then a proposal replaces a record of the same type).
 * Only the site's own hosts are fetched, within the server's scan limits.
 */
export const scan: Handler = async (request, context) => {
  const { scanLimits: limits, scansRunning } = context;
  const input = readScanBody(request.body, context.hosts, limits);
  if (scansRunning.count >= limits.scansAtOnce) {
    // Refused rather than queued: a scan may run for deadlineMs, longer than a client waits for an answer.
    const retryAfter = Math.max(1, Math.ceil(limits.fetchTimeoutMs / 1000));
    throw new ApiFailure(
      429,
      'scan_busy',
      `${plural(limits.scansAtOnce, 'scan is', 'scans are')} running, as many as the server runs at once. Try again in ${retryAfter} s.`,
      { retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
  scansRunning.count++;
  try {
    return await scanPages(input, context);
  } finally {
    scansRunning.count--;
  }
};

async function scanPages(
  input: ReturnType<typeof readScanBody>,
  { store, hosts, scanLimits: limits }: ServerContext,
): Promise<ApiResponse> {
  const errors = new ScanErrors(limits.maxErrors);
  const deadline = AbortSignal.timeout(limits.deadlineMs);
  const common = { timeoutMs: limits.fetchTimeoutMs, maxRedirects: limits.maxRedirects, hosts, deadline };
  const wanted = new Set(input.urls);
  if (input.sitemap) {
    const sitemapLimits = { ...common, maxBytes: limits.maxSitemapBytes };
    const room = limits.maxUrls - wanted.size;
    for (const page of await sitemapPages(input.sitemap, room, limits, sitemapLimits, errors))
      wanted.add(page);
  }
  const pageLimits = { ...common, maxBytes: limits.maxPageBytes };
  let lateCount = 0;
  const fetched = await mapConcurrently([...wanted], limits.concurrency, async (url) => {
    try {
      return { url, proposals: generateSchemas(url, readPage(await fetchText(url, pageLimits))) };
    } catch (error) {
      if (error instanceof FetchFailure && error.code === 'deadline') lateCount++;
      else errors.addFailure(url, error);
      return null;
    }
  });
  if (lateCount > 0) {
    errors.add({
      url: input.sitemap ?? input.urls[0] ?? '',
      code: 'deadline',
      message: `${lateCount} pages were not scanned within the scan's ${limits.deadlineMs} ms.`,
    });
  }
  const pages = fetched.filter(
    (page): page is { url: string; proposals: GeneratedSchema[] } => page !== null,
  );

  const counts = { created: 0, updated: 0, skipped: 0 };
  const schemas = store.transaction(() => {
    const written: unknown[] = [];
    for (const { url, proposals } of pages) {
      const existing = store.listSchemas({
        url,
        page: 1,
        perPage: 10_000,
        orderby: 'id',
        order: 'asc',
      }).items;
      if (existing.length > 0 && !input.overwrite) {
        counts.skipped++;
        continue;
      }
      for (const proposal of proposals) {
        const fields: SchemaInput = {
          url,
          schema_type: proposal.schema_type,
          schema_name: proposal.schema_name.slice(0, 255),
          schema_data: JSON.stringify(proposal.doc),
          is_active: true,
        };
        const match = existing.find((record) => record.schema_type === proposal.schema_type);
        if (match) counts.updated++;
        else counts.created++;
        if (input.dryRun)
          written.push({ id: match?.id ?? null, ...fields, created_at: null, updated_at: null });
        else written.push(match ? store.updateSchema(match.id, fields) : store.createSchema(fields));
      }
    }
    return written;
  });
  const shown = boundedList(schemas, limits.maxAnswerBytes);
  return {
    body: {
      scanned: pages.length,
      ...counts,
      errors: errors.entries,
      errors_omitted: errors.omitted,
      schemas: shown,
      schemas_omitted: schemas.length - shown.length,
      dry_run: input.dryRun,
    },
  };
}

/** The first items of `list` whose JSON fits in `maxBytes`. */
function boundedList(list: unknown[], maxBytes: number): unknown[] {
  let size = 0;
  const shown: unknown[] = [];
  for (const item of list) {
    size += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (size > maxBytes) break;
    shown.push(item);
  }
  return shown;
}
