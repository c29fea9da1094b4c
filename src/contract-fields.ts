// The field names of meta and social tags, as the API contract fixes them. The client reads them, the
// reference server stores them, and both must agree on one list.

export const META_FIELDS = ['title', 'description', 'robots', 'canonical', 'keywords'] as const;
export const OG_FIELDS = [
  'title',
  'description',
  'image',
  'image_alt',
  'type',
  'url',
  'site_name',
  'locale',
] as const;
export const TWITTER_FIELDS = [
  'card',
  'title',
  'description',
  'image',
  'image_alt',
  'site',
  'creator',
] as const;

export type MetaField = (typeof META_FIELDS)[number];
export type OgField = (typeof OG_FIELDS)[number];
export type TwitterField = (typeof TWITTER_FIELDS)[number];
