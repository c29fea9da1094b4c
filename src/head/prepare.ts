/** Turns API answers into what a page should say: placeholders filled, CMS URLs moved to the site. */
import { CMS_PLACEHOLDER } from '../cms-placeholders.ts';
import { urlIdentity } from '../url-forms.ts';
import { checkedHeadData } from './checked-input.ts';
import { decodeCharacterReferences } from './escape.ts';
import { fillSocialFromMeta } from './social-fallback.ts';
import type { HeadData, HeadWarning, PreparedHeadData, PrepareOptions } from './types.ts';

const PLACEHOLDER = new RegExp(CMS_PLACEHOLDER.source, 'g');
const ABSOLUTE_HTTP = /^(https?):\/\/([^/?#\\]*)/i;

/**
 * Fills `{{meta_title}}` / `{{meta_description}}` in every JSON-LD string and in the og/twitter
 * titles and descriptions from `meta`, and rewrites absolute URLs on the CMS's host (http or https)
 * to `siteOrigin`, keeping path, query and hash, in every JSON-LD string, `meta.canonical` and
 * `social.og.url`. URLs whose path starts with one of `keepPathPrefixes` (media) stay on the CMS.
 *
 * A placeholder whose value `meta` lacks is left as it is (an empty headline would be worse than a
 * visible one) and reported in `warnings`. Inputs are not changed.
 *
 * @example
 * prepareHeadData(
 *   { schemas: [{ '@type': 'WebPage', name: '{{meta_title}}', url: 'https://cms.example.com/a/' }],
 *     meta: { url: 'https://cms.example.com/a/', title: 'A', description: null, robots: null, canonical: null, keywords: null },
 *     social: null },
 *   { cmsOrigin: 'https://cms.example.com', siteOrigin: 'https://example.com' },
 * ).schemas // [{ '@type': 'WebPage', name: 'A', url: 'https://example.com/a/' }]
 */
export function prepareHeadData(input: HeadData, options: PrepareOptions = {}): PreparedHeadData {
  const given = checkedHeadData(input, 'prepareHeadData');
  given.schemas.forEach((schema, index) => {
    // The client's records carry the document in `data`; written whole, the page would publish the record.
    if (schema !== null && typeof schema === 'object' && 'schema_data' in schema && !('@type' in schema))
      throw new TypeError(
        `prepareHeadData: schemas[${index}] is a schema record from the client, not a JSON-LD document; pass its data (records.map((record) => record.data)).`,
      );
  });
  const data = withTextDecoded(given);
  const warnings: HeadWarning[] = [];
  const reported = new Set<string>();
  const rewrite = urlRewriter(options);
  const fill = (text: string, key: string): string => {
    if (!text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = name === 'meta_title' ? data.meta?.title : data.meta?.description;
      if (value != null && value.trim() !== '') return value;
      if (!reported.has(`${key} ${name}`)) {
        reported.add(`${key} ${name}`);
        warnings.push({
          code: 'unfilled-placeholder',
          key,
          message: data.meta
            ? `${key} uses {{${name}}} but the page's meta has no ${name === 'meta_title' ? 'title' : 'description'}; it was left as is. Set it in the CMS or remove the placeholder.`
            : // No meta at all: none stored for the page, or none readable by the credentials (meta needs manage_options).
              `${key} uses {{${name}}} but the page has no meta to fill it from (none for this URL in the CMS, or the credentials may not read meta); it was left as is.`,
        });
      }
      return whole;
    });
  };
  const fillOrNull = (text: string | null, key: string): string | null =>
    text === null ? null : fill(text, key);
  const served = servedSpelling(options.pageUrl, options.trailingSlash);
  const rewriteOrNull = (url: string | null): string | null => (url === null ? null : served(rewrite(url)));

  const schemas = data.schemas.map((schema, index) =>
    mapStrings(schema, (text) => fill(rewrite(text), `jsonld:${index}`)),
  );
  const meta = data.meta && { ...data.meta, canonical: rewriteOrNull(data.meta.canonical) };
  const social = data.social && {
    url: data.social.url,
    og: {
      ...data.social.og,
      title: fillOrNull(data.social.og.title, 'property:og:title'),
      description: fillOrNull(data.social.og.description, 'property:og:description'),
      url: rewriteOrNull(data.social.og.url),
    },
    twitter: {
      ...data.social.twitter,
      title: fillOrNull(data.social.twitter.title, 'name:twitter:title'),
      description: fillOrNull(data.social.twitter.description, 'name:twitter:description'),
    },
  };
  // After placeholders and URL rewriting, so the fallback copies the values the page shows.
  const filled =
    options.socialFallback === false ? { social, derivedFrom: {} } : fillSocialFromMeta(meta, social);
  return { schemas, meta, social: filled.social, derivedFrom: filled.derivedFrom, warnings };
}

/**
 * Meta and social values with their character references decoded (`Tom&#8217;s` -> `Tom’s`, `a&#038;b` ->
 * `a&b`): WordPress keeps titles and URLs as HTML text (wptexturize, esc_url) and never escapes a reference
 * twice when it prints them, so a page shows `Tom’s` where escaping the text again would show `&#8217;`.
 * Only complete references (with their `;`) count, as in WordPress: `AT&T` and `&notit` stay as they are.
 * JSON-LD is left alone: a reference in a JSON string is text to every reader of JSON-LD.
 */
function withTextDecoded(data: HeadData): HeadData {
  const decodeAll = <T extends object>(fields: T): T =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        typeof value === 'string' && name !== 'url' ? decodeCharacterReferences(value) : value,
      ]),
    ) as T;
  return {
    schemas: data.schemas,
    meta: data.meta && decodeAll(data.meta),
    social: data.social && {
      url: data.social.url,
      og: decodeAll(data.social.og),
      twitter: decodeAll(data.social.twitter),
    },
  };
}

