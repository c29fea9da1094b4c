// Google's rich-result requirements as data, one entry per feature of Google's search gallery
// (https://developers.google.com/search/docs/appearance/structured-data/search-gallery), each naming the page
// it restates and the day that page was compared with it. A property path is dotted (`author.name`); `a|b`
// lists alternatives, and alternatives that share a prefix are read per item (`location.address|location.url`:
// every location has an address or a url).
import { CONTENT_RULES } from './rules-content.ts';
import { ENTITY_RULES } from './rules-entities.ts';
import { PRODUCT_RULES } from './rules-products.ts';
import { RETIRED_RULES } from './rules-retired.ts';
import type { ValueFormat } from './value-formats.ts';

export interface RichResultRule {
  /** The rich result, reported as `rule: 'google:<name>'` and named in each message. */
  name: string;
  /** Node types it applies to, with their subtypes. */
  types: string[];
  exclude?: string[];
  /** 'top': nodes at the top of the document or in `@graph`; 'any': nested nodes too. */
  scope?: 'top' | 'any';
  /** Further places it applies: the value of `via` on a node of one of the `of` types. */
  within?: Array<{ of: string[]; via: string }>;
  /** Only when the node has this property (`prop`), or has it with this value (`prop=Value`). */
  when?: string;
  /** Not when the node has one of these properties (`a|b`). */
  unless?: string;
  required?: string[];
  /** Required of one item at least where the path goes through several (an event's locations). */
  requiredInOne?: string[];
  recommended?: string[];
  /** Each group: at least one of its paths must be present. */
  oneOf?: string[][];
  /** Value formats Google states, by property path. */
  formats?: Record<string, ValueFormat>;
  /** The rich result is no longer shown (or only to few sites): reported as info. */
  deprecated?: string;
  source: string;
  checked: string;
}

export const RICH_RESULT_RULES: RichResultRule[] = [
  ...PRODUCT_RULES,
  ...CONTENT_RULES,
  ...ENTITY_RULES,
  ...RETIRED_RULES,
];
