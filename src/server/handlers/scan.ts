import { mapConcurrently } from '../../map-concurrently.ts';
import type { Handler } from '../api.ts';
import { booleanFlag, urlProblem } from '../checks.ts';
import { invalidParams, missingParams } from '../errors.ts';
import { FetchFailure, type FetchLimits, fetchText } from '../scan/fetch-text.ts';
import { type GeneratedSchema, generateSchemas } from '../scan/generate-schemas.ts';
import { readPage } from '../scan/read-page.ts';
import { readSitemap } from '../scan/read-sitemap.ts';
import type { SchemaInput } from '../types.ts';
import { checkBodyFields } from './input.ts';

/** Bounds of one scan: pages in flight, per-fetch limits, and pages per request. */
export const scanLimits = {
  concurrency: 4,
  maxPages: 500,
  maxSitemaps: 20,
  page: { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 } satisfies FetchLimits,
  sitemap: { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024 } satisfies FetchLimits,
};

type ScanError = { url: string; code: string; message: string };

function failure(url: string, error: unknown): ScanError {
  const code = error instanceof FetchFailure ? error.code : 'fetch_failed';
  return { url, code, message: (error as Error).message };
}

/** Page URLs of a sitemap, following one level of sitemap index. */
async function sitemapPages(sitemap: string, errors: ScanError[]): Promise<string[]> {
  const top = readSitemap(await fetchText(sitemap, scanLimits.sitemap));
  const children = top.sitemaps.slice(0, scanLimits.maxSitemaps);
  const nested = await mapConcurrently(children, scanLimits.concurrency, async (child) => {
    try {
      return readSitemap(await fetchText(child, scanLimits.sitemap)).pages;
    } catch (error) {
      errors.push(failure(child, error));
      return [];
    }
  });
  return [...top.pages, ...nested.flat()];
}

function readScanBody(body: Record<string, unknown>, hosts: ReadonlySet<string>) {
  checkBodyFields(body, ['urls', 'sitemap', 'dry_run', 'overwrite']);
  if (body.urls === undefined && body.sitemap === undefined) throw missingParams(['urls', 'sitemap']);
  const problems: Record<string, string> = {};
  const urls: string[] = [];
  if (body.urls !== undefined) {
    if (!Array.isArray(body.urls)) problems.urls = 'must be an array of absolute URLs';
    else if (body.urls.length > scanLimits.maxPages)
      problems.urls = `must hold at most ${scanLimits.maxPages} URLs`;
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
    if (typeof sitemap !== 'string' || !/^https?:\/\//i.test(sitemap) || !URL.canParse(sitemap)) {
      problems.sitemap = 'must be the absolute http(s) URL of a sitemap.xml';
    }
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
 */
export const scan: Handler = async (request, { store, hosts }) => {
  const input = readScanBody(request.body, hosts);
  const errors: ScanError[] = [];
  const wanted = [...input.urls];
  if (input.sitemap) {
    try {
      for (const page of await sitemapPages(input.sitemap, errors)) {
        const problem = urlProblem(page, hosts);
        if (problem) errors.push({ url: page, code: 'off_site', message: `Skipped: the URL ${problem}.` });
        else wanted.push(page);
      }
    } catch (error) {
      errors.push(failure(input.sitemap, error));
    }
  }
  const unique = [...new Set(wanted)];
  for (const url of unique.slice(scanLimits.maxPages)) {
    errors.push({
      url,
      code: 'too_many',
      message: `Only ${scanLimits.maxPages} pages are scanned per request.`,
    });
  }
  const fetched = await mapConcurrently(
    unique.slice(0, scanLimits.maxPages),
    scanLimits.concurrency,
    async (url) => {
      try {
        return { url, proposals: generateSchemas(url, readPage(await fetchText(url, scanLimits.page))) };
      } catch (error) {
        errors.push(failure(url, error));
        return null;
      }
    },
  );
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
  return { body: { scanned: pages.length, ...counts, errors, schemas, dry_run: input.dryRun } };
};
