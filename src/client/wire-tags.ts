// Meta and social tags as the client returns them, from the field names servers use.
import { z } from 'zod';
import { OG_FIELDS, TWITTER_FIELDS } from '../contract-fields.ts';
import { label, listOf, renameAliases, text, unwrapList, unwrapOne } from './wire-fields.ts';

const metaAliases = {
  title: ['meta_title'],
  description: ['meta_description'],
  robots: ['meta_robots'],
  canonical: ['canonical_url', 'meta_canonical'],
  keywords: ['meta_keywords'],
} as const;

export const metaTags = z.preprocess(
  (v) => renameAliases(unwrapOne(v, 'url'), metaAliases),
  z.object({ url: label, title: text, description: text, robots: text, canonical: text, keywords: text }),
);
export const metaTagsList = z.preprocess(unwrapList, listOf(metaTags));
export type MetaTags = z.output<typeof metaTags>;

export { OG_FIELDS, TWITTER_FIELDS };

const ogShape = z.object(
  Object.fromEntries(OG_FIELDS.map((name) => [name, text])) as Record<
    (typeof OG_FIELDS)[number],
    typeof text
  >,
);
const twitterShape = z.object(
  Object.fromEntries(TWITTER_FIELDS.map((name) => [name, text])) as Record<
    (typeof TWITTER_FIELDS)[number],
    typeof text
  >,
);

/** Gathers `og.title`, `og_title` and `og:title` (and the twitter ones) into the nested shape. */
function nestSocial(value: unknown): unknown {
  const source = unwrapOne(value, 'url');
  if (!source || typeof source !== 'object' || Array.isArray(source)) return source;
  const flat = source as Record<string, unknown>;
  const group = (prefix: 'og' | 'twitter', fields: readonly string[]) => {
    const nested =
      flat[prefix] && typeof flat[prefix] === 'object' ? (flat[prefix] as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      out[field] = nested[field] ?? flat[`${prefix}_${field}`] ?? flat[`${prefix}:${field}`];
    }
    return out;
  };
  return { url: flat.url, og: group('og', OG_FIELDS), twitter: group('twitter', TWITTER_FIELDS) };
}

export const socialTags = z.preprocess(
  nestSocial,
  z.object({ url: label, og: ogShape, twitter: twitterShape }),
);
export const socialTagsList = z.preprocess(unwrapList, listOf(socialTags));
export type SocialTags = z.output<typeof socialTags>;
export type OpenGraphTags = SocialTags['og'];
export type TwitterTags = SocialTags['twitter'];

/**
 * Whether a meta or social entry holds any value besides its url: an entry of nulls or "" (what WordPress
 * answers `?url=` with for a url it holds nothing for) holds nothing, as a page without the entry.
 *
 * @example holdsTagValues({ url: 'https://x.dev/a/', og: { title: null }, twitter: { card: '' } }) // false
 */
export function holdsTagValues({ url: _url, ...fields }: { url: string }): boolean {
  const holds = (value: unknown): boolean =>
    typeof value === 'string'
      ? value !== ''
      : !!value && typeof value === 'object' && Object.values(value).some(holds);
  return holds(fields);
}
