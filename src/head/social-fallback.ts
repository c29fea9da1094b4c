// Social tags the API leaves empty take the page's own SEO data, as WordPress SEO plugins fill them: so a page
// never pairs the CMS's title with a template's og:title, and previews say what search results say.
import { OG_FIELDS, TWITTER_FIELDS } from '../contract-fields.ts';
import type { MetaTags, SocialTags } from './types.ts';

const blank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/**
 * `social` with its empty fields filled: og:title, og:description and og:url from the meta title, description
 * and canonical; twitter:title, twitter:description and twitter:image (with its alt) from the og values. Fields the
 * API set are kept. Null when there is nothing to say. `derivedFrom` names, for each tag filled so, the tag its
 * value was copied from (`name:twitter:title` ← `property:og:title`): where the page keeps its own tag instead of
 * the source (`onConflict: 'page'`), the copy is left out too, so the head never mixes the two.
 *
 * @example fillSocialFromMeta({ url: '/', title: 'A', description: null, robots: null, canonical: null, keywords: null }, null).social?.og.title // 'A'
 */
export function fillSocialFromMeta(
  meta: MetaTags | null,
  social: SocialTags | null,
): { social: SocialTags | null; derivedFrom: Record<string, string> } {
  const derivedFrom: Record<string, string> = {};
  // No meta (none stored, or not readable with these credentials) still fills twitter from og: the index and
  // a page's own /meta answer (an object of nulls) must give the same head.
  if (!meta && !social) return { social: null, derivedFrom };
  const og = social?.og ?? (Object.fromEntries(OG_FIELDS.map((field) => [field, null])) as SocialTags['og']);
  const twitter =
    social?.twitter ??
    (Object.fromEntries(TWITTER_FIELDS.map((field) => [field, null])) as SocialTags['twitter']);
  const copy = (kept: string | null, from: string | null | undefined, key: string, source: string) => {
    if (!blank(kept)) return kept;
    if (!blank(from)) derivedFrom[key] = source;
    return from ?? null;
  };
  const filledOg = {
    ...og,
    title: copy(og.title, meta?.title, 'property:og:title', 'title'),
    description: copy(og.description, meta?.description, 'property:og:description', 'meta:description'),
    url: copy(og.url, meta?.canonical, 'property:og:url', 'link:canonical'),
  };
  const imageFromOg = blank(twitter.image) && !blank(filledOg.image);
  const filledTwitter = {
    ...twitter,
    title: copy(twitter.title, filledOg.title, 'name:twitter:title', 'property:og:title'),
    description: copy(
      twitter.description,
      filledOg.description,
      'name:twitter:description',
      'property:og:description',
    ),
    image: imageFromOg
      ? copy(twitter.image, filledOg.image, 'name:twitter:image', 'property:og:image')
      : twitter.image,
    image_alt:
      imageFromOg && blank(twitter.image_alt)
        ? copy(twitter.image_alt, filledOg.image_alt, 'name:twitter:image:alt', 'property:og:image:alt')
        : twitter.image_alt,
  };
  const anything = [...Object.values(filledOg), ...Object.values(filledTwitter)].some(
    (value) => !blank(value),
  );
  const url = social?.url ?? meta?.url;
  return anything && url !== undefined
    ? { social: { url, og: filledOg, twitter: filledTwitter }, derivedFrom }
    : { social, derivedFrom: {} };
}
