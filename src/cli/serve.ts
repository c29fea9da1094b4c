// `astro-schema-manager serve`: the reference server on a port, until SIGINT or SIGTERM.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suggestName } from '../did-you-mean.ts';
import { fileProblemOf } from '../file-problems.ts';
import { plural } from '../plural.ts';
import { SeedFileError } from '../seed-file.ts';
import { createServer, generateApplicationPassword, serverDefaults } from '../server/index.ts';
import type { Capability, UserOption } from '../server/types.ts';
import { cliEnv } from './api-connection.ts';
import { type Command, InputError, UsageError } from './command.ts';
import { readSchemaFile } from './pull.ts';
import { inputFileProblem, readInputText } from './read-input.ts';

const capabilities: readonly Capability[] = ['manage_options', 'edit_posts'];

/** Where `serve` reads its users: a file (`--users`) or this variable, never the command line. */
export const USERS_ENV = 'SCHEMA_MANAGER_SERVE_USERS';

/** `name:password:capability`; the password may hold colons and spaces. `where` names the line or variable. */
export function parseUserSpec(spec: string, where: string): UserOption {
  const first = spec.indexOf(':');
  const last = spec.lastIndexOf(':');
  const capability = spec.slice(last + 1).trim() as Capability;
  if (first > 0 && last !== first && !capabilities.includes(capability)) {
    const near = suggestName(capability, capabilities);
    throw new UsageError(
      `${where}: user "${spec.slice(0, first).trim()}" has the capability "${capability}", which is none of ${capabilities.join(' or ')}${near ? ` (did you mean ${near}?)` : ''}.`,
    );
  }
  if (first <= 0 || last === first) {
    throw new UsageError(
      `${where}: "${first > 0 ? `${spec.slice(0, first)}:…` : '…'}" must be name:password:capability, ` +
        `with capability ${capabilities.join(' or ')}.`,
    );
  }
  const name = spec.slice(0, first).trim();
  const password = spec.slice(first + 1, last);
  // `"admin:$ADMIN_PASSWORD:manage_options"` with the variable unset: a user anyone could log in as.
  if (password.trim() === '')
    throw new UsageError(
      `${where}: user "${name}" has an empty password (is the variable meant to hold it set?).`,
    );
  return { name, password, capabilities: [capability] };
}

/** Users from a file (one spec a line; blank lines and `#` comments skipped) or from the environment. */
export function readUsers(file: string | undefined, env: NodeJS.ProcessEnv): UserOption[] {
  if (file !== undefined) {
    const problem = inputFileProblem(file);
    if (problem) {
      // A user written in place of the file holds a password: it is not repeated in the message.
      if (/^[^:/\\]+:.*:/.test(file) && problem.startsWith('ENOENT'))
        throw new UsageError(
          '--users takes a file with one user a line (name:password:capability), not a user; put the line in a file, or in SCHEMA_MANAGER_SERVE_USERS.',
        );
      throw new UsageError(`--users ${file}: cannot read it (${problem}).`);
    }
    const text = readInputText(file);
    return oneEach(
      text
        .split(/\r?\n/)
        .flatMap((line, index) =>
          line.trim() === '' || line.trimStart().startsWith('#')
            ? []
            : [{ user: parseUserSpec(line, `${file}:${index + 1}`), where: `${file}:${index + 1}` }],
        ),
    );
  }
  const specs = (env[USERS_ENV] ?? '').split(/[\n,]/).filter((spec) => spec.trim() !== '');
  return oneEach(
    specs.map((spec, index) => {
      const where = `${USERS_ENV} entry ${index + 1}`;
      return { user: parseUserSpec(spec, where), where };
    }),
  );
}

/** The users, each name once: a second line for a name would leave which password holds to chance. */
function oneEach(users: Array<{ user: UserOption; where: string }>): UserOption[] {
  const first = new Map<string, string>();
  for (const { user, where } of users) {
    const earlier = first.get(user.name);
    if (earlier !== undefined)
      throw new UsageError(
        `${where}: user "${user.name}" is given at ${earlier} too; keep one line per user.`,
      );
    first.set(user.name, where);
  }
  return users.map(({ user }) => user);
}

