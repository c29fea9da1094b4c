// The value formats Google states for its rich results, beyond what Schema.org's ranges say: a price is a
// number with a dot, a currency an ISO 4217 code, a rating a number within bestRating and worstRating.
import { figure } from '../../plural.ts';
import { isDuration, literalFits } from '../literals.ts';

export type ValueFormat =
  | 'price'
  | 'sale price'
  | 'currency'
  | 'number'
  | 'integer'
  /** A whole number of zero or more (a shipping time's days: "a non-negative, whole number"). */
  | 'count'
  | 'rating'
  | 'availability'
  | 'country'
  | 'date'
  | 'duration'
  | 'coordinate'
  /** A CSS selector of class names alone (`.paywall`, `.story .paywall`): no ids, tags or attributes. */
  | 'class selector'
  /** Text without whitespace (a sku: "must not contain any whitespace characters"). */
  | 'no whitespace'
  /** A GTIN in its numeric form (digits), not the URL form. */
  | 'gtin'
  /** A person's or team's name, not an offer ("50% off until Saturday") or a sentence. */
  | 'name'
  /**
   * One of these Schema.org members (written short, as an IRI or `schema:`); `said` words the choice; with
   * `anyCase`, in any case ("male", "UNISEX").
   */
  | { members: readonly string[]; said?: string; anyCase?: boolean }
  /** Text of this many characters (Google's counts). */
  | { length: readonly [min: number, max: number] }
  /** A URL whose path ends in one of these suffixes (a 3D model's ".gltf" or ".glb" file). */
  | { suffixes: readonly string[] };

/** A term or value written as Schema.org's IRI or with its `schema:` prefix, before its short name. */
export const SCHEMA_ORG_PREFIX = /^(https?:\/\/schema\.org\/|schema:)/;

// Node ships ICU's list of ISO 4217 codes: no table of our own to keep current.
const currencies = new Set(Intl.supportedValuesOf('currency'));
const price = /^\d+(\.\d+)?$/;
const numeric = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const availability =
  /^(https?:\/\/schema\.org\/|schema:)?(BackOrder|Discontinued|InStock|InStoreOnly|LimitedAvailability|MadeToOrder|OnlineOnly|OutOfStock|PreOrder|PreSale|Reserved|SoldOut)$/;

// One or more class names (`.a.b`), and such compounds joined by combinators or commas.
const classes = String.raw`\.[-\w\u00A0-\uFFFF]+(?:\.[-\w\u00A0-\uFFFF]+)*`;
const classSelector = new RegExp(String.raw`^\s*${classes}(?:\s*[\s>+~,]\s*${classes})*\s*$`, 'u');

/** A number, or one written as text ("5"); null otherwise. */
export const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' && numeric.test(value.trim()) ? Number(value) : null;
};

/**
 * What is wrong with `value` for `format`, or null when it fits. `node` holds the value, for ratings (whose
 * range is the node's own bestRating and worstRating, 5 and 1 when absent).
 * @example formatProblem('price', '$10', {}) // 'a number with a dot for decimals ("10.99"), no currency sign'
 */
