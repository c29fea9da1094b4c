// Client options: one zod schema with the defaults, and the checks on auth and addresses.
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { suggestName } from '../did-you-mean.ts';
import { ApiError, CLIENT_ERROR_CODES, type OptionNames, shownUrl } from './errors.ts';
import type { Credentials, TransportSettings } from './transport.ts';
import { isLoopback, redactUrl } from './urls.ts';

const MiB = 1024 * 1024;

/** The largest answer the client reads unless told otherwise (`maxResponseBytes`). */
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * MiB;

/** The client's own option names, as its messages say them by default. */
const CLIENT_OPTION_NAMES: OptionNames = {
  baseUrl: 'baseUrl',
  timeoutMs: 'timeoutMs',
  totalTimeoutMs: 'totalTimeoutMs',
  maxResponseBytes: 'maxResponseBytes',
  credentials: 'the username and application password of createClient',
  allowInsecureAuth: 'allowInsecureAuth: true',
};

export const clientOptionsShape = z
  .object({
    /**
     * `{base_url}` in either WordPress form, `https://site/wp-json/<namespace>/v1` or
     * `https://site/?rest_route=/<namespace>/v1` (`index.php?rest_route=` too), or the site's address alone:
     * the REST root is then discovered from the home page and `namespace` added.
     */
    baseUrl: z.string().min(1),
    /** The API's namespace, used when baseUrl is the site's address. */
    namespace: z
      .string()
      .regex(/^[a-z0-9-_]+\/v\d+$/i, 'must look like "schemafy/v1"')
      .default('schemafy/v1'),
    // Basic auth splits user from password at the first colon: a user name holding one would send another user.
    username: z
      .string()
      .refine(
        (name) => !name.includes(':'),
        'must not contain ":" (Basic auth reads the user name up to the first one)',
      )
      .optional(),
    /** An application password; its spaces may stay. */
    password: z.string().optional(),
    /** Per attempt: waiting for headers, and between body chunks. */
    timeoutMs: z.number().int().positive().default(30_000),
    /** Bound on a call's whole time, retries and waits included. */
    totalTimeoutMs: z.number().int().positive().default(120_000),
    retries: z.number().int().min(0).max(10).default(3),
    /** First backoff step (doubling, jittered). */
    retryDelayMs: z.number().int().min(0).default(500),
    /** Longest single wait; a longer Retry-After ends the call instead. */
    maxRetryDelayMs: z.number().int().min(0).default(30_000),
    /** Connections per origin. */
    connections: z.number().int().positive().default(8),
    userAgent: z.string().default('astro-schema-manager'),
    signal: z.instanceof(AbortSignal).optional(),
    maxResponseBytes: z.number().int().positive().default(DEFAULT_MAX_RESPONSE_BYTES),
    /** Allow Basic auth over plain http to a host other than this machine. */
    allowInsecureAuth: z.boolean().default(false),
    /** A SQLite file for an HTTP cache of list answers (GET), revalidated by ETag/Last-Modified on every use. */
    cacheFile: z.string().min(1).optional(),
    /** A dispatcher to send through instead of the client's own pool (e.g. undici's SnapshotAgent); the caller closes it. */
    dispatcher: z
      .custom<Dispatcher>((value) => typeof (value as Dispatcher | null)?.dispatch === 'function')
      .optional(),
    /** `listAll` stops with a `page_limit` error past this many pages. */
    maxPages: z.number().int().positive().default(1000),
    /**
     * How messages name the settings they advise changing, for a tool that wraps the client (a CLI's `--api`);
     * null for one its users cannot set.
     */
    optionNames: z
      .object({
        baseUrl: z.string(),
        timeoutMs: z.string().nullable(),
        totalTimeoutMs: z.string().nullable(),
        maxResponseBytes: z.string().nullable(),
        credentials: z.string(),
        allowInsecureAuth: z.string().nullable(),
      })
      .strict()
      .partial()
      .transform((names) => ({ ...CLIENT_OPTION_NAMES, ...names }))
      .default(CLIENT_OPTION_NAMES),
  })
  // A mistyped option (`timeout` for `timeoutMs`) would otherwise be ignored without a word.
  .strict();