/** The origins of a seed's page URLs, in the order they first appear. */
function originsOf(seed: {
  schemas: Array<{ url: string }>;
  meta: Array<{ url: string }>;
  social: Array<{ url: string }>;
}): string[] {
  const origins = new Set<string>();
  for (const { url } of [...seed.schemas, ...seed.meta, ...seed.social]) {
    const parsed = URL.parse(url);
    if (parsed && /^https?:$/.test(parsed.protocol)) origins.add(parsed.origin);
  }
  return [...origins];
}

/**
 * Makes the --db file's folder where it is missing, as pull --out and the build's report make theirs; a folder
 * named in its place is a mistake in the call. SQLite alone says only "unable to open database file" for both.
 */
function prepareDatabaseFile(db: string): void {
  if (db === ':memory:') return;
  let isFolder: boolean;
  try {
    isFolder = statSync(db, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch (error) {
    throw new UsageError(`--db ${db}: cannot use it: ${fileProblemOf(error)}.`);
  }
  if (isFolder)
    throw new UsageError(
      `--db ${db} is a folder: name the SQLite file, e.g. --db ${join(db, 'schemas.sqlite')}.`,
    );
  try {
    mkdirSync(dirname(db), { recursive: true });
  } catch (error) {
    throw new UsageError(`--db ${db}: cannot make its folder ${dirname(db)}: ${fileProblemOf(error)}.`);
  }
}

/** Errors of listening on --host that mean the address is not this machine's. */
const NOT_AN_ADDRESS_HERE = new Set(['ENOTFOUND', 'EADDRNOTAVAIL', 'EAI_AGAIN', 'EAI_FAIL']);

export const command: Command = {
  summary: 'Run the reference server of the API (node:sqlite) until stopped',
  options: [
    {
      flags: '--port <n>',
      description: 'port to listen on; 0 picks a free one',
      default: 0,
      integer: { min: 0, max: 65535 },
    },
    { flags: '--host <addr>', description: 'interface to listen on', default: serverDefaults.host },
    {
      flags: '--db <file>',
      description: 'SQLite file, created (and its folder) if missing',
      default: serverDefaults.db,
    },
    {
      flags: '--seed <file>',
      description: 'JSON file of schemas, meta and social entries, loaded into an empty database',
    },
    {
      flags: '--site <origin>',
      description:
        "origin whose URLs the API accepts; repeatable (default: the seed's pages' origins, else https://example.com)",
      multiple: true,
    },
    {
      flags: '--users <file>',
      description: `users, one name:password:capability a line (capability manage_options or edit_posts); default: $${USERS_ENV} (entries separated by commas or newlines), else an admin with a random password`,
    },
    // Refused with the reason: a password on the command line shows in the process list.
    { flags: '--user <spec>', description: 'refused', hidden: true },
    { flags: '--prefix <path>', description: 'route prefix', default: serverDefaults.prefix },
    { flags: '--public-reads', description: 'answer GET /schemas/{id} without credentials', default: false },
    {
      flags: '--rate-limit <n>',
      description: 'answer 429 rate_limited (with Retry-After) past n requests per second per client',
      integer: { min: 1 },
    },
  ],
  epilog: `Example: printf 'editor:%s:edit_posts\\n' "$PASSWORD" > users.txt; astro-schema-manager serve --users users.txt
SIGINT and SIGTERM close the server and the database; the exit code is then 0.`,
  async run({ values }) {
    if (values.user !== undefined) {
      throw new UsageError(
        `--user is not accepted (its password would show in the process list); put the users in a file for --users, or in $${USERS_ENV}.`,
      );
    }
    const port = values.port as number;
    const rateLimit = values['rate-limit'] as number | undefined;
    const users = readUsers(values.users as string | undefined, cliEnv());
    const generated = users.length === 0;
    if (generated) {
      users.push({
        name: 'admin',
        password: generateApplicationPassword(),
        capabilities: ['manage_options'],
      });
    }
    const seed = values.seed ? readSchemaFile(values.seed as string) : undefined;
    // Mistakes in the call, said as such (exit 2) before the server is made.
    if (!(values.prefix as string).startsWith('/'))
      throw new UsageError(`--prefix "${values.prefix}" must start with "/" (e.g. /wp-json/schemafy/v1).`);
    for (const site of (values.site as string[] | undefined) ?? []) {
      if (!URL.canParse(site) || !/^https?:$/.test(new URL(site).protocol))
        throw new UsageError(`--site "${site}" must be an http(s) origin, e.g. https://www.example.com.`);
    }
    // Without --site, a seed's own pages say which site it serves: the README's seed, of www.example.com,
    // loads as it is.
    const seedSites = values.site === undefined && seed ? originsOf(seed) : [];
    const sites =
      (values.site as string[] | undefined) ?? (seedSites.length > 0 ? seedSites : serverDefaults.site);
    prepareDatabaseFile(values.db as string);
    let server: ReturnType<typeof createServer>;
    try {
      server = createServer({
        db: values.db as string,
        host: values.host as string,
        prefix: values.prefix as string,
        site: sites,
        seed,
        users,
        publicSchemaReads: values['public-reads'] as boolean,
        rateLimit: rateLimit === undefined ? undefined : { requests: rateLimit },
      });
    } catch (error) {
      // An entry the API's own checks refuse is a mistake in the file, named by entry.
      if (error instanceof SeedFileError) {
        const accepted = new Set([sites].flat().map((site) => new URL(site).origin));
        const others = seed ? originsOf(seed).filter((origin) => !accepted.has(origin)) : [];
        const hint =
          others.length > 0
            ? `\nTo serve the seed's pages, add ${others.map((origin) => `--site ${origin}`).join(' ')}.`
            : '';
        throw new InputError(`--seed ${values.seed}: ${error.message}${hint}`);
      }
      // A file that is not SQLite's, or one this user may not open: named, as SQLite's words do not.
      if ((error as { code?: unknown }).code === 'ERR_SQLITE_ERROR')
        throw new InputError(`--db ${values.db}: ${(error as Error).message} (SQLite).`);
      throw error;
    }
    const baseUrl = await server.listen(port).catch(async (error: NodeJS.ErrnoException) => {
      await server.close();
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES')
        throw new Error(
          `${values.host}:${port} ${error.code === 'EADDRINUSE' ? 'is in use (another server, or another serve)' : 'may not be opened by this user'} (${error.code}): choose another port with --port, or --port 0 for a free one.`,
        );
      if (error.code !== undefined && NOT_AN_ADDRESS_HERE.has(error.code))
        throw new UsageError(
          `--host ${values.host} is no address of this machine (${error.code}): use 127.0.0.1 for this machine alone, or 0.0.0.0 for every interface.`,
        );
      throw error;
    });
    const lines = [`Listening on ${baseUrl}`];
    if (seedSites.length > 0)
      lines.push(`Site: ${seedSites.join(', ')} (the seed's pages; --site names others).`);
    if (seed && server.seeded)
      lines.push(
        `Loaded ${values.seed}: ${plural(seed.schemas.length, 'schema')}, ${plural(seed.meta.length, 'meta entry', 'meta entries')}, ${plural(seed.social.length, 'social entry', 'social entries')}.`,
      );
    else if (seed)
      // An edited seed is not merged into a database that has data: say so, or the edit seems lost.
      lines.push(
        `Not loaded ${values.seed}: ${values.db} holds data already, and a seed goes only into an empty database (remove ${values.db} to start again from the seed).`,
      );
    lines.push('Users:');
    for (const user of users) {
      // A password given on the command line is never echoed; a generated one is shown this once.
      const secret = generated ? `  password: ${user.password}` : '';
      lines.push(`  ${user.name} (${user.capabilities.join(', ')})${secret}`);
    }
    // The signal handlers go in before the server says it is listening: whatever waits for that line and then
    // stops it (a test, a supervisor) gets a clean shutdown, not the default death by signal.
    const stopped = new Promise<number>((resolve) => {
      const stop = (signal: string) => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        process.stdout.write(`Received ${signal}, shutting down.\n`);
        server.close().then(
          () => resolve(0),
          () => resolve(1),
        );
      };
      const onInt = () => stop('SIGINT');
      const onTerm = () => stop('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
    });
    process.stdout.write(`${lines.join('\n')}\n`);
    return stopped;
  },
};
