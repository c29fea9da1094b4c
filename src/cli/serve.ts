// `astro-schema-manager serve`: the reference server on a port, until SIGINT or SIGTERM.
import { readFileSync } from 'node:fs';
import { createServer, generateApplicationPassword, serverDefaults } from '../server/index.ts';
import type { Capability, SeedFile, UserOption } from '../server/types.ts';
import { type Command, UsageError } from './run.ts';

const capabilities: readonly Capability[] = ['manage_options', 'edit_posts'];

/** `name:password:capability`; the password may hold colons and spaces, not commas. */
export function parseUserSpec(spec: string): UserOption {
  const first = spec.indexOf(':');
  const last = spec.lastIndexOf(':');
  const capability = spec.slice(last + 1) as Capability;
  if (first <= 0 || last === first || !capabilities.includes(capability)) {
    throw new UsageError(
      `--user "${first > 0 ? `${spec.slice(0, first)}:…` : '…'}" must be name:password:capability, ` +
        `with capability ${capabilities.join(' or ')}.`,
    );
  }
  return { name: spec.slice(0, first), password: spec.slice(first + 1, last), capabilities: [capability] };
}

function readSeed(path: string): SeedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--seed ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? error}).`,
    );
  }
  try {
    return JSON.parse(text) as SeedFile;
  } catch (error) {
    throw new UsageError(`--seed ${path}: not JSON (${(error as Error).message}).`);
  }
}

export const command: Command = {
  summary: 'Run the reference server of the API (node:sqlite) until stopped',
  usage: [
    'Usage: astro-schema-manager serve [options]',
    '',
    'Options:',
    '  --port <n>        port to listen on; 0 picks a free one (default 0)',
    '  --host <addr>     interface to listen on (default 127.0.0.1)',
    '  --db <file>       SQLite file, created if missing (default :memory:)',
    '  --seed <file>     JSON file of schemas, meta and social entries, loaded into an empty database',
    '  --site <origin>   origin whose URLs the API accepts; repeatable (default https://example.com)',
    '  --user <spec>     name:password:capability (manage_options or edit_posts); repeatable or',
    '                    comma-separated. Without any, an admin with a random password is created.',
    '  --prefix <path>   route prefix (default /wp-json/schemafy/v1)',
    '  --public-reads    answer GET /schemas/{id} without credentials',
    '  --rate-limit <n>  answer 429 rate_limited (with Retry-After) past n requests per second per client',
  ].join('\n'),
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: serverDefaults.host },
    db: { type: 'string', default: serverDefaults.db },
    seed: { type: 'string' },
    site: { type: 'string', multiple: true },
    user: { type: 'string', multiple: true },
    prefix: { type: 'string', default: serverDefaults.prefix },
    'public-reads': { type: 'boolean', default: false },
    'rate-limit': { type: 'string' },
  },
  async run({ values }) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`--port "${values.port}" must be an integer from 0 to 65535.`);
    }
    const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
    if (rateLimit !== undefined && (!Number.isInteger(rateLimit) || rateLimit < 1)) {
      throw new UsageError(
        `--rate-limit "${values['rate-limit']}" must be a whole number of requests per second.`,
      );
    }
    const specs = ((values.user as string[] | undefined) ?? []).flatMap((value) => value.split(','));
    const users = specs.filter((spec) => spec.trim() !== '').map(parseUserSpec);
    const generated = users.length === 0;
    if (generated) {
      users.push({
        name: 'admin',
        password: generateApplicationPassword(),
        capabilities: ['manage_options'],
      });
    }
    const server = createServer({
      db: values.db as string,
      host: values.host as string,
      prefix: values.prefix as string,
      site: (values.site as string[] | undefined) ?? serverDefaults.site,
      seed: values.seed ? readSeed(values.seed as string) : undefined,
      users,
      publicSchemaReads: values['public-reads'] as boolean,
      rateLimit: rateLimit === undefined ? undefined : { requests: rateLimit },
    });
    const baseUrl = await server.listen(port);
    const lines = [`Listening on ${baseUrl}`, 'Users:'];
    for (const user of users) {
      // A password given on the command line is never echoed; a generated one is shown this once.
      const secret = generated ? `  password: ${user.password}` : '';
      lines.push(`  ${user.name} (${user.capabilities.join(', ')})${secret}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);

    return new Promise<number>((resolve) => {
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
  },
};
