import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { ClientOptions } from '../client/options.ts';
import { isLoopback, locateApi } from '../client/urls.ts';
import { suggestName } from '../did-you-mean.ts';
import { FINDING_CODES } from '../finding-codes.ts';
import { decodedPath } from '../url-forms.ts';
import { splitApiCredentials } from './api-credentials.ts';

/** Which requests the build makes: whole-index list reads, per-page reads, or whichever the credentials allow. */
export const STRATEGIES = ['auto', 'index', 'per-page'] as const;

const pathPrefix = z.string().startsWith('/', 'must start with "/"');

/** The integration's options, one zod schema: defaults live here and nowhere else. */
export const optionsSchema = z
  .object({
    /**
     * `{base_url}` of the Schema Management API, e.g. `https://cms.example.com/wp-json/schemafy/v1` or
     * `https://cms.example.com/?rest_route=/schemafy/v1`, or the site's address (`https://cms.example.com`).
     */
    api: z
      .url({
        protocol: /^https?$/,
        error: 'must be an absolute http(s) URL such as https://cms.example.com/wp-json/schemafy/v1',
      })
      .optional(),
    /** The API's namespace, looked up through REST discovery when `api` is only the site's address. */
    namespace: z
      .string()
      .regex(/^[a-z0-9-_]+\/v\d+$/i, 'must look like "schemafy/v1"')
      .default('schemafy/v1'),
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
    /** Severity per validator or audit finding code, e.g. `{ 'google-missing-recommended': 'info' }`; `'off'` drops it. */
    severity: z
      .record(z.string(), z.enum(['error', 'warning', 'info', 'off']))
      // Codes are checked even where a level is wrong too (`{ invalid_value: 'warn' }`): one round of fixes.
      .superRefine(
        (given, context) => {
          if (!given || typeof given !== 'object') return;
          for (const code of Object.keys(given)) {
            if (FINDING_CODES.includes(code)) continue;
            const near = suggestName(code, FINDING_CODES);
            context.addIssue({
              code: 'custom',
              path: [code],
              message: near ? `not a finding code. Did you mean \`${near}\`?` : 'not a finding code.',
              params: {
                hint: near ? `Rename ${code} to ${near}.` : `Finding codes: ${FINDING_CODES.join(', ')}.`,
              },
            });
          }
        },
        { when: () => true },
      )
      .default({}),
    /** Also ask the API's own POST /validate for each schema. */
    remoteValidate: z.boolean().default(false),
    /** A page whose data could not be fetched after retries fails the build, or ships unchanged with a warning. */
    onFetchError: z.enum(['fail', 'warn']).default('fail'),
    /** Who wins when the page already has a title, description, robots, keywords, canonical or social tag of its own. */
    onConflict: z.enum(['api', 'page']).default('api'),
    /**
     * What happens to a JSON-LD script of the page's own (a theme's layout, a component's) that only describes
     * what the CMS's JSON-LD for the page describes too (same @type): kept beside it, or replaced by it (in the
     * head and the body at build time; in the head in dev and on-demand pages, whose body streams).
     */
    jsonLdConflict: z.enum(['keep-both', 'api']).default('keep-both'),
    /** One `@graph` script per page instead of one script per schema. */
    graph: z.boolean().default(false),
    /** Rewrite URLs on the CMS's origin (in JSON-LD, canonical, og:url) to the site's. */
    rewriteUrls: z.boolean().default(true),
    /** CMS paths that stay on the CMS when URLs are rewritten (media). */
    keepPathPrefixes: z.array(pathPrefix).default(['/wp-content/']),
    /** Pages to leave alone, by pathname prefix after `base` (e.g. `/drafts/`). */
    // Pages are named by decoded paths (`/café/`): a prefix written with escapes means the same.
    exclude: z.array(pathPrefix.transform(decodedPath)).default([]),
    /** Write the whole result to this path (relative to the project root): JSON, or one HTML page when it ends in .html. */
    report: z.string().min(1).optional(),
    /** After the pages are written, look across them: shared titles, canonicals and images that lead nowhere... */
    audit: z.boolean().default(true),
    /** In the audit, validate the pages' own JSON-LD (a theme's, a component's) as the CMS's is validated. */
    validatePageJsonLd: z.boolean().default(true),
    /** Social tags the API leaves empty take the API's meta (og:title from the title...), as WordPress SEO plugins do. */
    socialFallback: z.boolean().default(true),
    /** Rewrite heads of pages served by `astro dev`. */
    dev: z.boolean().default(true),
    /** Rewrite heads of on-demand (server-rendered) pages at request time. */
    onDemand: z.boolean().default(true),
    /** At request time (dev, on-demand pages), the longest a page view waits on the API before it is served without it. */
    requestBudgetMs: z.number().int().positive().max(60_000).default(1000),
    /** At request time, how long a page's API answer is reused; 0 turns the cache off (every view asks). */
    requestCacheTtlSeconds: z.number().min(0).default(60),
    /** At request time, how many pages' answers are kept at most. */
    requestCacheMaxPages: z.number().int().min(1).default(1000),
    /**
     * At request time, how many pages the cache holds nothing for are asked of the API per minute at most: past
     * it (a crawler naming random addresses) such a page is served without head data, without asking. No cap
     * unless set: a crawler faster than it would be served real pages without their tags.
     */
    requestNewPagesPerMinute: z.number().int().min(1).optional(),
    /** Send credentials over plain http to a host other than this machine (a CMS on a network you trust). */
    allowInsecureAuth: z.boolean().default(false),
    /**
     * Keep the API's answers between builds under Astro's cacheDir, and revalidate them (ETag/Last-Modified):
     * an unchanged answer then costs a 304 without a body. `false` asks for everything afresh.
     */
    cache: z.boolean().default(true),
    /**
     * Record every API answer the build uses to a file, or build from that file with no API at all.
     * `path` is relative to the project root. The build cache is off in either mode.
     */
    snapshot: z
      .object({ mode: z.enum(['record', 'replay']), path: z.string().min(1) })
      .strict()
      .optional(),
    /** Seconds between progress lines in the build log. */
    progressIntervalSeconds: z.number().positive().default(5),
  })
  .strict();

