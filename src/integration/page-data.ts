// What the API knows about one page, as every way of reading it (the index, page by page, at request time) gives it.
import type { MetaTags, SchemaRecord, SocialTags } from '../client/index.ts';
import { holdsTagValues } from '../client/wire-tags.ts';

/** What the API knows about one page. */
export interface PageData {
  schemas: SchemaRecord[];
  meta: MetaTags | null;
  social: SocialTags | null;
}

/** Whether the CMS holds nothing for a page: no active schema, no meta or social value. */
export const isEmpty = (data: PageData) =>
  data.schemas.length === 0 &&
  !(data.meta && holdsTagValues(data.meta)) &&
  !(data.social && holdsTagValues(data.social));
