// Whether a JSON literal is a valid value of a Schema.org DataType, and how to say what was expected.
import { CMS_PLACEHOLDER } from '../cms-placeholders.ts';

const date = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const time = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
// Digits, then an optional fraction: one way to match any string, so a long run of digits cannot backtrack.
const numeric = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const integer = /^[+-]?\d+$/;
// Absolute, or any relative reference ("a.html", "../b", "#c"): a page resolves it against its own URL.
const url = /^\S+$/;
// Schemes that run code or carry the content itself: never a link a search engine or a reader can follow.
const unsafeScheme = /^(javascript|vbscript|data|about):/i;
// "www.example.com/x" or "example.com": a host written without its scheme, which a page would read as a path.
const hostOnly =
  /^(www\.[a-z0-9-]+(\.[a-z0-9-]+)+|[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|co|dev|app|info|biz|edu|gov|de|uk|fr|es|it|nl|eu|ca|au|us|jp|ch|at|be|se|no|dk|fi|pl|br|in|ru|cn))(:\d+)?([/?#]|$)/i;
const duration =
  /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;

function isDate(value: string): boolean {
  const match = date.exec(value);
  if (!match) return false;
  const month = match[2] === undefined ? 1 : Number(match[2]);
  if (month < 1 || month > 12) return false;
  if (match[3] === undefined) return true;
  const day = Number(match[3]);
  return day >= 1 && day <= new Date(Date.UTC(Number(match[1]), month, 0)).getUTCDate();
}

/**
 * Why text in the form of an ISO 8601 date is no date: a month or day the calendar lacks.
 * @example impossibleDate('2025-02-30') // '2025-02 has 28 days'
 */
export function impossibleDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T.*)?$/.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return `there is no month ${match[2]}`;
  if (match[3] === undefined) return null;
  const days = new Date(Date.UTC(Number(match[1]), month, 0)).getUTCDate();
  const day = Number(match[3]);
  return day >= 1 && day <= days ? null : `${match[1]}-${match[2]} has ${days} days`;
}

function isDateTime(value: string): boolean {
  const t = value.indexOf('T');
  return t === 10 && isDate(value.slice(0, 10)) && time.test(value.slice(11));
}

/** Checks a literal against one DataType by name; Text accepts any string. */
export function literalFits(dataType: string, value: string | number | boolean): boolean {
  switch (dataType) {
    case 'Text':
    case 'CssSelectorType':
    case 'XPathType':
    case 'PronounceableText':
      return typeof value === 'string';
    case 'URL':
      return typeof value === 'string' && url.test(value);
    case 'Date':
      return typeof value === 'string' && isDate(value);
    case 'DateTime':
      return typeof value === 'string' && isDateTime(value);
    case 'Time':
      return typeof value === 'string' && time.test(value);
    case 'Number':
    case 'Float':
      return typeof value === 'number'
        ? Number.isFinite(value)
        : typeof value === 'string' && numeric.test(value);
    case 'Integer':
      return typeof value === 'number'
        ? Number.isInteger(value)
        : typeof value === 'string' && integer.test(value);
    case 'Boolean':
      return (
        typeof value === 'boolean' ||
        (typeof value === 'string' &&
          /^(true|false|(https?:\/\/schema\.org\/|schema:)?(True|False))$/.test(value))
      );
    case 'Duration':
      return typeof value === 'string' && duration.test(value);
    // Since 30.0 Quantity is a DataType: "3 kg", "4 milligrams", or a bare number.
    case 'Quantity':
    case 'Distance':
    case 'Energy':
    case 'Mass':
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    default:
      return false;
  }
}

/**
 * A date where Schema.org wants a date and time, or the other way round: a valid ISO 8601 value of the
 * neighbouring type, which readers take (Google's examples use both). Null when it is neither.
 * @example otherDatePrecision('Date', '2025-11-30T23:59:59+00:00') // 'DateTime'
 */
export function otherDatePrecision(expected: string, value: string): 'Date' | 'DateTime' | null {
  if (expected === 'Date' && isDateTime(value)) return 'DateTime';
  if (expected === 'DateTime' && isDate(value) && value.length === 10) return 'Date';
  return null;
}

/** ISO 8601 durations as Schema.org's Duration expects them (`PT1H30M`, `P2D`). */
export function isDuration(value: string): boolean {
  return duration.test(value);
}

/** Whether a string reads as a URL (absolute, or a path relative to the page). */
export function isUrl(value: string): boolean {
  return url.test(value);
}

/** `javascript:`, `vbscript:`, `data:` and `about:` URLs. */
export function hasUnsafeScheme(value: string): boolean {
  return unsafeScheme.test(value.trimStart());
}

/** A host name with no scheme, as in "www.example.com/page". */
export function isHostWithoutScheme(value: string): boolean {
  return hostOnly.test(value);
}

// A template expression making up the whole value: Mustache, Handlebars, Liquid, Jinja, Hugo, Vue, or a
// JavaScript template literal written in plain quotes. Inside longer text it may be a code sample, so only
// a whole value counts.
const templateExpression = /^\s*(\{\{[^{}]*\}\}|\{\{\{[^{}]*\}\}\}|\{%[^%]*%\}|\$\{[^{}]*\})\s*$/;
/**
 * How a text value was left unfilled, or null: a template placeholder (`{{meta_title}}` anywhere, any other
 * template expression as the whole value) or what JavaScript writes for a value that was missing.
 * @example unfilledValue('{{meta_title}} | Acme') // { kind: 'cms', text: '{{meta_title}}' }
 * @example unfilledValue('undefined') // { kind: 'script', text: 'undefined' }
 */
export function unfilledValue(value: string): { kind: 'cms' | 'template' | 'script'; text: string } | null {
  if (value.includes('{')) {
    const cms = CMS_PLACEHOLDER.exec(value);
    if (cms) return { kind: 'cms', text: cms[0] };
    if (templateExpression.test(value)) return { kind: 'template', text: value.trim() };
  }
  if (value === 'undefined' || value === 'null' || value === 'NaN') return { kind: 'script', text: value };
  if (value.includes('[object Object]')) return { kind: 'script', text: '[object Object]' };
  return null;
}

/** What a DataType's values look like, for messages. */
export const dataTypeFormat: Record<string, string> = {
  URL: 'a URL (https://example.com/page/, or a path without spaces)',
  Date: 'an ISO 8601 date (2024-05-31)',
  DateTime: 'an ISO 8601 date and time (2024-05-31T09:00:00+02:00)',
  Time: 'an ISO 8601 time (09:00:00)',
  Number: 'a number',
  Float: 'a number',
  Integer: 'an integer',
  Boolean: 'true or false',
  Text: 'text',
  Duration: 'an ISO 8601 duration (PT1H30M)',
};
