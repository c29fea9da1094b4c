// After a push that wrote something: the pages its writes went to, so that reading them back (rather than every
// list of the API again) checks that each write was kept. Pure: steps in, pages out.
import type { SchemaRecord } from '../client/index.ts';
import type { SeedFileData as SchemaFile } from '../seed-file.ts';
import { urlIdentity } from '../url-forms.ts';
import type { DesiredSchema, SchemaStep, TagStep } from './push-plan.ts';
import type { PagesToRead } from './read-api.ts';

/** The pages of each kind the writes touched, by identity (to plan them alone), and the urls to read them by. */
export interface TouchedPages {
  identities: { schemas: Set<string>; meta: Set<string>; social: Set<string> };
  urls: PagesToRead;
}

/**
 * The pages the writes went to: a schema step's page (its entry's and its record's url), a url the API stored a
 * created record under, and each meta or social url written. Each is read by every url the files or the first
 * read give it (`/About/` beside `/about/`), so planning those pages alone plans what a whole read would.
 *
 * @example touchedPages([createStep], { existing: [], wanted, file, held, stored: [] }).urls.schemas // ['https://x.dev/a/']
 */
export function touchedPages(
  writes: Array<SchemaStep | TagStep>,
  context: {
    existing: SchemaRecord[];
    wanted: DesiredSchema[];
    file: Pick<SchemaFile, 'meta' | 'social'>;
    /** The meta and social entries the first read found. */
    held: { meta: Array<{ url: string }>; social: Array<{ url: string }> };
    /** The urls the API answered the writes with. */
    stored: Iterable<string>;
  },
): TouchedPages {
  const byId = new Map(context.existing.map((record) => [record.id, record]));
  const written = { schemas: [...context.stored], meta: [] as string[], social: [] as string[] };
  for (const step of writes) {
    if ('kind' in step) written[step.kind].push(step.url);
    else if (step.action === 'delete') written.schemas.push(step.record.url);
    else {
      written.schemas.push(step.entry.url);
      const record = step.action === 'update' ? byId.get(step.id) : undefined;
      if (record) written.schemas.push(record.url);
    }
  }
  const identities = {
    schemas: new Set(written.schemas.map(urlIdentity)),
    meta: new Set(written.meta.map(urlIdentity)),
    social: new Set(written.social.map(urlIdentity)),
  };
  const known = {
    schemas: [...context.existing, ...context.wanted].map(({ url }) => url),
    meta: [...context.file.meta, ...context.held.meta].map(({ url }) => url),
    social: [...context.file.social, ...context.held.social].map(({ url }) => url),
  };
  const urlsOf = (kind: keyof typeof known) => [
    ...new Set([...written[kind], ...known[kind].filter((url) => identities[kind].has(urlIdentity(url)))]),
  ];
  return { identities, urls: { schemas: urlsOf('schemas'), meta: urlsOf('meta'), social: urlsOf('social') } };
}
