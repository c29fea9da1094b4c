// `astro-schema-manager pull`: the server's schemas, meta and social tags into a directory of page files (for
// review in git) or one JSON file in the format of the reference server's seed file, so `serve --seed` loads a
// pull and `push` sends either back. `--check` compares instead of writing (pull-check.ts).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { MetaTags, SchemaRecord, SocialTags } from '../client/index.ts';
import { parseLossless } from '../lossless-json.ts';
import { figure, plural } from '../plural.ts';
import { printable } from '../printable.ts';
import { parseSeedFile, type SeedFileData, SeedFileError, type Selection } from '../seed-file.ts';
import { urlFragment } from '../url-forms.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { apiOptions, printJson, withClient } from './api-connection.ts';
import { type Command, InputError, UsageError } from './command.ts';
import { checkTarget } from './pull-check.ts';
import { fragmentEntries } from './push-plan.ts';
import { readApi } from './read-api.ts';
import { readInputText } from './read-input.ts';
import { fromPageFiles, jsonProblem, toPageFiles } from './seo-directory.ts';
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
  } catch {
    // Said as push and validate say it: with line and column, and a byte order mark named, not shown.
    throw new InputError(`${path} is not JSON: ${jsonProblem(text)}.`);
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
      readApi(client, {
        urls,
        type: values.type as string | undefined,
        tags: { meta: true, social: true },
        quiet: json,
      }),
    );
    const file = toSchemaFile(pulled.schemas, pulled.meta ?? [], pulled.social ?? []);
    for (const line of fragmentWarnings(file)) process.stderr.write(`${line}\n`);
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
            `${plural(result.written.length, 'page file', 'page files')} written, ${figure(result.unchanged)} unchanged, ${figure(result.removed.length)} removed.`,
          ...result.removed.map((path) => {
            const now = movedTo.get(path);
            return `Removed ${join(out, path)} (${now ? `its page is now in ${join(out, now)}` : 'the API has nothing for this page'}).`;
          }),
          ...result.leftAlone.map((path) => {
            const problem = result.notJson.find((file) => file.path === path)?.problem;
            return `Left ${join(out, path)} as it is: ${problem ? `not JSON (${problem}); push stops on it until it is fixed or removed` : 'not a page file (no JSON object with a "url")'}.`;
          }),
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

/**
 * What the API holds under a url with a `#fragment`, one line per url: written as held, and what to do, since no
 * page is ever looked up by such a url.
 */
function fragmentWarnings(file: SchemaFile): string[] {
  return [...Map.groupBy(fragmentEntries(file), ({ url }) => url)].map(([url, entries]) => {
    const count = (kind: 'schemas' | 'meta' | 'social') =>
      entries.filter((entry) => entry.kind === kind).length;
    const held = [
      count('schemas') > 0 && plural(count('schemas'), 'schema'),
      count('meta') > 0 && 'meta tags',
      count('social') > 0 && 'social tags',
    ].filter(Boolean);
    const fragment = urlFragment(url)!;
    const page = url.slice(0, url.length - fragment.length);
    const it = held.length === 1 && count('schemas') === 1 ? 'it' : 'them';
    return `The API holds ${held.join(' and ')} for ${printable(url)}: a url with a fragment (${printable(fragment)}) names no page (a browser never sends it), so no build or page ever shows ${it}. Written as the API holds ${it}; drop the fragment: write its page file's url as ${printable(page)} and push (its schemas move there)${count('meta') + count('social') > 0 ? ', then clear the tags left under the fragment in the CMS' : ''}.`;
  });
}

/** The selection a partial pull recorded in a directory or a pull file; undefined for a whole pull. */
async function recordedSelection(target: Target): Promise<Selection[] | undefined> {
  if (target.kind === 'directory') return readDirectorySelection(target.path).catch(() => undefined);
  return (await readTarget(target))?.selection;
}

/** A selection as the flags that make it: `--url https://x.dev/a/ --type Article`. */
function selectionFlags({ urls, type }: Selection): string {
  return [...(urls ?? []).map((url) => `--url ${url}`), ...(type ? [`--type ${type}`] : [])].join(' ');
}