export type SchemaManagerOptions = z.input<typeof optionsSchema>;
/** `api` is undefined only where no command needs it (astro sync, check, preview, dev with dev: false). */
export type ResolvedOptions = z.output<typeof optionsSchema> & {
  api: string | undefined;
  /** Where the credentials were given, as a hint about refused ones names it ("the user:password@ in …"). */
  credentialsFrom?: string;
};

/** One problem with the options: `path: reason`, and what to change. */
export interface OptionProblem {
  line: string;
  hint?: string;
}

/** Option problems as `path: reason` lines, the form Astro users read in the terminal. */
export class OptionsError extends Error {
  readonly problems: string[];
  readonly hint: string;
  constructor(problems: Array<string | OptionProblem>) {
    const all = problems.map((problem) => (typeof problem === 'string' ? { line: problem } : problem));
    super(`Invalid astro-schema-manager options:\n${all.map(({ line }) => `  ${line}`).join('\n')}`);
    this.name = 'OptionsError';
    this.problems = all.map(({ line }) => line);
    this.hint =
      all.flatMap(({ hint }) => (hint ? [hint] : [])).join(' ') ||
      'See the options table in the astro-schema-manager README.';
  }
}

const API_EXAMPLE = 'https://cms.example.com/wp-json/<namespace>/v1';
const KNOWN_OPTIONS = Object.keys(optionsSchema.shape);

/** A zod issue as `path: reason`; an unknown key gets the nearest option's name. */
function problemOf(issue: z.core.$ZodIssue, input: unknown): OptionProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const near = suggestName(key, KNOWN_OPTIONS);
      return near
        ? { line: `${key}: not an option. Did you mean \`${near}\`?`, hint: `Rename ${key} to ${near}.` }
        : { line: `${key}: not an option.`, hint: `Known options: ${KNOWN_OPTIONS.join(', ')}.` };
    });
  }
  const hint = issue.code === 'custom' ? (issue.params?.hint as string | undefined) : undefined;
  const line = `${issue.path.join('.') || '(options)'}: ${issue.message}`;
  if (issue.code === 'invalid_type') {
    const given = valueAt(input, issue.path);
    // schemaManager('https://cms…'): the address alone, as other integrations take it. Not echoed: it may hold a password.
    if (issue.path.length === 0 && typeof given === 'string')
      return [
        {
          line: '(options): schemaManager() takes an object of options, and was given a string.',
          hint: `Write schemaManager({ api: '${API_EXAMPLE}' }).`,
        },
      ];
    // rules: 'google', exclude: '/drafts/': one item where a list is asked for.
    if (issue.expected === 'array' && typeof given === 'string') {
      const name = issue.path.join('.');
      const list = `[${quoted(given)}]`;
      return [
        { line: `${line}. Did you mean \`${list}\`?`, hint: `Write ${name} as a list: ${name}: ${list}.` },
      ];
    }
  }
  // A near miss of one of the words an option takes (`validate: 'warning'`, as `severity` spells it).
  if (issue.code === 'invalid_value') {
    const given = valueAt(input, issue.path);
    const near =
      typeof given === 'string'
        ? suggestName(
            given,
            issue.values.filter((value) => typeof value === 'string'),
          )
        : null;
    if (near)
      return [
        {
          line: `${line}. Did you mean \`${near}\`?`,
          hint: `Use '${near}' for ${issue.path.join('.')}.`,
        },
      ];
  }
  return [{ line, ...(hint && { hint }) }];
}

