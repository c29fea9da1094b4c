// The CMS's schemas as a build ships them, for the commands that validate them before any build (push,
// validate): `{{meta_title}}` and `{{meta_description}}` filled from the page's meta, as the build fills them,
// so a placeholder the page's meta will fill is not reported as unfilled.
import { holdsPlaceholder } from '../cms-placeholders.ts';
import { prepareHeadData } from '../head/prepare.ts';

/** The page's meta, as far as it is known: from the file, or the API. */
export interface PageMeta {
  title?: string | null;
  description?: string | null;
}

/**
 * A schema document as the build would ship it with `meta` (null: none known, and placeholders stay, reported
 * as unfilled). Text that does not parse stays text, for the validator to say where it breaks.
 *
 * @example asBuilt({ '@type': 'WebPage', name: '{{meta_title}}' }, { title: 'About' }) // { '@type': 'WebPage', name: 'About' }
 */
export function asBuilt(document: string | object, meta: PageMeta | null): string | object {
  let value: unknown = document;
  if (typeof document === 'string') {
    try {
      value = JSON.parse(document);
    } catch {
      return document;
    }
  }
  if (value === null || typeof value !== 'object') return document;
  const page = meta && {
    url: '',
    title: meta.title ?? null,
    description: meta.description ?? null,
    robots: null,
    canonical: null,
    keywords: null,
  };
  try {
    const [prepared] = prepareHeadData({ schemas: [value], meta: page, social: null }).schemas;
    return (prepared as object | undefined) ?? document;
  } catch {
    return document; // A record's shape rather than a document's: validated as written.
  }
}

/** Whether a document holds one of the CMS's placeholders, so its page's meta is worth reading. */
export function usesPlaceholder(document: string | object): boolean {
  return holdsPlaceholder(typeof document === 'string' ? document : JSON.stringify(document));
}

/** What is known of a page's meta, field by field from the first source that has it; null when none has the page. */
export function knownMeta(...sources: Array<PageMeta | null | undefined>): PageMeta | null {
  const given = sources.filter((source): source is PageMeta => source != null);
  if (given.length === 0) return null;
  return {
    title: given.find((meta) => meta.title != null)?.title ?? null,
    description: given.find((meta) => meta.description != null)?.description ?? null,
  };
}
