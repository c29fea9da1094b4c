// `astro-schema-manager pull`: the server's schemas, meta and social tags into a directory of page files (for
// review in git) or one JSON file in the format of the reference server's seed file, so `serve --seed` loads a
// pull and `push` sends either back. `--check` compares instead of writing (pull-check.ts).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { MetaTags, Page, SchemaClient, SchemaRecord, SocialTags } from '../client/index.ts';
import { listPageInPieces } from '../client/paging.ts';
import { itemsOf, openList } from '../list-pages.ts';
import { parseLossless } from '../lossless-json.ts';
import { mapConcurrently } from '../map-concurrently.ts';
import { plural } from '../plural.ts';
import { parseSeedFile, type SeedFileData, SeedFileError, type Selection } from '../seed-file.ts';
import { spellingsOf, urlIdentity } from '../url-forms.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { apiOptions, isNotAllowed, printJson, withClient } from './api-connection.ts';
import { type Command, InputError, UsageError } from './command.ts';
import { type Progress, startProgress } from './progress.ts';
import { checkTarget } from './pull-check.ts';
import { readInputText } from './read-input.ts';
import { fromPageFiles, toPageFiles } from './seo-directory.ts';
import {
  readDirectorySelection,
  readPageFileTree,
  recordDirectorySelection,
  type Target,
  targetOf,
  writePageFileTree,
} from './seo-files.ts';

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
    if (error instanceof SeedFileError) throw new InputError(error.message);
    throw error;
  }
}