/** A string as a JavaScript literal in astro.config: in single quotes, as the README writes them, where it can be. */
function quoted(value: string): string {
  return /['\\\n]/.test(value) ? JSON.stringify(value) : `'${value}'`;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/**
 * Validates options and fills defaults, taking the API address and credentials from the environment when
 * the options leave them out. The address may be missing here; `requireApi` asks for it where it is used.
 *
 * @example resolveOptions({ api: 'https://cms.example.com/wp-json/schemafy/v1' }, process.env)
 */
export function resolveOptions(input: unknown, env: Record<string, string | undefined>): ResolvedOptions {
  const parsed = optionsSchema.safeParse(input ?? {});
  if (!parsed.success)
    throw new OptionsError(parsed.error.issues.flatMap((issue) => problemOf(issue, input)));
  const options = parsed.data;
  // An empty variable (a CI secret that is not set) counts as unset.
  const fromEnv = (name: string) => env[name] || undefined;
  const address = options.api ?? fromEnv('SCHEMA_MANAGER_API');
  const source = options.api ? 'the api option' : 'SCHEMA_MANAGER_API';
  let api: string | undefined;
  let inline: { username: string | undefined; password: string | undefined } = {
    username: undefined,
    password: undefined,
  };
  if (address !== undefined) {
    // The address is never echoed from here on: it may hold user:password@.
    let split: ReturnType<typeof splitApiCredentials>;
    try {
      split = splitApiCredentials(address);
    } catch (error) {
      throw new OptionsError([`api: ${(error as Error).message} (from ${source}).`]);
    }
    api = split.api;
    if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol)) {
      throw new OptionsError([
        {
          line: `api: ${source} is not an absolute http(s) URL.`,
          hint: `Set SCHEMA_MANAGER_API (or the api option) to the API's address, e.g. ${API_EXAMPLE}.`,
        },
      ]);
    }
    if (split.username !== undefined && (options.username || options.password)) {
      throw new OptionsError([
        `api: holds user:password@ and the username/password options are set too; keep one (from ${source}).`,
      ]);
    }
    inline = split;
  }
  const username = options.username ?? inline.username ?? fromEnv('SCHEMA_MANAGER_USER');
  const password = options.password ?? inline.password ?? fromEnv('SCHEMA_MANAGER_PASSWORD');
  if (Boolean(username) !== Boolean(password)) {
    throw new OptionsError([
      `${username ? 'password' : 'username'}: missing. Give both SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD (or neither: public reads only).`,
    ]);
  }
  // Where each came from; both from one place are named once ("the username and password options").
  const sourceOf = (option: unknown, given: unknown, variable: string, what: string) =>
    option !== undefined
      ? `the ${what} option`
      : given !== undefined
        ? `the user:password@ in ${source}`
        : variable;
  const userFrom = sourceOf(options.username, inline.username, 'SCHEMA_MANAGER_USER', 'username');
  const passwordFrom = sourceOf(options.password, inline.password, 'SCHEMA_MANAGER_PASSWORD', 'password');
  const credentialsFrom =
    userFrom === passwordFrom
      ? userFrom
      : userFrom === 'the username option' && passwordFrom === 'the password option'
        ? 'the username and password options'
        : `${userFrom} and ${passwordFrom}`;
  return { ...options, api, username, password, ...(username && { credentialsFrom }) };
}

/**
 * The environment variables that options given in astro.config set aside, where they name another API or user:
 * a CI that sets SCHEMA_MANAGER_API for a config that names `api` itself would reach another server unawares,
 * and the CLI, which reads the variables, another one than the build. Addresses are shown without
 * `user:password@`; passwords are never compared or shown.
 *
 * @example overriddenVariables({ api: 'https://a.example/wp-json/schemafy/v1' }, resolved, { SCHEMA_MANAGER_API: 'https://b.example/wp-json/schemafy/v1' }) // ['SCHEMA_MANAGER_API is set to https://b.example/… and not used: …']
 */
