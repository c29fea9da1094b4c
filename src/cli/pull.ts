// `astro-schema-manager pull`: the server's schemas, meta and social tags into one JSON file, in the format
// of the reference server's seed file, so `serve --seed` loads a pull and `push` sends it back.
import { readFileSync } from 'node:fs';
import type { MetaTags, SchemaClient, SchemaRecord, SocialTags } from '../client/index.ts';
import { parseSeedFile, type SeedFile, type SeedFileData, SeedFileError } from '../seed-file.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { apiOptions, collect, isNotAllowed, printJson, withClient } from './api-connection.ts';
import { type Command, UsageError } from './command.ts';

export type SchemaFile = SeedFileData;

/**
 * Reads a pull (seed) file, `-` for stdin; a file that cannot be read or has the wrong shape is a usage
 * error naming the entry: `schemas[2].url: expected string`.
 *
 * @example const file = readSchemaFile('schemas.json'); file.schemas.length
 */
export function readSchemaFile(path: string): SchemaFile {
  const value = readJsonFile(path);
  try {
    return parseSeedFile(value, path === '-' ? 'stdin' : path);
  } catch (error) {
    if (error instanceof SeedFileError) throw new UsageError(error.message);
    throw error;
  }
}

/** JSON from a file, or stdin for `-`. */
export function readJsonFile(path: string): unknown {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${(error as Error).message}.`);
  }
}

export function readText(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? error}).`);
  }
}

const byUrl = (a: { url: string }, b: { url: string }) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/** Drops null fields: the file holds what is set, and absent fields stay untouched on `push`. */
function setFields<T extends Record<string, string | null>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as Partial<T>;
}

/**
 * The file written by `pull`: schemas ordered by url then id, data parsed when it parses (raw text
 * otherwise); meta and social entries with only their set fields, empty ones left out.
 *
 * @example toSchemaFile([record], [], []) // { schemas: [{ url, schema_type, schema_name, schema_data: {...}, is_active }], meta: [], social: [] }
 */
export function toSchemaFile(schemas: SchemaRecord[], meta: MetaTags[], social: SocialTags[]): SeedFile {
  return {
    schemas: [...schemas]
      .sort((a, b) => byUrl(a, b) || a.id - b.id)
      .map((record) => ({
        url: record.url,
        schema_type: record.schema_type,
        schema_name: record.schema_name,
        schema_data: record.data !== null ? (record.data as Record<string, unknown>) : record.schema_data,
        is_active: record.is_active,
      })),
    meta: [...meta]
      .sort(byUrl)
      .map(({ url, ...fields }) => ({ url, ...setFields(fields) }))
      .filter((entry) => Object.keys(entry).length > 1),
    social: [...social]
      .sort(byUrl)
      .map(({ url, og, twitter }) => {
        const entry: NonNullable<SeedFile['social']>[number] = { url };
        if (Object.keys(setFields(og)).length > 0) entry.og = setFields(og);
        if (Object.keys(setFields(twitter)).length > 0) entry.twitter = setFields(twitter);
        return entry;
      })
      .filter((entry) => entry.og || entry.twitter),
  };
}

/** Every item of a tag listing, or null when the credentials may not read it (the caller notes the skip). */
async function readTags<T>(list: () => AsyncIterable<T>): Promise<T[] | null> {
  try {
    return await collect(list());
  } catch (error) {
    if (isNotAllowed(error)) return null;
    throw error;
  }
}

async function pullFrom(client: SchemaClient, urls: string[], type: string | undefined) {
  const queries = urls.length > 0 ? urls.map((url) => ({ url, schema_type: type })) : [{ schema_type: type }];
  const seen = new Map<number, SchemaRecord>();
  for (const query of queries) {
    for (const record of await collect(client.schemas.listAll(query))) seen.set(record.id, record);
  }
  const schemas = [...seen.values()];
  const [meta, social] = await Promise.all([
    readTags(() => client.meta.listAll()),
    readTags(() => client.social.listAll()),
  ]);
  // With a filter, tags follow the selection: the named URLs, or the URLs of the schemas pulled.
  const filtered = urls.length > 0 || type !== undefined;
  const keep = new Set(urls.length > 0 ? urls : schemas.map((record) => record.url));
  const select = <T extends { url: string }>(items: T[] | null) =>
    items === null ? null : filtered ? items.filter((item) => keep.has(item.url)) : items;
  return { schemas, meta: select(meta), social: select(social) };
}

export const command: Command = {
  summary: 'Write every schema, meta and social entry of the API into one JSON file',
  description: `Reads every schema (and the meta and social tags, when the user may read them: manage_options) and
writes one JSON file { schemas, meta, social } in the format of \`serve --seed\`, ordered by url then id.
Schema data is written as JSON when it parses, as the stored text otherwise. With --url or --type, meta and
social entries are kept for the selected URLs only.`,
  options: [
    { flags: '--out <file>', description: 'file to write, - for stdout', default: 'schemas.json' },
    {
      flags: '--url <page url>',
      description: 'only the schemas of this page; repeatable (default: all)',
      multiple: true,
    },
    { flags: '--type <schema_type>', description: 'only schemas of this type, e.g. Article (default: all)' },
    { flags: '--json', description: 'print the summary as JSON', default: false },
    ...apiOptions,
  ],
  epilog: 'Exit codes: 0 written; 1 the API failed; 2 usage error.',
  async run({ values }) {
    const out = values.out as string;
    const urls = (values.url as string[] | undefined) ?? [];
    const pulled = await withClient(values, (client) =>
      pullFrom(client, urls, values.type as string | undefined),
    );
    const file = toSchemaFile(pulled.schemas, pulled.meta ?? [], pulled.social ?? []);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    if (out === '-') process.stdout.write(text);
    else await writeFileAtomically(out, text);
    const skipped = [pulled.meta === null && 'meta', pulled.social === null && 'social'].filter(Boolean);
    const summary = {
      file: out,
      schemas: file.schemas?.length ?? 0,
      meta: file.meta?.length ?? 0,
      social: file.social?.length ?? 0,
      skipped,
    };
    // With --out -, stdout holds the file: the summary goes to stderr.
    const report =
      out === '-'
        ? (text: string) => process.stderr.write(text)
        : (text: string) => process.stdout.write(text);
    if (values.json && out !== '-') printJson(summary);
    else {
      report(
        `Wrote ${summary.schemas} schema(s), ${summary.meta} meta and ${summary.social} social entr${summary.social === 1 ? 'y' : 'ies'} to ${out === '-' ? 'stdout' : out}.\n`,
      );
    }
    for (const kind of skipped) {
      process.stderr.write(`Skipped ${kind}: the user may not read it (needs manage_options).\n`);
    }
    return 0;
  },
};
