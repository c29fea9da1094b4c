// The seed/pull file, one zod schema: `serve --seed` and `createServer({ seed })` load it, `pull` writes it and
// `push` sends it back. Unknown fields are errors (a typo must not drop data silently), named by entry.
import { z } from 'zod';
import { META_FIELDS, OG_FIELDS, TWITTER_FIELDS } from './contract-fields.ts';
import { suggestName } from './did-you-mean.ts';

const text = z.string().nullable().optional();
/** Each named field, optional, a string or null. */
function fieldShape<Name extends string>(names: readonly Name[]): Record<Name, typeof text> {
  return Object.fromEntries(names.map((name) => [name, text])) as Record<Name, typeof text>;
}

/** One part of what a pull with `--url` or `--type` read: those pages' schemas, or that type's, or both. */
const selectionSchema = z.strictObject({
  urls: z.array(z.string().min(1)).min(1).optional(),
  type: z.string().min(1).optional(),
});
export type Selection = z.infer<typeof selectionSchema>;

/** Entries for one page URL given twice in one list: the second would silently win. */
function oneEntryPerUrl(list: string) {
  return (entries: Array<{ url: string }>, context: z.core.$RefinementCtx) => {
    const first = new Map<string, number>();
    entries.forEach(({ url }, index) => {
      const earlier = first.get(url);
      if (earlier === undefined) first.set(url, index);
      else
        context.addIssue({
          code: 'custom',
          path: [index, 'url'],
          message: `${url} is also ${list}[${earlier}]; keep one entry per page`,
        });
    });
  };
}

export const seedFileSchema = z.strictObject({
  // Written by a pull that read only part of the API: push --prune deletes nothing outside it (the server
  // loading the file as a seed ignores it).
  selection: z.array(selectionSchema).optional(),
  schemas: z
    .array(
      z.strictObject({
        url: z.string().min(1),
        schema_type: z.string().min(1).optional(),
        schema_name: z.string().min(1).optional(),
        schema_data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
          error: 'expected the JSON-LD document (an object or an array) or its text',
        }),
        is_active: z.boolean().optional(),
      }),
    )
    .default([]),
  meta: z
    .array(z.strictObject({ ...fieldShape(META_FIELDS), url: z.string().min(1) }))
    .superRefine(oneEntryPerUrl('meta'))
    .default([]),
  social: z
    .array(
      z.strictObject({
        url: z.string().min(1),
        og: z.strictObject(fieldShape(OG_FIELDS)).optional(),
        twitter: z.strictObject(fieldShape(TWITTER_FIELDS)).optional(),
      }),
    )
    .superRefine(oneEntryPerUrl('social'))
    .default([]),
});

/** A seed file as written (every list optional). */
export type SeedFile = z.input<typeof seedFileSchema>;
/** A seed file as read (every list present). */
export type SeedFileData = z.output<typeof seedFileSchema>;

/** A seed file that does not fit, one `entry.field: reason` line per problem. */
export class SeedFileError extends Error {
  readonly problems: string[];
  constructor(headline: string, problems: string[]) {
    super(`${headline}\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'SeedFileError';
    this.problems = problems;
  }
}

/** `schemas[3].url` from zod's `['schemas', 3, 'url']`. */
function pathOf(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}${out ? '.' : ''}${String(part)}`),
    '',
  );
}

/**
 * One `entry.field: reason` line per zod issue, for the seed file and for files of the same entries.
 *
 * @example problemLines(error.issues) // ['meta[0]: unknown field "titel"']
 */
export function problemLines(issues: ReadonlyArray<z.core.$ZodIssue>): string[] {
  return issues.flatMap((issue) => {
    const where = pathOf(issue.path) || '(file)';
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => {
        // A field of the other kind of file (`selection` in a page file, `url` in a seed file) is no typo.
        const near = suggestName(
          key,
          fieldsAt(issue.path).filter((field) => field !== key),
        );
        return `${where}: unknown field "${key}"${near ? ` (did you mean "${near}"?)` : ''}`;
      });
    return [`${where}: ${issue.message}`];
  });
}

/** The fields an entry at `path` may have (a seed file's or a page file's): what a mistyped one is set against. */
function fieldsAt(path: ReadonlyArray<PropertyKey>): readonly string[] {
  const { shape } = seedFileSchema;
  const fieldsOf = (list: 'schemas' | 'meta' | 'social') => Object.keys(shape[list].unwrap().element.shape);
  switch (path.findLast((part) => typeof part === 'string')) {
    case undefined:
      // A page file has the entries' lists and its page's url.
      return [...Object.keys(shape), 'url'];
    case 'schemas':
      return fieldsOf('schemas');
    case 'meta':
      return fieldsOf('meta');
    case 'social':
      return fieldsOf('social');
    case 'og':
      return OG_FIELDS;
    case 'twitter':
      return TWITTER_FIELDS;
    default:
      return [];
  }
}

/**
 * Checks a seed file's shape and fills the missing lists.
 *
 * @example parseSeedFile(JSON.parse(text), 'seed.json').schemas.length
 */
export function parseSeedFile(value: unknown, source: string): SeedFileData {
  const parsed = seedFileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new SeedFileError(
    `${source} is not a seed file ({ schemas, meta, social }):`,
    problemLines(parsed.error.issues),
  );
}
