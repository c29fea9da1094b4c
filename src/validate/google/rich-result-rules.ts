// Google's rich-result requirements as data, one entry per feature of Google's search gallery
// (https://developers.google.com/search/docs/appearance/structured-data/search-gallery), each naming the page
// it restates and the day that page was compared with it. A property path is dotted (`author.name`); `a|b`
// lists alternatives, and alternatives that share a prefix are read per item (`location.address|location.url`:
// every location has an address or a url).

import type { RichResultRule } from './rich-result-rule.ts';
import { CONTENT_RULES } from './rules-content.ts';
import { ENTITY_RULES } from './rules-entities.ts';
import { PRODUCT_RULES } from './rules-products.ts';
import { RETIRED_RULES } from './rules-retired.ts';

export type { RichResultRule } from './rich-result-rule.ts';

export const RICH_RESULT_RULES: RichResultRule[] = [
  ...PRODUCT_RULES,
  ...CONTENT_RULES,
  ...ENTITY_RULES,
  ...RETIRED_RULES,
];
