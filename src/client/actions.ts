// Site-wide actions: scan pages into schemas, validate a document remotely, bulk repairs.
import type { CallOptions } from './listing.ts';
import { parseAnswer } from './parse-answer.ts';
import type { Transport } from './transport.ts';
import {
  type BulkResult,
  bulkResult,
  type RemoteValidation,
  remoteValidation,
  type ScanResult,
  scanResult,
} from './wire-results.ts';

export interface ScanBody {
  urls?: string[];
  /** Absolute URL of a sitemap.xml. */
  sitemap?: string;
  dry_run?: boolean;
  overwrite?: boolean;
}

export type ValidateBody = { schema_data: string | object } | { id: number } | { url: string };

export type BulkAction = 'fix' | 'cleanup' | 'duplicates';
export interface BulkOptions {
  dry_run?: boolean;
  ids?: number[];
}

/** Builds `client.scan`, `client.validate` and `client.bulk`. */
export function actionOperations(transport: Transport) {
  return {
    async scan(body: ScanBody, options?: CallOptions): Promise<ScanResult> {
      const answer = await transport.call({
        operation: 'scan',
        method: 'POST',
        path: '/scan',
        body,
        signal: options?.signal,
      });
      const result = parseAnswer(scanResult, answer, 'scan', 'POST');
      // The published contract's answer has no dry_run: what was asked is what was done.
      return { ...result, dry_run: result.dry_run ?? body.dry_run === true };
    },
    async validate(body: ValidateBody, options?: CallOptions): Promise<RemoteValidation> {
      const call = {
        operation: 'validate',
        method: 'POST',
        path: '/validate',
        body,
        signal: options?.signal,
      } as const;
      return parseAnswer(remoteValidation, await transport.call(call), 'validate', 'POST');
    },
    async bulk(
      action: BulkAction,
      bulkOptions: BulkOptions = {},
      options?: CallOptions,
    ): Promise<BulkResult> {
      const body = { ...bulkOptions, action };
      const answer = await transport.call({
        operation: 'bulk',
        method: 'POST',
        path: '/bulk',
        body,
        signal: options?.signal,
      });
      return parseAnswer(bulkResult, answer, 'bulk', 'POST');
    },
  };
}