/**
 * The function that writes an address naming the page itself with the other trailing slash (WordPress's
 * `/about/` for a site that serves `/about`) with the slash the site serves; others as they are. Only where
 * Astro serves one spelling (`trailingSlash` 'always' or 'never'): under 'ignore' both are served and the CMS's
 * choice of canonical is the point. The CMS's letters and escapes are kept: at request time the page's address
 * is the visitor's spelling, which must not become the canonical.
 */
function servedSpelling(
  pageUrl: string | null | undefined,
  trailingSlash: PrepareOptions['trailingSlash'],
): (url: string) => string {
  if (!pageUrl || (trailingSlash !== 'always' && trailingSlash !== 'never')) return (url) => url;
  const identity = urlIdentity(pageUrl);
  return (url) => {
    const parsed = URL.parse(url);
    if (parsed === null || parsed.pathname === '/' || url.includes('#')) return url;
    const slashed = parsed.pathname.endsWith('/');
    if (slashed === (trailingSlash === 'always')) return url;
    const other = new URL(parsed.href);
    other.pathname = slashed ? parsed.pathname.slice(0, -1) : `${parsed.pathname}/`;
    return urlIdentity(other) === identity ? other.href : url;
  };
}

/** The function that moves one URL from the CMS to the site (identity when rewriting is off). */
function urlRewriter(options: PrepareOptions): (text: string) => string {
  const { cmsOrigin, siteOrigin } = options;
  if (options.rewriteUrls === false || !cmsOrigin || !siteOrigin) return (text) => text;
  const cmsHost = hostOf(cmsOrigin, 'cmsOrigin');
  hostOf(siteOrigin, 'siteOrigin');
  const site = siteOrigin.replace(/\/+$/, '');
  const keep = options.keepPathPrefixes ?? ['/wp-content/'];
  return (text) => {
    const match = ABSOLUTE_HTTP.exec(text);
    if (match === null) return text;
    let host: string;
    try {
      host = new URL(match[0]).host;
    } catch {
      return text;
    }
    if (host !== cmsHost) return text;
    const rest = text.slice(match[0].length);
    return keep.some((prefix) => rest.startsWith(prefix)) ? text : site + rest;
  };
}

function hostOf(origin: string, option: string): string {
  try {
    return new URL(origin).host;
  } catch {
    throw new TypeError(
      `prepareHeadData: ${option} ${JSON.stringify(origin)} is not an absolute URL; pass one such as 'https://example.com'.`,
    );
  }
}

/** A copy of `value` with `fn` applied to every string value (not keys); iterative, so depth is no limit. */
function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (value === null || typeof value !== 'object') return value;
  const copies = new Map<object, object>();
  const pending: object[] = [];
  const copyOf = (source: object): object => {
    let copy = copies.get(source);
    if (copy === undefined) {
      copy = Array.isArray(source) ? new Array(source.length) : {};
      copies.set(source, copy);
      pending.push(source);
    }
    return copy;
  };
  const root = copyOf(value);
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    const target = copies.get(source) as Record<string, unknown>;
    for (const [key, item] of Object.entries(source)) {
      const mapped =
        typeof item === 'string' ? fn(item) : item !== null && typeof item === 'object' ? copyOf(item) : item;
      // A JSON key "__proto__" is an own property; plain assignment would set the prototype instead.
      if (key === '__proto__') {
        Object.defineProperty(target, key, {
          value: mapped,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        target[key] = mapped;
      }
    }
  }
  return root;
}