export type ClientOptions = z.input<typeof clientOptionsShape>;
export type ResolvedOptions = z.output<typeof clientOptionsShape>;

function optionsError(message: string, hint: string, url = ''): ApiError {
  return new ApiError({
    status: null,
    code: CLIENT_ERROR_CODES.invalidOptions,
    serverMessage: message,
    operation: 'createClient',
    method: '-',
    url,
    hint,
  });
}

/**
 * Checks the options and splits them into transport settings and credentials (kept apart so they
 * never travel with the settings). Credentials in the URL (`https://user:pass@site/...`) are accepted.
 */
export function resolveOptions(options: ClientOptions): {
  settings: TransportSettings & { maxPages: number };
  credentials: Credentials | null;
} {
  const parsed = clientOptionsShape.safeParse(options);
  if (!parsed.success) {
    const known = Object.keys(clientOptionsShape.shape);
    const lines = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => {
            const near = suggestName(key, known);
            return ` ${key}  not an option${near ? ` (did you mean ${near}?)` : ''}.`;
          })
        : [` ${issue.path.join('.') || 'options'}  ${issue.message}.`],
    );
    throw optionsError(
      `invalid client options:\n${lines.join('\n')}`,
      'see the client options in the README',
    );
  }
  const o = parsed.data;
  const names = o.optionNames;
  const example = `set ${names.baseUrl} to the API's address, e.g. https://example.com/wp-json/schemafy/v1`;
  let base: URL;
  try {
    base = new URL(o.baseUrl);
  } catch {
    // Not repeated when it may hold a password (`user:pass@host` without a scheme).
    const given = o.baseUrl.includes('@') ? '' : ` "${shownUrl(o.baseUrl)}"`;
    throw optionsError(`${names.baseUrl}${given} is not an absolute URL`, example);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw optionsError(`${names.baseUrl} must be http: or https:`, example);
  }
  const userinfo = (part: 'username' | 'password'): string | undefined => {
    if (!base[part]) return undefined;
    try {
      return decodeURIComponent(base[part]);
    } catch {
      // The text itself is not repeated: it may be the password.
      throw optionsError(
        `the ${part === 'username' ? 'user name' : 'password'} in ${names.baseUrl} holds a "%" that does not start percent-encoding`,
        'write "%" as %25 there, or pass username and password as options',
        redactUrl(base),
      );
    }
  };
  const username = o.username ?? userinfo('username');
  const password = o.password ?? userinfo('password');
  base.hash = '';
  // The query form keeps its query (`?rest_route=/ns/v1`); a path loses its trailing slash.
  const baseUrl = base.search ? redactUrl(base) : redactUrl(base).replace(/\/+$/, '');
  if ((username === undefined) !== (password === undefined)) {
    throw optionsError(
      'username and password go together',
      'pass both, or neither for public reads',
      baseUrl,
    );
  }
  const credentials = username !== undefined && password !== undefined ? { username, password } : null;
  if (credentials && base.protocol === 'http:' && !isLoopback(base.hostname) && !o.allowInsecureAuth) {
    throw new ApiError({
      status: null,
      code: CLIENT_ERROR_CODES.insecureAuth,
      serverMessage: 'refusing to send credentials over plain http to a host that is not this machine',
      operation: 'createClient',
      method: '-',
      url: baseUrl,
      hint: `use https:${names.allowInsecureAuth ? `, or pass ${names.allowInsecureAuth} if the network is trusted` : ''}`,
    });
  }
  const { username: _u, password: _p, ...rest } = o;
  return { settings: { ...rest, baseUrl }, credentials };
}
