// How API commands reach a server: `--api` / `--user` flags and SCHEMA_MANAGER_* environment variables turned
// into a client. The password is read from the environment only, so it never shows in `ps` or shell history.
import { ApiError, createClient, type SchemaClient, type SchemaRecord } from '../client/index.ts';
import { unknownVariables, withEnvFiles } from '../env-files.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { astroConfigIn } from './astro-project.ts';
import { type OptionSpec, UsageError } from './command.ts';

export const apiEnv = {
  api: 'SCHEMA_MANAGER_API',
  user: 'SCHEMA_MANAGER_USER',
  password: 'SCHEMA_MANAGER_PASSWORD',
} as const;

/** The options every API command takes; spread into its `options`. */
export const apiOptions: OptionSpec[] = [
  {
    flags: '--api <base url>',
    description: `the API's {base_url}, e.g. https://example.com/wp-json/schemafy/v1 (default: $${apiEnv.api})`,
  },
  {
    flags: '--user <name>',
    description: `WordPress user name (default: $${apiEnv.user}); the application password is read from $${apiEnv.password} only`,
  },
  // Declared only to refuse it with a useful message instead of "unknown option".
  { flags: '--password <password>', description: 'refused', hidden: true },
  { flags: '--timeout <ms>', description: 'per request', default: 30_000, integer: { min: 1 } },
  {
    flags: '--allow-insecure-auth',
    description: 'send credentials over plain http to a host other than this machine',
    default: false,
  },
];

/**
 * The environment with the SCHEMA_MANAGER_ variables of `.env` and `.env.local` in the working directory under
 * it, as `astro build` reads them in the project root; a file that cannot be read is said on stderr.
 */
export function cliEnv(): NodeJS.ProcessEnv {
  const { env, unreadable } = withEnvFiles(process.env, process.cwd(), null);
  for (const file of unreadable)
    process.stderr.write(`Could not read ${file}: its SCHEMA_MANAGER_ variables are not used.\n`);
  for (const line of unknownVariables(env)) process.stderr.write(`${line}\n`);
  return env;
}

/**
 * Builds a client from the flags and the environment.
 *
 * @example
 * const client = connect(values); // --api or SCHEMA_MANAGER_API (environment, then .env), optional credentials
 */
export function connect(values: Record<string, unknown>, env: NodeJS.ProcessEnv = cliEnv()): SchemaClient {
  if (values.password !== undefined) {
    throw new UsageError(
      `--password is not accepted (it would show in the process list and shell history); ` +
        `set ${apiEnv.password} in the environment (or .env) instead.`,
    );
  }
  const flagApi = values.api as string | undefined;
  if (flagApi !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^/@]*:[^/@]*@/i.test(flagApi)) {
    throw new UsageError(
      `--api must not carry a password (user:password@host); set ${apiEnv.password} in the environment (or .env) instead.`,
    );
  }
  const baseUrl = flagApi ?? env[apiEnv.api];
  if (!baseUrl) {
    throw new UsageError(
      `Name the API with --api <base url> or ${apiEnv.api} in the environment or .env (e.g. https://example.com/wp-json/schemafy/v1).${astroConfigNote()}`,
    );
  }
  const username = (values.user as string | undefined) ?? (env[apiEnv.user] || undefined);
  const password = env[apiEnv.password] || undefined;
  if (username !== undefined && password === undefined) {
    throw new UsageError(`User "${username}" given but ${apiEnv.password} is not set.`);
  }
  if (username === undefined && password !== undefined) {
    throw new UsageError(`${apiEnv.password} is set but no user: pass --user <name> or set ${apiEnv.user}.`);
  }
  const timeoutMs = Number(values.timeout ?? 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new UsageError(`--timeout "${values.timeout}" must be a positive whole number of milliseconds.`);
  }
  try {
    return createClient({
      baseUrl,
      username,
      password,
      timeoutMs,
      allowInsecureAuth: values['allow-insecure-auth'] === true,
      userAgent: 'astro-schema-manager-cli',
      optionNames: CLI_OPTION_NAMES,
    });
  } catch (error) {
    // A bad address or refused auth setup is a mistake in the call, not a failure of the server.
    if (error instanceof ApiError)
      throw new UsageError(`${error.serverMessage}.${error.hint ? ` Hint: ${error.hint}.` : ''}`);
    throw error;
  }
}

/**
 * Run in an Astro project, the user has likely given the integration its `api` there, which the CLI cannot read
 * without loading the whole config: say where to put it so that both read it.
 */
function astroConfigNote(): string {
  const config = astroConfigIn(process.cwd());
  if (config === undefined) return '';
  return ` The integration's api option in ${config} is not read here: put the address in .env as ${apiEnv.api}=…, which astro build reads too when api is left out of the config.`;
}

/** The client's settings as this CLI's flags and variables name them, in its messages. */
const CLI_OPTION_NAMES = {
  baseUrl: `--api (or $${apiEnv.api})`,
  timeoutMs: '--timeout',
  totalTimeoutMs: null,
  maxResponseBytes: null,
  credentials: `--user (or $${apiEnv.user}) and $${apiEnv.password}`,
  allowInsecureAuth: '--allow-insecure-auth',
};

/**
 * Runs `work` with a connected client and closes it afterwards, whatever happens.
 *
 * @example
 * return withClient(values, async (client) => { await client.probe(); return 0; });
 */
export async function withClient<T>(
  values: Record<string, unknown>,
  work: (client: SchemaClient) => Promise<T>,
): Promise<T> {
  const client = connect(values);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** Whether an error means the credentials may not do this (so an optional part can be skipped). */
export function isNotAllowed(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Whole positive numbers from repeatable, comma-separable `--id` values. */
export function readIds(values: unknown): number[] {
  const ids = ((values as string[] | undefined) ?? []).flatMap((value) => value.split(','));
  return ids.map((text) => {
    const id = Number(text.trim());
    if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
      throw new UsageError(`--id "${text}" must be a positive whole number.`);
    }
    return id;
  });
}

/** The records of these ids, 8 read at a time; null for an id the API does not hold (404). */
export async function readRecords(
  client: SchemaClient,
  ids: number[],
): Promise<Map<number, SchemaRecord | null>> {
  const unique = [...new Set(ids)];
  const records = await mapConcurrently(unique, 8, (id) =>
    client.schemas.get(id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  );
  return new Map(unique.map((id, index) => [id, records[index]!]));
}

/** Writes a value as indented JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
