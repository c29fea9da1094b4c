// What `push` would change: the schemas and tags a file asks for, set against what the server holds. Pure, so
// a dry run and the real run plan the same steps.
import type { MetaTags, SchemaRecord, SocialTags } from '../client/index.ts';
import { topLevelTypes } from '../head/json-ld-type.ts';
import { isRawNumber, parseLossless } from '../lossless-json.ts';
import type { SeedFileData as SchemaFile, Selection } from '../seed-file.ts';
import { urlFragment, urlIdentity } from '../url-forms.ts';
import { type JsonChange, jsonChanges } from './json-changes.ts';

export interface DesiredSchema {
  /** Position in the file's `schemas`, for messages. */
  index: number;
  url: string;
  schema_type: string;
  schema_name: string;
  schema_data: string | object;
  is_active: boolean;
}

export type SchemaStep =
  | {
      action: 'create';
      entry: DesiredSchema;
      /**
       * Without `prune`: the one record on the page, of the same type or with the same document, that nothing
       * in the files matched (a schema renamed in the files?). It stays, beside the one created.
       */
      beside?: SchemaRecord;
    }
  | {
      action: 'update';
      id: number;
      entry: DesiredSchema;
      changes: SchemaField[];
      /** What differs, old -> new: `schema_type`, `schema_name`, `is_active`, then the document's changed paths. */
      details: JsonChange[];
    }
  | { action: 'unchanged'; id: number; entry: DesiredSchema }
  | { action: 'delete'; record: SchemaRecord };

/** The fields a tag step sends are the ones that differ; `changes` says from what to what (`og.title`). */
export type TagStep =
  | {
      kind: 'meta';
      url: string;
      isNew: boolean;
      fields: Record<string, string | null>;
      changes: JsonChange[];
    }
  | {
      kind: 'social';
      url: string;
      /** No entry for the page on the server yet: the step creates it. */
      isNew: boolean;
      fields: { og?: Record<string, string | null>; twitter?: Record<string, string | null> };
      changes: JsonChange[];
    };

/** The fields of a record an update may change (`url` only to drop a `#fragment` it was stored with). */
type SchemaField = 'url' | 'schema_type' | 'schema_name' | 'schema_data' | 'is_active';

// Numbers with more digits than a double keeps stay as written: a push must not round a CMS's 19-digit GTIN.
const parse = (text: string): unknown => {
  try {
    return parseLossless(text);
  } catch {
    return undefined;
  }
};

