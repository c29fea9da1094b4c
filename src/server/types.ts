// Shapes the server sends and accepts, as fixed by the API contract.
import {
  META_FIELDS,
  type MetaField,
  OG_FIELDS,
  type OgField,
  TWITTER_FIELDS,
  type TwitterField,
} from '../contract-fields.ts';

import type { SeedFile } from '../seed-file.ts';
import type { RateLimit } from './rate-limit.ts';
import type { ScanLimits } from './scan/limits.ts';

export type Capability = 'manage_options' | 'edit_posts';

export interface UserOption {
  name: string;
  /** Application password; spaces are ignored when comparing, as WordPress does. */
  password: string;
  capabilities: Capability[];
}

export type { SeedFile } from '../seed-file.ts';

export interface ServerOptions {
  /** SQLite file path, or ':memory:' (default). */
  db?: string;
  /** Origin(s) whose URLs the API accepts; default 'https://example.com'. */
  site?: string | string[];
  /** Route prefix; default '/wp-json/schemafy/v1'. */
  prefix?: string;
  users?: UserOption[];
  /** Loaded on start, in one transaction. */
  seed?: SeedFile;
  /** Answer GET /schemas/{id} without credentials; default false. */
  publicSchemaReads?: boolean;
  /** Largest request body accepted; default 256 KiB (larger: 413). */
  maxBodyBytes?: number;
  /** Open connections at most; one more is closed at once, so idle sockets cannot use up the process's files. Default 1024. */
  maxConnections?: number;
  /** Interface to listen on; default '127.0.0.1'. */
  host?: string;
  /** Answer 429 `rate_limited` with `Retry-After` past this many requests per client; default none. */
  rateLimit?: RateLimit;
  /** Bounds of one `POST /scan` (see `scanDefaults`); each a positive integer. */
  scan?: Partial<ScanLimits>;
  /**
   * Told of each unexpected failure (the caller gets a 500 without its text); default: printed to stderr.
   */
  onError?: (error: unknown) => void;
}

export interface SchemaRecord {
  id: number;
  url: string;
  schema_type: string;
  schema_name: string;
  schema_data: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export type SchemaInput = Pick<
  SchemaRecord,
  'url' | 'schema_type' | 'schema_name' | 'schema_data' | 'is_active'
>;

export type { MetaField, OgField, TwitterField };
export { META_FIELDS as metaFields, OG_FIELDS as ogFields, TWITTER_FIELDS as twitterFields };
export type MetaTags = { url: string } & Record<MetaField, string | null>;

export interface SocialTags {
  url: string;
  og: Record<OgField, string | null>;
  twitter: Record<TwitterField, string | null>;
}
