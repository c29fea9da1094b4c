import { z } from 'zod';
import { createClient, type SchemaClient } from '../client/index.ts';
import { splitApiCredentials } from './api-credentials.ts';
import { userAgent } from './user-agent.ts';

/** Which requests the build makes: whole-index list reads, per-page reads, or whichever the credentials allow. */
export const STRATEGIES = ['auto', 'index', 'per-page'] as const;

const pathPrefix = z.string().startsWith('/', 'must start with "/"');

/** The integration's options, one zod schema: defaults live here and nowhere else. */
export const optionsSchema = z
  .object({
    /** `{base_url}` of the Schema Management API, e.g. `https://cms.example.com/wp-json/schemafy/v1`. */
    api: z
      .url({
        protocol: /^https?$/,
        error: 'must be an absolute http(s) URL such as https://cms.example.com/wp-json/schemafy/v1',
      })
      .optional(),
    /** Application-password user; defaults to the SCHEMA_MANAGER_USER environment variable. */
    username: z.string().min(1).optional(),
    /** Application password; defaults to the SCHEMA_MANAGER_PASSWORD environment variable. */
    password: z.string().min(1).optional(),
    /** Maps a page's public URL to the URL the CMS knows it by. Default: the public URL itself. */
    cmsUrl: z
      .custom<(pageUrl: string) => string>(
        (value) => typeof value === 'function',
        'must be a function (pageUrl) => string',
      )
      .optional(),
    strategy: z.enum(STRATEGIES).default('auto'),
    /** Requests in flight at once. */
    concurrency: z.number().int().min(1).max(64).default(8),
    timeoutMs: z.number().int().positive().default(30_000),
    retries: z.number().int().min(0).max(10).default(3),
    /** What an invalid schema does to the build. */
    validate: z.enum(['error', 'warn', 'off']).default('error'),
    /** Google's rich-result rules on top of the Schema.org vocabulary. */
    rules: z.array(z.enum(['schema.org', 'google'])).default(['schema.org', 'google']),
    /** Severity per validator issue code, e.g. `{ google_recommended_missing: 'info' }`; `'off'` drops it. */
    severity: z.record(z.string(), z.enum(['error', 'warning', 'info', 'off'])).default({}),
    /** Also ask the API's own POST /validate for each schema. */
    remoteValidate: z.boolean().default(false),
    /** A page whose data could not be fetched after retries fails the build, or ships unchanged with a warning. */
    onFetchError: z.enum(['fail', 'warn']).default('fail'),
    /** Who wins when the page already has a title, description, canonical or social tag of its own. */
    onConflict: z.enum(['api', 'page']).default('api'),
    /** One `@graph` script per page instead of one script per schema. */
    graph: z.boolean().default(false),
    /** Rewrite URLs on the CMS's origin (in JSON-LD, canonical, og:url) to the site's. */
    rewriteUrls: z.boolean().default(true),
    /** CMS paths that stay on the CMS when URLs are rewritten (media). */
    keepPathPrefixes: z.array(pathPrefix).default(['/wp-content/']),
    /** Pages to leave alone, by pathname prefix after `base` (e.g. `/drafts/`). */
    exclude: z.array(pathPrefix).default([]),
    /** Write the whole result as JSON to this path (relative to the project root). */
    report: z.string().min(1).optional(),
    /** Rewrite heads of pages served by `astro dev`. */
    dev: z.boolean().default(true),
    /** Rewrite heads of on-demand (server-rendered) pages at request time. */
    onDemand: z.boolean().default(true),
    /** Seconds between progress lines in the build log. */
    progressIntervalSeconds: z.number().positive().default(5),
  })
  .strict();

export type SchemaManagerOptions = z.input<typeof optionsSchema>;
export type ResolvedOptions = z.output<typeof optionsSchema> & { api: string };

/** Option problems as `path: reason` lines, the form Astro users read in the terminal. */
export class OptionsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid astro-schema-manager options:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'OptionsError';
    this.problems = problems;
  }
}

/**
 * Validates options and fills defaults, taking the API address and credentials from the environment when
 * the options leave them out.
 *
 * @example resolveOptions({ api: 'https://cms.example.com/wp-json/schemafy/v1' }, process.env)
 */
export function resolveOptions(input: unknown, env: Record<string, string | undefined>): ResolvedOptions {
  const parsed = optionsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new OptionsError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`),
    );
  }
  const options = parsed.data;
  // An empty variable (a CI secret that is not set) counts as unset.
  const fromEnv = (name: string) => env[name] || undefined;
  const address = options.api ?? fromEnv('SCHEMA_MANAGER_API');
  const source = options.api ? 'api' : 'SCHEMA_MANAGER_API';
  if (!address) {
    throw new OptionsError([
      'api: required. Pass schemaManager({ api: "https://cms.example.com/wp-json/<namespace>/v1" }) or set SCHEMA_MANAGER_API.',
    ]);
  }
  let split: ReturnType<typeof splitApiCredentials>;
  try {
    split = splitApiCredentials(address);
  } catch (error) {
    throw new OptionsError([`api: ${(error as Error).message} (from ${source}).`]);
  }
  const { api } = split;
  // Never echo the address itself here: it may hold credentials.
  if (!/^https?:\/\//.test(api))
    throw new OptionsError([`api: must be an absolute http(s) URL (from ${source}).`]);
  const inline = split.username !== undefined;
  if (inline && (options.username || options.password)) {
    throw new OptionsError([
      `api: holds user:password@ and the username/password options are set too; keep one (from ${source}).`,
    ]);
  }
  const username = options.username ?? split.username ?? fromEnv('SCHEMA_MANAGER_USER');
  const password = options.password ?? split.password ?? fromEnv('SCHEMA_MANAGER_PASSWORD');
  if (Boolean(username) !== Boolean(password)) {
    throw new OptionsError([
      `${username ? 'password' : 'username'}: missing. Give both SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD (or neither: public reads only).`,
    ]);
  }
  return { ...options, api, username, password };
}

/**
 * A client for the configured API. The credentials are passed apart from the options because the
 * request-time pass of a server build reads them from its own environment, never from the bundle.
 */
export function clientForOptions(
  options: ResolvedOptions,
  credentials: { username?: string | undefined; password?: string | undefined },
): SchemaClient {
  return createClient({
    baseUrl: options.api,
    username: credentials.username,
    password: credentials.password,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    connections: options.concurrency,
    userAgent: userAgent(),
  });
}
