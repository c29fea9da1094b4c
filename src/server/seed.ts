import { parseSeedFile, SeedFileError } from '../seed-file.ts';
import { ApiFailure } from './errors.ts';
import { readSchemaInput } from './schema-input.ts';
import type { Store } from './store/index.ts';
import { readMetaInput, readSocialInput } from './tag-input.ts';
import type { SeedFile } from './types.ts';

/** A seed entry's fields without those it leaves undefined (the seed file's reader may add them so). */
const withoutUnset = (entry: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));

/** A seed entry's refusal, one line a field: `schemas[3].url: must be an absolute URL`. */
function describe(error: ApiFailure, where: string): string[] {
  const params = error.data.params;
  return params && typeof params === 'object' && !Array.isArray(params)
    ? Object.entries(params as Record<string, string>).map(
        ([field, reason]) => `${where}.${field}: ${reason}`,
      )
    : [`${where}: ${error.message}`];
}

/** Refusals listed in one error, all of them up to a screenful: one fix-and-retry round for the whole file. */
const LISTED = 20;

/**
 * Loads a seed file's schemas, meta and social entries in one transaction, checked as the API checks them
 * (`schema_type` and `schema_name` default to the document's first `@type`).
 *
 * @example loadSeed(store, { schemas: [{ url: 'https://example.com/', schema_data: { '@context': ..., '@type': 'WebSite' } }] }, hosts);
 */
export function loadSeed(store: Store, file: SeedFile, hosts: ReadonlySet<string>): void {
  const seed = parseSeedFile(file, 'the seed');
  const refused: string[] = [];
  // The store finds tags under a URL in any case of its ASCII letters (as WordPress does): two entries that
  // differ only so are one page's, and one would silently win.
  for (const list of ['meta', 'social'] as const) {
    const first = new Map<string, number>();
    seed[list].forEach(({ url }, index) => {
      const key = url.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, index);
      else
        refused.push(
          `${list}[${index}].url: ${url} is ${list}[${earlier}]'s page (${seed[list][earlier]!.url}) in other letter case; keep one entry per page`,
        );
    });
  }
  // Each entry as the API reads a write of it: one on another host, or with a field it refuses, is refused here.
  const accepted = <T>(list: string, entries: unknown[], read: (body: Record<string, unknown>) => T): T[] =>
    entries.flatMap((entry, index) => {
      try {
        return [read(entry as Record<string, unknown>)];
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        refused.push(...describe(error, `${list}[${index}]`));
        return [];
      }
    });
  const inputs = accepted('schemas', seed.schemas, (body) => readSchemaInput(body, hosts, undefined, true));
  const meta = accepted('meta', seed.meta, (body) => readMetaInput(withoutUnset(body), hosts));
  const social = accepted('social', seed.social, (body) => readSocialInput(withoutUnset(body), hosts));
  if (refused.length > 0) {
    const more = refused.length - LISTED;
    throw new SeedFileError('The seed has entries the API refuses:', [
      ...refused.slice(0, LISTED),
      ...(more > 0 ? [`… and ${more} more`] : []),
    ]);
  }
  store.transaction(() => {
    for (const input of inputs) store.createSchema(input);
    for (const { url, values } of meta) store.setMeta(url, values);
    for (const { url, og, twitter } of social) store.setSocial(url, { og, twitter });
  });
}
