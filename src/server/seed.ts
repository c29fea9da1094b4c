import { parseSeedFile, SeedFileError } from '../seed-file.ts';
import { ApiFailure } from './errors.ts';
import { readSchemaInput } from './schema-input.ts';
import type { Store } from './store/index.ts';
import { metaFields, type SeedFile } from './types.ts';

/** A seed entry's refusal, naming the entry: `schemas[3].url: must be an absolute URL`. */
function describe(error: unknown, where: string): Error {
  if (error instanceof ApiFailure) {
    const params = error.data.params;
    const details =
      params && typeof params === 'object' && !Array.isArray(params)
        ? Object.entries(params as Record<string, string>).map(
            ([field, reason]) => `${where}.${field}: ${reason}`,
          )
        : [`${where}: ${error.message}`];
    return new SeedFileError('The seed has entries the API refuses:', details);
  }
  return error as Error;
}

/**
 * Loads a seed file's schemas, meta and social entries in one transaction, checked as the API checks them
 * (`schema_type` and `schema_name` default to the document's first `@type`).
 *
 * @example loadSeed(store, { schemas: [{ url: 'https://example.com/', schema_data: { '@context': ..., '@type': 'WebSite' } }] }, hosts);
 */
export function loadSeed(store: Store, file: SeedFile, hosts: ReadonlySet<string>): void {
  const seed = parseSeedFile(file, 'the seed');
  store.transaction(() => {
    seed.schemas.forEach((entry, index) => {
      let input: ReturnType<typeof readSchemaInput>;
      try {
        input = readSchemaInput(entry as unknown as Record<string, unknown>, hosts, undefined, true);
      } catch (error) {
        throw describe(error, `schemas[${index}]`);
      }
      store.createSchema(input);
    });
    for (const entry of seed.meta) {
      const fields = Object.fromEntries(
        metaFields.filter((f) => entry[f] !== undefined).map((f) => [f, entry[f] ?? null]),
      );
      store.setMeta(entry.url, fields);
    }
    for (const entry of seed.social) {
      store.setSocial(entry.url, {
        og: entry.og as Record<string, string | null> | undefined,
        twitter: entry.twitter as Record<string, string | null> | undefined,
      });
    }
  });
}
