// What the API knows about one page, as every way of reading it (the index, page by page, at request time) gives it.
import type { MetaTags, SchemaRecord, SocialTags } from '../client/index.ts';

/** What the API knows about one page. */
export interface PageData {
  schemas: SchemaRecord[];
  meta: MetaTags | null;
  social: SocialTags | null;
}
