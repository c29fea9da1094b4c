// Social tags the API leaves empty take the page's own SEO data, as WordPress SEO plugins fill them: so a page
// never pairs the CMS's title with a template's og:title, and previews say what search results say.
import { OG_FIELDS, TWITTER_FIELDS } from '../contract-fields.ts';
import type { MetaTags, SocialTags } from './types.ts';

const blank = (value: string | null | undefined): boolean => value == null || value.trim() === '';

/**
 * `social` with its empty fields filled: og:title, og:description and og:url from the meta title, description
 * and canonical; twitter:title, twitter:description and twitter:image (with its alt) from the og values. Fields the
 * API set are kept. Null when there is nothing to say.
 *
 * @example fillSocialFromMeta({ url: '/', title: 'A', description: null, robots: null, canonical: null, keywords: null }, null)?.og.title // 'A'
 */
export function fillSocialFromMeta(meta: MetaTags | null, social: SocialTags | null): SocialTags | null {
  // No meta (none stored, or not readable with these credentials) still fills twitter from og: the index and
  // a page's own /meta answer (an object of nulls) must give the same head.
  if (!meta && !social) return null;
  const og = social?.og ?? (Object.fromEntries(OG_FIELDS.map((field) => [field, null])) as SocialTags['og']);
  const twitter =
    social?.twitter ??
    (Object.fromEntries(TWITTER_FIELDS.map((field) => [field, null])) as SocialTags['twitter']);
  const filledOg = {
    ...og,
    title: blank(og.title) ? (meta?.title ?? null) : og.title,
    description: blank(og.description) ? (meta?.description ?? null) : og.description,
    url: blank(og.url) ? (meta?.canonical ?? null) : og.url,
  };
  const imageFromOg = blank(twitter.image) && !blank(filledOg.image);
  const filledTwitter = {
    ...twitter,
    title: blank(twitter.title) ? filledOg.title : twitter.title,
    description: blank(twitter.description) ? filledOg.description : twitter.description,
    image: imageFromOg ? filledOg.image : twitter.image,
    image_alt: imageFromOg && blank(twitter.image_alt) ? filledOg.image_alt : twitter.image_alt,
  };
  const anything = [...Object.values(filledOg), ...Object.values(filledTwitter)].some(
    (value) => !blank(value),
  );
  const url = social?.url ?? meta?.url;
  return anything && url !== undefined ? { url, og: filledOg, twitter: filledTwitter } : social;
}
