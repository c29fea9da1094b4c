// The seed/pull file, one zod schema: `serve --seed` and `createServer({ seed })` load it, `pull` writes it and
// `push` sends it back. Unknown fields are errors (a typo must not drop data silently), named by entry.
import { z } from 'zod';
import { META_FIELDS, OG_FIELDS, TWITTER_FIELDS } from './contract-fields.ts';

const text = z.string().nullable().optional();
/** Each named field, optional, a string or null. */
function fieldShape<Name extends string>(names: readonly Name[]): Record<Name, typeof text> {
  return Object.fromEntries(names.map((name) => [name, text])) as Record<Name, typeof text>;
}

export const seedFileSchema = z.strictObject({
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
  meta: z.array(z.strictObject({ ...fieldShape(META_FIELDS), url: z.string().min(1) })).default([]),
  social: z
    .array(
      z.strictObject({
        url: z.string().min(1),
        og: z.strictObject(fieldShape(OG_FIELDS)).optional(),
        twitter: z.strictObject(fieldShape(TWITTER_FIELDS)).optional(),
      }),
    )
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
      return issue.keys.map((key) => `${where}: unknown field "${key}"`);
    return [`${where}: ${issue.message}`];
  });
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
