// Answers of scan, validate and bulk, and the route index that probe reads.
import { z } from 'zod';
import { count, flag, label, listOf, optionalInteger, text } from './wire-fields.ts';
import { schemaDraft } from './wire-records.ts';

const urlError = z.preprocess(
  (v) => (typeof v === 'string' ? { message: v } : v),
  z.object({ url: text.default(null), code: label, message: label }),
);

export const scanResult = z.object({
  scanned: count,
  created: count,
  updated: count,
  skipped: count,
  errors: listOf(urlError).default([]),
  /** Errors past the server's cap, counted only (the reference server lists 50). */
  errors_omitted: count.default(0),
  schemas: listOf(schemaDraft).default([]),
  /** Records written but left out of the answer to bound its size. */
  schemas_omitted: count.default(0),
  /** Whether the scan only proposed (nothing was written); servers that leave it out: see client.scan. */
  dry_run: flag.optional(),
});
export type ScanResult = z.output<typeof scanResult> & { dry_run: boolean };

const issue = z.preprocess(
  (v) => (typeof v === 'string' ? { message: v } : v),
  z.object({ path: z.preprocess((p) => p ?? '$', z.string()), code: label, message: label }),
);

export const remoteValidation = z.object({
  valid: flag,
  errors: listOf(issue).default([]),
  warnings: listOf(issue).default([]),
});
export type RemoteValidation = z.output<typeof remoteValidation>;
export type RemoteIssue = RemoteValidation['errors'][number];

export const bulkResult = z.object({
  action: label,
  dry_run: flag.default(false),
  affected: count,
  items: listOf(z.object({ id: optionalInteger, url: text.default(null), change: label })).default([]),
  errors: listOf(urlError).default([]),
});
export type BulkResult = z.output<typeof bulkResult>;

/** WordPress' namespace index: `{ namespace, routes: { "/ns/v1/schemas": {...}, ... } }`. */
export const routeIndex = z.object({ routes: z.record(z.string(), z.unknown()) });

/** A WordPress error body: `{ code, message, data: { status, params } }`. */
export const wordpressError = z.object({
  code: z.string(),
  message: z.string().default(''),
  data: z.object({ status: optionalInteger.optional(), params: z.unknown().optional() }).loose().nullish(),
});