/** JSON with object keys sorted, so documents equal up to key order compare equal. */
function canonical(value: unknown): string {
  if (isRawNumber(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sameDocument(wanted: string | object, record: SchemaRecord): boolean {
  const parsed = typeof wanted === 'string' ? parse(wanted) : wanted;
  if (parsed === undefined || record.data === null)
    return String(wanted).trim() === record.schema_data.trim();
  return canonical(parsed) === canonical(storedDocument(record));
}

/** The record's document with every digit of its numbers (the client's `data` went through JSON.parse). */
function storedDocument(record: SchemaRecord): unknown {
  return parse(record.schema_data) ?? record.data;
}

/** The file's schemas with the defaults the seed loader uses: type from the first `@type`, name = type. */
export function desiredSchemas(file: SchemaFile): DesiredSchema[] {
  return file.schemas.map((entry, index) => {
    const doc = typeof entry.schema_data === 'string' ? parse(entry.schema_data) : entry.schema_data;
    const derived =
      doc && typeof doc === 'object'
        ? topLevelTypes(doc as Parameters<typeof topLevelTypes>[0])[0]
        : undefined;
    const schema_type = entry.schema_type ?? derived ?? '';
    return {
      index,
      url: entry.url,
      schema_type,
      schema_name: entry.schema_name ?? schema_type,
      schema_data: entry.schema_data,
      is_active: entry.is_active ?? true,
    };
  });
}

// A URL in any spelling of its escapes (`/caf%C3%A9/`, `/café/`) is one page, as the build matches it.
const keyOf = (s: { url: string; schema_type: string; schema_name: string }) =>
  JSON.stringify([urlIdentity(s.url), s.schema_type, s.schema_name]);

/**
 * What to do with each schema: records are matched by url (in any spelling) + schema_type + schema_name
 * (several of one key pair up in id order); `prune` deletes the server's records that nothing in the file
 * matched, except where a record and an entry of one page pair up as a rename (see `renamedPairs`): that record
 * is updated.
 *
 * @example planSchemas(desiredSchemas(file), (await readApi(client, options)).schemas, { prune: false })
 */
export function planSchemas(
  wanted: DesiredSchema[],
  existing: SchemaRecord[],
  options: {
    prune: boolean;
    selection?: Selection[] | undefined;
    /** The selection's URLs as written, not their other spellings (a page file pushed alone). */
    exact?: boolean | undefined;
  },
): SchemaStep[] {
  const pool = Map.groupBy(
    [...existing].sort((a, b) => a.id - b.id),
    keyOf,
  );
  const steps: SchemaStep[] = wanted.map((entry) => {
    // The record of this very spelling first: a CMS holding `/About/` and `/about/` keeps each file's own.
    const candidates = pool.get(keyOf(entry)) ?? [];
    const record = candidates.splice(
      Math.max(
        0,
        candidates.findIndex((r) => r.url === entry.url),
      ),
      1,
    )[0];
    return record ? updateStep(entry, record) : { action: 'create', entry };
  });
  const within =
    options.prune && options.selection ? inSelection(options.selection, options.exact) : () => true;
  const unmatched = [...pool.values()]
    .flat()
    .filter(within)
    .sort((a, b) => a.id - b.id);
  const created = steps.flatMap((step) => (step.action === 'create' ? [step.entry] : []));
  const pairs = renamedPairs(created, unmatched);
  if (!options.prune) {
    for (const step of steps) if (step.action === 'create') step.beside = pairs.get(step.entry);
    return steps;
  }
  const paired = new Set(pairs.values());
  const planned = steps.map((step) => {
    if (step.action !== 'create') return step;
    const record = pairs.get(step.entry);
    return record ? updateStep(step.entry, record) : step;
  });
  for (const record of unmatched) if (!paired.has(record)) planned.push({ action: 'delete', record });
  return planned;
}

/** The step that makes `record` what `entry` asks: the fields that differ, or none. */
function updateStep(entry: DesiredSchema, record: SchemaRecord): SchemaStep {
  const changes: SchemaField[] = [];
  const details: JsonChange[] = [];
  // A record stored under `/page#top` matches the entry of `/page` but is never served: the update moves it.
  if (urlFragment(record.url) !== null && urlFragment(entry.url) === null) {
    changes.push('url');
    details.push({ path: 'url', from: record.url, to: entry.url });
  }
  for (const field of ['schema_type', 'schema_name', 'is_active'] as const) {
    if (entry[field] === record[field]) continue;
    changes.push(field);
    details.push({ path: field, from: record[field], to: entry[field] });
  }
  if (!sameDocument(entry.schema_data, record)) {
    changes.push('schema_data');
    const wantedDoc = typeof entry.schema_data === 'string' ? parse(entry.schema_data) : entry.schema_data;
    details.push(
      ...(wantedDoc === undefined || record.data === null
        ? [{ path: '$', from: record.schema_data, to: entry.schema_data }]
        : jsonChanges(storedDocument(record), wantedDoc)),
    );
  }
  return changes.length > 0
    ? { action: 'update', id: record.id, entry, changes, details }
    : { action: 'unchanged', id: record.id, entry };
}

/**
 * What the server stored otherwise than `step` sent, sent -> stored, from what the write answered (or read back):
 * WordPress plugins clean what they store (`sanitize_text_field` on a name, `wp_unslash` on a document kept in
 * post meta), and a push that took the write for done would claim a match the next push does not find.
 * Empty when the server stored what was sent; a delete is not checked.
 * @example storedOtherwise(createStep, { ...record, schema_name: 'Post' }) // [{ path: 'schema_name', from: ' Post ', to: 'Post' }]
 */
export function storedOtherwise(step: SchemaStep | TagStep, stored: unknown): JsonChange[] {
  const flip = (changes: JsonChange[]) => changes.map(({ path, from, to }) => ({ path, from: to, to: from }));
  if ('kind' in step) {
    const tags = (stored ?? {}) as Record<string, unknown>;
    if (step.kind === 'meta')
      return flip(differing(step.fields, tags as Record<string, string | null>).changes);
    const groups = tags as { og?: Record<string, string | null>; twitter?: Record<string, string | null> };
    return flip([
      ...differing(step.fields.og, groups.og, 'og.').changes,
      ...differing(step.fields.twitter, groups.twitter, 'twitter.').changes,
    ]);
  }
  if (step.action !== 'create' && step.action !== 'update') return [];
  const record = stored as SchemaRecord;
  const check = updateStep(step.entry, record);
  if (check.action !== 'update') return [];
  // A document stored as text that no longer parses (its backslashes stripped) is shown where the texts part.
  return flip(check.details).map((change) =>
    change.path === '$' && typeof change.to === 'string'
      ? textChange(step.entry.schema_data, change.to)
      : change,
  );
}

/** `schema_data from character 41`: the sent and the stored text from where they first differ. */
function textChange(sent: string | object, stored: string): JsonChange {
  const text = typeof sent === 'string' ? sent : JSON.stringify(sent);
  let at = 0;
  while (at < text.length && text[at] === stored[at]) at++;
  const from = Math.max(0, at - 10);
  return {
    path: `schema_data (text, from character ${from + 1})`,
    from: text.slice(from),
    to: stored.slice(from),
  };
}

/**
 * Entries no record matched, each paired with the record of its page that nothing matched either, where only
 * one of each could be meant: first one entry and one record of a type on the page (a schema renamed in the
 * files), then one of each with the same document (retyped and renamed, as `bulk fix` does to a `schema_type`
 * out of step with `@type`). Anything less clear pairs nothing.
 */
function renamedPairs(entries: DesiredSchema[], records: SchemaRecord[]): Map<DesiredSchema, SchemaRecord> {
  const pairs = new Map<DesiredSchema, SchemaRecord>();
  const taken = new Set<SchemaRecord>();
  const documentKey = (data: string | object) => {
    const parsed = typeof data === 'string' ? parse(data) : data;
    return parsed === undefined ? `text ${String(data).trim()}` : canonical(parsed);
  };
  const recordsByPage = Map.groupBy(records, (record) => urlIdentity(record.url));
  for (const [page, given] of Map.groupBy(entries, (entry) => urlIdentity(entry.url))) {
    const held = recordsByPage.get(page) ?? [];
    const keys = [
      {
        ofEntry: (entry: DesiredSchema) => entry.schema_type,
        ofRecord: (record: SchemaRecord) => record.schema_type,
      },
      {
        ofEntry: (entry: DesiredSchema) => documentKey(entry.schema_data),
        ofRecord: (record: SchemaRecord) => documentKey(record.schema_data),
      },
    ];
    for (const { ofEntry, ofRecord } of keys) {
      const heldBy = Map.groupBy(
        held.filter((record) => !taken.has(record)),
        ofRecord,
      );
      const givenBy = Map.groupBy(
        given.filter((entry) => !pairs.has(entry)),
        ofEntry,
      );
      for (const [value, asked] of givenBy) {
        const candidates = heldBy.get(value) ?? [];
        if (asked.length !== 1 || candidates.length !== 1) continue;
        pairs.set(asked[0]!, candidates[0]!);
        taken.add(candidates[0]!);
      }
    }
  }
  return pairs;
}

function definedFields(fields: Record<string, string | null | undefined>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | null
  >;
}

/** The given fields that differ from the server's, and their changes named `prefix` + field. */
function differing(
  given: Record<string, string | null> | undefined,
  now: Record<string, string | null> = {},
  prefix = '',
): { fields: Record<string, string | null>; changes: JsonChange[] } {
  const fields: Record<string, string | null> = {};
  const changes: JsonChange[] = [];
  for (const [name, value] of Object.entries(given ?? {})) {
    // An empty field is no field: the CMS stores "" as none, and a second push must find nothing to do.
    if ((now[name] || null) === (value || null)) continue;
    fields[name] = value;
    // Null and "" are the CMS's "none": shown as such (`(none) → "Title"`), not as a value null.
    changes.push({ path: `${prefix}${name}`, from: now[name] || undefined, to: value || undefined });
  }
  return { fields, changes };
}

/**
 * The server's entry for a URL: the one stored under that very spelling, else under another spelling of it; never
 * one stored with a `#fragment` (which no page reads) for the page itself.
 */
function byUrl<T extends { url: string }>(entries: T[]): (url: string) => T | undefined {
  const exact = new Map(entries.map((entry) => [entry.url, entry]));
  const same = new Map(
    entries
      .filter((entry) => urlFragment(entry.url) === null)
      .map((entry) => [urlIdentity(entry.url), entry]),
  );
  return (url) => exact.get(url) ?? same.get(urlIdentity(url));
}

/**
 * Meta and social writes for the file's entries whose given fields differ from the server's: those fields only.
 * An entry the server holds under another spelling of its URL is written under the server's, so the same
 * entry changes instead of a second one appearing.
 */
export function planTags(file: SchemaFile, meta: MetaTags[], social: SocialTags[]): TagStep[] {
  oneEntryPerTarget('meta', file.meta, meta);
  oneEntryPerTarget('social', file.social, social);
  const steps: TagStep[] = [];
  const metaOf = byUrl(meta);
  for (const { url: givenUrl, ...given } of file.meta) {
    const current = metaOf(givenUrl);
    const url = current?.url ?? givenUrl;
    // Fields the file leaves out stay as they are on the server.
    const { fields, changes } = differing(
      definedFields(given),
      current as unknown as Record<string, string | null> | undefined,
    );
    if (changes.length > 0) steps.push({ kind: 'meta', url, isNew: current === undefined, fields, changes });
  }
  const socialOf = byUrl(social);
  for (const entry of file.social) {
    const current = socialOf(entry.url);
    const url = current?.url ?? entry.url;
    const og = entry.og && definedFields(entry.og);
    const twitter = entry.twitter && definedFields(entry.twitter);
    const ogDiff = differing(og, current?.og, 'og.');
    const twitterDiff = differing(twitter, current?.twitter, 'twitter.');
    const changes = [...ogDiff.changes, ...twitterDiff.changes];
    if (changes.length === 0) continue;
    const fields = {
      ...(ogDiff.changes.length > 0 && { og: ogDiff.fields }),
      ...(twitterDiff.changes.length > 0 && { twitter: twitterDiff.fields }),
    };
    steps.push({ kind: 'social', url, isNew: current === undefined, fields, changes });
  }
  return steps;
}

/**
 * Refuses two entries of the files that would write one entry of the server: two spellings of one page
 * (`/café/` and `/caf%C3%A9/`, `/About/` and `/about/`) where the server holds it under one, or under none
 * (each push would set it to one, then the other, for ever). Two spellings the server holds apart stay two.
 */
function oneEntryPerTarget(
  kind: 'meta' | 'social',
  given: Array<{ url: string }>,
  held: Array<{ url: string }>,
) {
  const target = byUrl(held);
  const seen = new Map<string, string>();
  for (const { url } of given) {
    const key = target(url)?.url ?? urlIdentity(url);
    const other = seen.get(key);
    if (other !== undefined && other !== url)
      throw new PlanError(
        `${kind} is given for ${other} and for ${url}, one page in two spellings, which the API keeps as one entry: keep one of them (in one file), or the two would overwrite each other on every push.`,
      );
    seen.set(key, url);
  }
}

/** An entry of the files whose url has a `#fragment`: it names no page, so a push sends nothing for it. */
export interface FragmentEntry {
  kind: 'schemas' | 'meta' | 'social';
  /** Position in the file's list of that kind. */
  index: number;
  url: string;
}

/**
 * The entries whose url has a `#fragment`, in file order: a browser never sends one, so neither the build nor
 * the site looks a page up by it, and whatever is stored under it is never shown.
 *
 * @example fragmentEntries({ schemas: [{ url: 'https://x.dev/a#top', … }], meta: [], social: [] }) // [{ kind: 'schemas', index: 0, url: 'https://x.dev/a#top' }]
 */
export function fragmentEntries(file: SchemaFile): FragmentEntry[] {
  return (['schemas', 'meta', 'social'] as const).flatMap((kind) =>
    file[kind].flatMap(({ url }, index) => (urlFragment(url) === null ? [] : [{ kind, index, url }])),
  );
}

/** Files that ask for something no push can do (a usage error: nothing is sent). */
export class PlanError extends Error {}

/**
 * Whether a record is among what a partial pull read: on one of its pages (in any spelling) and of its type,
 * for any part of the selection.
 *
 * @example inSelection([{ type: 'Article' }])({ url: 'https://x.dev/', schema_type: 'Article' }) // true
 */
export function inSelection(
  selection: Selection[],
  /** URLs as written only: `/A/` is not `/a/` (pull writes a file for each). */
  exact = false,
): (record: { url: string; schema_type: string }) => boolean {
  const key = exact ? (url: string) => url : urlIdentity;
  const parts = selection.map(({ urls, type }) => ({ pages: urls && new Set(urls.map(key)), type }));
  return (record) =>
    parts.some(
      ({ pages, type }) =>
        (!pages || pages.has(key(record.url))) && (type === undefined || type === record.schema_type),
    );
}
