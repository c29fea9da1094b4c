// The project's .env files, read for this package's variables the way Vite reads them for the site's code:
// Astro leaves them out of process.env while the config and integrations run, where a user would expect
// SCHEMA_MANAGER_PASSWORD in .env to count as it does everywhere else in their project. The CLI reads the same
// files in the directory it runs in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { suggestName } from './did-you-mean.ts';

/** The variables this package reads, and the PUBLIC_ forms it warns about. */
const PREFIXES = ['SCHEMA_MANAGER_', 'PUBLIC_SCHEMA_MANAGER_'];

/**
 * This package's variables from `.env`, `.env.local`, `.env.<mode>` and `.env.<mode>.local` in `dir` (each
 * later file overriding the earlier, as Vite orders them; no mode files when `mode` is null), under `env`'s
 * own values: a variable set in the environment wins, unless it is empty (an empty variable counts as unset
 * everywhere in this package). Files that do not exist are skipped; one that cannot be read is named in
 * `unreadable`.
 *
 * @example const { env } = withEnvFiles(process.env, '/site', 'production');
 */
export function withEnvFiles(
  env: Record<string, string | undefined>,
  dir: string,
  mode: string | null,
): { env: Record<string, string | undefined>; unreadable: string[] } {
  const fromFiles: Record<string, string> = {};
  const unreadable: string[] = [];
  const names =
    mode === null ? ['.env', '.env.local'] : ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`];
  for (const name of names) {
    let text: string;
    try {
      text = readFileSync(join(dir, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        unreadable.push(`${name} (${(error as NodeJS.ErrnoException).code})`);
      continue;
    }
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (value !== undefined && PREFIXES.some((prefix) => key.startsWith(prefix))) fromFiles[key] = value;
    }
  }
  const merged: Record<string, string | undefined> = { ...env };
  for (const [key, value] of Object.entries(fromFiles)) merged[key] = env[key] || value;
  return { env: merged, unreadable };
}

/**
 * Vite's mode for this command, which names the `.env.<mode>` files: `--mode` when given on the command line,
 * else `development` for astro dev and `production` for the rest, as Astro sets it.
 *
 * @example modeOf('build', ['node', 'astro', 'build', '--mode', 'staging']) // 'staging'
 */
export function modeOf(command: string, argv: readonly string[]): string {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--mode' && argv[index + 1]) return argv[index + 1] as string;
    if (arg.startsWith('--mode=')) return arg.slice('--mode='.length);
  }
  return command === 'dev' ? 'development' : 'production';
}

const PREFIX = 'SCHEMA_MANAGER_';
/** Every variable this package reads. */
const KNOWN_VARIABLES = [
  'SCHEMA_MANAGER_API',
  'SCHEMA_MANAGER_USER',
  'SCHEMA_MANAGER_PASSWORD',
  'SCHEMA_MANAGER_SERVE_USERS',
  // The repository's test suite's, set by its developers.
  'SCHEMA_MANAGER_TEST_BROWSER',
];

/** Names other tools use for the same things (`_URL` is no misspelling of `_USER`). */
const ALIASES: Record<string, string> = {
  URL: 'SCHEMA_MANAGER_API',
  API_URL: 'SCHEMA_MANAGER_API',
  BASE_URL: 'SCHEMA_MANAGER_API',
  ENDPOINT: 'SCHEMA_MANAGER_API',
  USERNAME: 'SCHEMA_MANAGER_USER',
  LOGIN: 'SCHEMA_MANAGER_USER',
  PASS: 'SCHEMA_MANAGER_PASSWORD',
  PWD: 'SCHEMA_MANAGER_PASSWORD',
  APP_PASSWORD: 'SCHEMA_MANAGER_PASSWORD',
  APPLICATION_PASSWORD: 'SCHEMA_MANAGER_PASSWORD',
  TOKEN: 'SCHEMA_MANAGER_PASSWORD',
};

/**
 * A line for each SCHEMA_MANAGER_ variable that is set and that this package does not read (a misspelt
 * `SCHEMA_MANAGER_PASS` would otherwise leave the build without credentials, saying only that none were given).
 *
 * @example unknownVariables({ SCHEMA_MANAGER_PASS: 'x' }) // ['SCHEMA_MANAGER_PASS is set, and astro-schema-manager reads no such variable: did you mean SCHEMA_MANAGER_PASSWORD?']
 */
export function unknownVariables(env: Record<string, string | undefined>): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith(PREFIX) && env[name] && !KNOWN_VARIABLES.includes(name))
    .sort()
    .map((name) => {
      // Set against the names' own parts: the shared prefix would make any two look alike.
      const part = name.slice(PREFIX.length);
      const nearPart = suggestName(
        part,
        KNOWN_VARIABLES.map((known) => known.slice(PREFIX.length)),
      );
      const near = ALIASES[part] ?? (nearPart && `${PREFIX}${nearPart}`);
      return `${name} is set, and astro-schema-manager reads no such variable: ${near ? `did you mean ${near}?` : `it reads ${KNOWN_VARIABLES.join(', ')}.`}`;
    });
}