/** JSON from a file, or stdin for `-`. */
export function readJsonFile(path: string): unknown {
  const text = readInputText(path);
  try {
    return parseLossless(text);
  } catch (error) {
    throw new InputError(`${path} is not JSON: ${(error as Error).message}.`);
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
export function toSchemaFile(schemas: SchemaRecord[], meta: MetaTags[], social: SocialTags[]): SchemaFile {
  return {
    schemas: [...schemas]
      .sort((a, b) => byUrl(a, b) || a.id - b.id)
      .map((record) => ({
        url: record.url,
        schema_type: record.schema_type,
        schema_name: record.schema_name,
        // From its text, so a number with more digits than a double keeps is written as the CMS holds it.
        schema_data:
          record.data !== null
            ? (parseLossless(record.schema_data) as Record<string, unknown>)
            : record.schema_data,
        is_active: record.is_active,
      })),
    meta: [...meta]
      .sort(byUrl)
      .map(({ url, ...fields }) => ({ url, ...setFields(fields) }))
      .filter((entry) => Object.keys(entry).length > 1),
    social: [...social]
      .sort(byUrl)
      .map(({ url, og, twitter }) => {
        const entry: SchemaFile['social'][number] = { url };
        if (Object.keys(setFields(og)).length > 0) entry.og = setFields(og);
        if (Object.keys(setFields(twitter)).length > 0) entry.twitter = setFields(twitter);
        return entry;
      })
      .filter((entry) => entry.og || entry.twitter),
  };
}

// Two pages of 100 read in well under a second: no progress for less.
const SHOW_READS_FROM = 200;

const PER_PAGE = 100;
// List pages in flight at once, over the lists together: a pull of 10,000 records reads as the build's index does.
const READ_CONCURRENCY = 8;

/** A paginated route of the client: its pages, or all its items from one page on. */
interface Lister<T, Q> {
  list(query: Q): Promise<Page<T>>;
  listAll(query: Q): AsyncIterable<T>;
}

/**
 * A list opened at its first page, every page read counted on `count`; null when the credentials may not read
 * it and `optional` (meta and social: the caller notes the skip).
 */
async function openCounted<T, Q extends object>(
  lister: Lister<T, Q & { page?: number; per_page?: number }>,
  query: Q,
  count: (items: number) => void,
  optional: boolean,
) {
  const listPage = async (page: number) => {
    // A page whose answer is over the client's size cap is read in smaller pieces.
    const answer = await listPageInPieces(
      (at, perPage) => lister.list({ ...query, per_page: perPage, page: at }),
      page,
      PER_PAGE,
    );
    count(answer.items.length);
    return answer;
  };
  async function* listAll(page: number): AsyncGenerator<T> {
    for await (const item of lister.listAll({ ...query, per_page: PER_PAGE, page })) {
      count(1);
      yield item;
    }
  }
  try {
    return openList(await listPage(1), listPage, listAll);
  } catch (error) {
    if (optional && isNotAllowed(error)) return null;
    throw error;
  }
}

async function pullFrom(client: SchemaClient, urls: string[], type: string | undefined, quiet: boolean) {
  // The API matches `url` as stored: a page given in another spelling of its escapes (`/café/` for the stored
  // `/caf%C3%A9/`) is asked in each, as push and the build find it.
  const asked = [...new Set(urls.flatMap((url) => spellingsOf(url).map((form) => form.url)))];
  const queries =
    urls.length > 0 ? asked.map((url) => ({ url, schema_type: type })) : [{ schema_type: type }];
  // The first pages side by side; they give the totals the progress bar needs.
  let read = 0;
  let progress: Progress | null = null;
  const count = (items: number) => {
    read += items;
    progress?.add(items);
  };
  const [schemaLists, metaList, socialList] = await Promise.all([
    Promise.all(queries.map((query) => openCounted(client.schemas, query, count, false))),
    openCounted(client.meta, {}, count, true),
    openCounted(client.social, {}, count, true),
  ]);
  const opened = [...schemaLists, metaList, socialList].filter((list) => list !== null);
  const totals = opened.map((list) => list.list.pages[0]!.total);
  const total = totals.includes(null) ? null : (totals as number[]).reduce((sum, n) => sum + n, 0);
  progress = startProgress('Reading from the API', { total, quiet, from: SHOW_READS_FROM });
  progress.add(read);
  // Then every other page of them all, within READ_CONCURRENCY.
  await mapConcurrently(
    opened.flatMap((list) => list.jobs),
    READ_CONCURRENCY,
    (job) => job(),
  );
  const seen = new Map<number, SchemaRecord>();
  const records = await Promise.all(schemaLists.map((list) => itemsOf(list!.list)));
  const meta = metaList ? await itemsOf(metaList.list) : null;
  const social = socialList ? await itemsOf(socialList.list) : null;
  progress.done();
  for (const record of records.flat()) seen.set(record.id, record);
  const schemas = [...seen.values()];
  // With a filter, tags follow the selection: the named URLs, or the URLs of the schemas pulled.
  const filtered = urls.length > 0 || type !== undefined;
  const keep = new Set((urls.length > 0 ? urls : schemas.map((record) => record.url)).map(urlIdentity));
  const select = <T extends { url: string }>(items: T[] | null) =>
    items === null ? null : filtered ? items.filter((item) => keep.has(urlIdentity(item.url))) : items;
  return { schemas, meta: select(meta), social: select(social), filtered, selected: select };
}

/** What the target holds now, or null when nothing readable is there. */
async function readTarget(target: Target): Promise<SchemaFile | null> {
  try {
    if (target.kind === 'file') return existsSync(target.path) ? readSchemaFile(target.path) : null;
    const tree = await readPageFileTree(target.path);
    return fromPageFiles([...tree].map(([path, text]) => ({ path, text })));
  } catch {
    return null; // A broken target is replaced whole by the pull.
  }
}

export const command: Command = {
  summary:
    'Write every schema, meta and social entry of the API into a directory of page files or one JSON file',
  description: `Reads every schema (and the meta and social tags, when the user may read them: manage_options).
With --out seo/ (a path ending in / or an existing directory) it writes one JSON file per page URL, its path
mirroring the URL (seo/www.example.com/blog/hello.json, index.json for /), rewriting only the files whose bytes
change and removing the files of pages the API no longer has. Otherwise it writes one JSON file
{ schemas, meta, social } in the format of \`serve --seed\`, ordered by url then id. With --check it writes
nothing: it prints how the directory or file differs from what a pull would write.
Schema data is written as JSON when it parses, as the stored text otherwise. With --url or --type, meta and
social entries are kept for the selected URLs only, and no page file is removed.`,
  options: [
    {
      flags: '--out <path>',
      description:
        'a directory (seo/) for one file per page, a file, or - for stdout (default: schemas.json)',
    },
    {
      flags: '--check <path>',
      description: 'write nothing; exit 1 with a diff when this directory or file differs from the API',
    },
    {
      flags: '--url <page url>',
      description: 'only the schemas of this page; repeatable (default: all)',
      multiple: true,
    },
    { flags: '--type <schema_type>', description: 'only schemas of this type, e.g. Article (default: all)' },
    { flags: '--json', description: 'print the summary (or the differences) as JSON', default: false },
    ...apiOptions,
  ],
  epilog: `Exit codes: 0 written, or --check found no difference; 1 --check found differences, or the API failed;
2 usage error.`,
  async run({ values }) {
    if (values.out !== undefined && values.check !== undefined)
      throw new UsageError('--out writes and --check compares: give one of them.');
    if (values.check === '-') throw new UsageError('--check compares with a directory or a file, not stdin.');
    const out = (values.check ?? values.out ?? 'schemas.json') as string;
    const json = values.json === true;
    const urls = (values.url as string[] | undefined) ?? [];
    // A file pull did not write (a hand-written list of documents named schemas.json, say) is not overwritten.
    if (values.check === undefined && out !== '-' && existsSync(out) && statSync(out).isFile()) {
      try {
        readSchemaFile(out);
      } catch (error) {
        throw new UsageError(
          `${out} exists and is not a file pull writes (${error instanceof Error ? error.message : String(error)}); it was left as it is. Pass --out <another file>, or remove it first.`,
        );
      }
    }
    const pulled = await withClient(values, (client) =>
      pullFrom(client, urls, values.type as string | undefined, json),
    );
    const file = toSchemaFile(pulled.schemas, pulled.meta ?? [], pulled.social ?? []);
    const skipped = (['meta', 'social'] as const).filter((kind) => pulled[kind] === null);
    const target = out === '-' ? null : targetOf(out);
    // Tags the user may not read are kept as the target has them, not dropped: a pull (or a CI check) with an
    // edit_posts account must not read as "every meta entry was deleted".
    const kept = target && skipped.length > 0 ? await readTarget(target) : null;
    if (pulled.meta === null) file.meta = pulled.selected(kept?.meta ?? []) ?? [];
    if (pulled.social === null) file.social = pulled.selected(kept?.social ?? []) ?? [];
    for (const kind of skipped) {
      const count = file[kind].length;
      const keptNote = count > 0 ? `; kept the ${plural(count, 'entry', 'entries')} already in ${out}` : '';
      process.stderr.write(`Skipped ${kind}: the user may not read it (needs manage_options)${keptNote}.\n`);
    }
    // Tags the user may not read were kept from the target, not read: the summary says so.
    const tagsPart = (kind: 'meta' | 'social', one: string, many: string) =>
      `${plural(file[kind].length, one, many)}${skipped.includes(kind) ? ' (kept, not read)' : ''}`;
    const wroteTags = `${tagsPart('meta', 'meta entry', 'meta entries')} and ${tagsPart('social', 'social entry', 'social entries')}`;
    const written = {
      schemas: file.schemas.length,
      meta: file.meta.length,
      social: file.social.length,
      skipped,
    };
    // A pull of part of the API says so in what it writes: push --prune then deletes nothing outside that part.
    const type = values.type as string | undefined;
    const selection = pulled.filtered
      ? { ...(urls.length > 0 && { urls }), ...(type !== undefined && { type }) }
      : undefined;
    const pullFile: SchemaFile = selection ? { selection: [selection], ...file } : file;
    if (values.check !== undefined) {
      // A target a partial pull wrote is compared with the whole API only if asked to: say how to check it.
      const recorded = pulled.filtered ? undefined : await recordedSelection(target!);
      if (recorded)
        process.stderr.write(
          `${out} was pulled with ${recorded.map(selectionFlags).join('; then ')}: compare it with the same flags (pull ${selectionFlags(recorded[0]!)} --check ${out}); without them it is compared with the whole API.\n`,
        );
      return checkTarget(target!, pullFile, { urls, filtered: pulled.filtered, json });
    }

    if (target?.kind === 'directory') {
      const { hadPageFiles, movedTo, ...result } = await writePageFileTree(target.path, toPageFiles(file), {
        removeOthers: !pulled.filtered,
      });
      await recordDirectorySelection(target.path, selection, hadPageFiles);
      if (json) printJson({ directory: out, ...written, files: result });
      else {
        const lines = [
          `Wrote ${plural(written.schemas, 'schema')}, ${wroteTags} to ${out}: ` +
            `${plural(result.written.length, 'page file', 'page files')} written, ${result.unchanged} unchanged, ${result.removed.length} removed.`,
          ...result.removed.map((path) => {
            const now = movedTo.get(path);
            return `Removed ${join(out, path)} (${now ? `its page is now in ${join(out, now)}` : 'the API has nothing for this page'}).`;
          }),
          ...result.leftAlone.map(
            (path) => `Left ${join(out, path)} as it is: not a page file (no JSON object with a "url").`,
          ),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      return 0;
    }
    const text = `${JSON.stringify(pullFile, null, 2)}\n`;
    if (target === null) process.stdout.write(text);
    else writeFileAtomically(target.path, text);
    // With --out -, stdout holds the file: the summary goes to stderr.
    if (json && target !== null) printJson({ file: out, ...written });
    else {
      (target === null ? process.stderr : process.stdout).write(
        `Wrote ${plural(written.schemas, 'schema')}, ${wroteTags} to ${target === null ? 'stdout' : out}.\n`,
      );
    }
    return 0;
  },
};

/** The selection a partial pull recorded in a directory or a pull file; undefined for a whole pull. */
async function recordedSelection(target: Target): Promise<Selection[] | undefined> {
  if (target.kind === 'directory') return readDirectorySelection(target.path).catch(() => undefined);
  return (await readTarget(target))?.selection;
}

/** A selection as the flags that make it: `--url https://x.dev/a/ --type Article`. */
function selectionFlags({ urls, type }: Selection): string {
  return [...(urls ?? []).map((url) => `--url ${url}`), ...(type ? [`--type ${type}`] : [])].join(' ');
}