export function formatProblem(
  format: ValueFormat,
  value: unknown,
  node: Record<string, unknown>,
): string | null {
  if (typeof format === 'object') {
    if ('members' in format) {
      const member = typeof value === 'string' ? value.replace(SCHEMA_ORG_PREFIX, '') : null;
      const same = (name: string) =>
        format.anyCase ? name.toLowerCase() === member!.toLowerCase() : name === member;
      if (member !== null && format.members.some(same)) return null;
      return format.said ?? `one of ${format.members.map((name) => `"${name}"`).join(', ')}`;
    }
    if ('suffixes' in format) {
      const urlPath = typeof value === 'string' ? value.trim().split(/[?#]/)[0]!.toLowerCase() : '';
      if (format.suffixes.some((suffix) => urlPath.endsWith(suffix))) return null;
      return `a URL of a file ending in ${format.suffixes.map((suffix) => `"${suffix}"`).join(' or ')}`;
    }
    const [min, max] = format.length;
    const length = typeof value === 'string' ? [...value.trim()].length : -1;
    if (length >= min && length <= max) return null;
    return `${min > 0 ? `text of ${figure(min)} to ${figure(max)}` : `text of at most ${figure(max)}`} characters${length < 0 ? '' : ` (this is ${figure(length)})`}`;
  }
  switch (format) {
    case 'price':
      if (typeof value === 'number' ? value >= 0 : typeof value === 'string' && price.test(value))
        return null;
      return 'a number with a dot for decimals ("10.99"), without a currency sign or thousands separator';
    case 'sale price': {
      // Merchant listings sell: unlike a product snippet's, their price is above zero.
      const problem = formatProblem('price', value, node);
      return (
        problem ?? (Number(value) > 0 ? null : 'a price above zero (a merchant listing sells the product)')
      );
    }
    case 'currency':
      return typeof value === 'string' && currencies.has(value)
        ? null
        : 'a three-letter ISO 4217 code ("USD", "EUR")';
    case 'number':
      return asNumber(value) !== null ? null : 'a number';
    case 'integer':
      return Number.isInteger(asNumber(value)) ? null : 'a whole number (1, 2, 3…)';
    case 'count': {
      const count = asNumber(value);
      return Number.isInteger(count) && count! >= 0 ? null : 'a whole number of zero or more (0, 1, 2…)';
    }
    case 'rating': {
      const rating = asNumber(value);
      // "Either a number, fraction, or percentage (for example, 4, 60%, or 6 / 10). Google understands the
      // scale for fractions and percentages": those carry their own, so bestRating does not bound them.
      if (rating === null) {
        const text = typeof value === 'string' ? value.trim() : '';
        const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
        if (percent) return Number(percent[1]) <= 100 ? null : 'a percentage of at most 100%';
        const fraction = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(text);
        if (fraction) {
          const [over, under] = [Number(fraction[1]), Number(fraction[2])];
          return under > 0 && over <= under ? null : 'a fraction of at most 1 ("6 / 10")';
        }
        return 'a number ("4.5"), a fraction ("6 / 10") or a percentage ("60%"), with a dot for decimals';
      }
      const best = asNumber(node.bestRating) ?? 5;
      const worst = asNumber(node.worstRating) ?? 1;
      return rating >= worst && rating <= best
        ? null
        : `a number from ${worst} (worstRating) to ${best} (bestRating)`;
    }
    case 'availability':
      return typeof value === 'string' && availability.test(value)
        ? null
        : 'an ItemAvailability member ("https://schema.org/InStock")';
    case 'country':
      return typeof value === 'string' && /^[A-Z]{2}$/.test(value)
        ? null
        : 'a two-letter ISO 3166-1 country code ("US")';
    case 'date':
      return typeof value === 'string' && (literalFits('Date', value) || literalFits('DateTime', value))
        ? null
        : 'an ISO 8601 date ("2024-05-31") or date and time ("2024-05-31T09:00:00+02:00")';
    case 'duration':
      return typeof value === 'string' && isDuration(value) ? null : 'an ISO 8601 duration ("PT1H30M")';
    case 'class selector':
      return typeof value === 'string' && classSelector.test(value)
        ? null
        : 'a class selector (".paywall"), not an id, tag or attribute';
    case 'no whitespace':
      // Unicode's White_Space: JavaScript's \s and NEL (U+0085).
      return typeof value === 'number' || (typeof value === 'string' && !/[\s\u0085]/u.test(value))
        ? null
        : 'text without whitespace characters';
    case 'gtin':
      // "Make sure the GTIN value is in the numerical form; we don't support the URL form for GTINs."
      return (typeof value === 'string' && /^\d+$/.test(value.trim())) ||
        (typeof value === 'number' && Number.isInteger(value))
        ? null
        : 'a GTIN in numeric form ("00012345600012"), not a URL';
    case 'name': {
      // What plainly is no name: a discount ("50% off"), an exclamation or question of two words or more
      // ("Yahoo!" is a name), or a sentence of eight words or more ending in a full stop ("Dr. Ann Lee Jr." is
      // a name).
      const text = typeof value === 'string' ? value.trim() : '';
      const words = text.split(/\s+/).length;
      const sentence = (/[!?]$/.test(text) && words >= 2) || (text.endsWith('.') && words >= 8);
      return /\d\s*%/.test(text) || sentence
        ? 'a person\'s or team\'s name ("James Smith", "CNET Reviewers"), not an offer or a sentence'
        : null;
    }
    case 'coordinate': {
      // Decimals as written in a string; of a number as JSON gives it (as any parser of the page reads it).
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      const decimals = asNumber(text) === null || /e/i.test(text) ? -1 : (text.split('.')[1]?.length ?? 0);
      return decimals >= 5 ? null : 'a number with at least 5 decimal places ("37.42242")';
    }
  }
}
