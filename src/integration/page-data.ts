// What the API knows about one page, as every way of reading it (the index, page by page, at request time) gives it.
import type { MetaTags, SchemaRecord, SocialTags } from '../client/index.ts';

/** What the API knows about one page. */
export interface PageData {
  schemas: SchemaRecord[];
  meta: MetaTags | null;
  social: SocialTags | null;
}

const hasValue = (fields: object | null | undefined) =>
  !!fields && Object.entries(fields).some(([key, value]) => key !== 'url' && value !== null && value !== '');

function hasMeta(meta: MetaTags | null): boolean {
  return hasValue(meta);
}

function hasSocial(social: SocialTags | null): boolean {
  return !!social && (hasValue(social.og) || hasValue(social.twitter));
}

/** Whether the CMS holds nothing for a page: no active schema, no meta or social value. */
export const isEmpty = (data: PageData) =>
  data.schemas.length === 0 && !hasMeta(data.meta) && !hasSocial(data.social);