export function overriddenVariables(
  input: unknown,
  options: ResolvedOptions,
  env: Record<string, string | undefined>,
): string[] {
  const given = (input ?? {}) as { api?: unknown; username?: unknown };
  const lines: string[] = [];
  const variable = env.SCHEMA_MANAGER_API || undefined;
  if (typeof given.api === 'string' && variable !== undefined && options.api !== undefined) {
    let other: string | null;
    try {
      other = splitApiCredentials(variable).api;
    } catch {
      other = null;
    }
    if (other === null || !sameApi(other, options.api, options.namespace))
      lines.push(
        `SCHEMA_MANAGER_API is set${other === null ? '' : ` to ${other}`} and not used: the api option in astro.config names ${options.api}, which wins. The CLI (pull, push) reads the variable. To let the environment choose, write api: process.env.SCHEMA_MANAGER_API, or remove one of the two.`,
      );
  }
  const user = env.SCHEMA_MANAGER_USER || undefined;
  if (typeof given.username === 'string' && user !== undefined && user !== given.username)
    lines.push(
      'SCHEMA_MANAGER_USER is set and not used: the username option in astro.config names another user, which wins. Keep credentials in the environment only.',
    );
  return lines;
}

/**
 * Whether two addresses name one API: the same site and namespace, whichever form each is written in (the
 * site's address alone, which finds the namespace by discovery, `/wp-json/…`, `?rest_route=…`), trailing
 * slashes apart.
 *
 * @example sameApi('https://a.dev', 'https://a.dev/wp-json/schemafy/v1', 'schemafy/v1') // true
 */
function sameApi(a: string, b: string, namespace: string): boolean {
  const named = (address: string) => {
    let location: ReturnType<typeof locateApi>;
    try {
      location = locateApi(address);
    } catch {
      return address.replace(/\/+$/, '');
    }
    const site = location ? location.plainEntry.replace(/\/index\.php$/, '') : address.replace(/\/+$/, '');
    return `${site} ${(location?.route ?? `/${namespace}`).replace(/\/+$/, '')}`;
  };
  return named(a) === named(b);
}

/** The API address, for the commands that talk to the API; a clear error where it is missing. */
export function requireApi(options: ResolvedOptions): string {
  if (options.api) return options.api;
  throw new OptionsError([
    {
      line: 'api: required to build pages (and to add heads in astro dev).',
      hint: `Pass schemaManager({ api: "${API_EXAMPLE}" }) or set SCHEMA_MANAGER_API. astro sync, check and preview, and astro dev with dev: false, run without it.`,
    },
  ]);
}

/**
 * Mistakes that would fail every page, found before anything is fetched: credentials over plain http to
 * another machine, and `strategy: 'index'` (list reads) without credentials.
 */
export function startupProblems(options: ResolvedOptions): OptionProblem[] {
  const problems: OptionProblem[] = [];
  const hasCredentials = options.username !== undefined;
  if (options.api && hasCredentials && !options.allowInsecureAuth) {
    const url = new URL(options.api);
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      problems.push({
        line: `api: credentials would travel in clear text over plain http to ${url.host}.`,
        hint: `Use the https:// address of the CMS in api, or, for a CMS on a network you trust, schemaManager({ allowInsecureAuth: true }).`,
      });
    }
  }
  if (options.strategy === 'index' && !hasCredentials) {
    problems.push({
      line: "strategy: 'index' reads GET /schemas, which needs a user with edit_posts, and no credentials are set.",
      hint: "Set SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD, or use strategy: 'auto'.",
    });
  }
  return problems;
}

/**
 * What a client for the configured API is made with. The credentials are passed apart from the options because
 * the request-time pass of a server build reads them from its own environment, never from the bundle; the
 * User-Agent because a bundled server cannot read this package's version.
 */
export function clientOptionsFor(
  options: ResolvedOptions,
  credentials: { username?: string | undefined; password?: string | undefined },
  transport: { userAgent: string; cacheFile?: string | undefined; dispatcher?: Dispatcher | undefined },
): ClientOptions {
  return {
    baseUrl: requireApi(options),
    namespace: options.namespace,
    username: credentials.username,
    password: credentials.password,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    connections: options.concurrency,
    userAgent: transport.userAgent,
    allowInsecureAuth: options.allowInsecureAuth,
    cacheFile: transport.cacheFile,
    dispatcher: transport.dispatcher,
    optionNames: {
      baseUrl: 'the api option (or SCHEMA_MANAGER_API)',
      timeoutMs: 'schemaManager({ timeoutMs })',
      totalTimeoutMs: null,
      maxResponseBytes: null,
      credentials: options.credentialsFrom ?? 'SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD',
      allowInsecureAuth: 'schemaManager({ allowInsecureAuth: true })',
    },
  };
}
