// The shape of one entry of Google's rich-result table (rich-result-rules.ts), apart from the table so that its
// parts (rules-*.ts) can use it without importing the table they make up.
import type { ValueFormat } from './value-formats.ts';

export interface RichResultRule {
  /** The rich result, reported as `rule: 'google:<name>'` and named in each message. */
  name: string;
  /** Node types it applies to, with their subtypes. */
  types: string[];
  exclude?: string[];
  /** 'top': nodes at the top of the document or in `@graph`; 'any': nested nodes too. */
  scope?: 'top' | 'any';
  /**
   * Further places it applies: the value of `via` on a node of one of the `of` types; with `atTop`, only where
   * that node is at the top; with `under`, only inside a node of one of those types (at any depth), with
   * `notUnder`, never inside one.
   */
  within?: Array<{ of: string[]; via: string; atTop?: boolean; under?: string[]; notUnder?: string[] }>;
  /** Only for a node of that one type, given no other (a VideoGame typed alone). */
  alone?: boolean;
  /**
   * Only when the node has this property (`prop`), has it with this value (`prop=Value`) or one of these
   * (`prop=One|Other`), or has it as a number above this one (`prop>0`).
   */
  when?: string;
  /** Not when the node has one of these properties (`a|b`), or this one with this value (`prop=Value`). */
  unless?: string;
  required?: string[];
  /** Required of one item at least where the path goes through several (an event's locations). */
  requiredInOne?: string[];
  /**
   * Required of every item of the path's first property but the last (by `position`, else by order): a
   * breadcrumb's last crumb, the page itself, needs no `item`.
   */
  requiredExceptLast?: string[];
  recommended?: string[];
  /** Each group: at least one of its paths must be present. */
  oneOf?: string[][];
  /** Fewer values than these of a property, by path, are missing ones (a vacation rental's 8 photos). */
  atLeast?: Record<string, number>;
  /**
   * More values than these of a recommended property, by path, are too many ("Specify at most one value"): a
   * warning, as Google's test says of optional fields. `path.@type=Type` counts the nodes of that type alone.
   */
  recommendedAtMost?: Record<string, number>;
  /**
   * A property's values that must equal the node's value of another path, by path (a shipping rate's currency
   * and the offer's: "The currency must be the same as the currency of the offer").
   */
  equals?: Record<string, string>;
  /** A property's values that should be no greater than another's, by path (minValue and maxValue): a warning. */
  recommendedNotAbove?: Record<string, string>;
  /** Paths whose values must all differ (a carousel's URLs: "All URLs in the list must be unique"). */
  distinct?: string[];
  /**
   * Paths of URLs that must all be on one domain, or its sub or super domains (a carousel's): said of absolute
   * URLs whose hosts share no domain of two labels (`a.example.com` and `example.com` do).
   */
  sameSite?: string[];
  /** Paths ending in `@type` whose nodes must all be of the same types (a carousel's items). */
  alike?: string[];
  /** Properties Google says not to give on such a node (with `when`: not together with that one). */
  forbidden?: string[];
  /** Value formats Google states, by property path. */
  formats?: Record<string, ValueFormat>;
  /** Formats Google states for recommended properties: a value off them is said as a recommendation. */
  recommendedFormats?: Record<string, ValueFormat>;
  /** The rich result is no longer shown (or only to few sites): reported as info. */
  deprecated?: string;
  source: string;
  checked: string;
}
