// Field checks for request input. Each returns the reason a value is refused (named by the caller), or null.
import { parseJsonSafely, valueNestsDeeper } from '../parse-json-safely.ts';

/** Deeper documents are refused before any recursive walk can meet them. */
export const maxDocumentDepth = 64;

/** How deeply `value` nests, counted without recursion and stopping once past `limit`. */
export const depthExceeds = valueNestsDeeper;

/** The hosts (`name:port` when not the default) of the site origins the API accepts URLs for. */
export function siteHosts(site: string | string[]): Set<string> {
  return new Set((Array.isArray(site) ? site : [site]).map((origin) => new URL(origin).host));
}

/** Absolute http(s) URL on one of the site's hosts (either scheme). */
export function urlProblem(value: unknown, hosts: ReadonlySet<string>): string | null {
  if (typeof value !== 'string' || value === '') return 'must be a non-empty string';
  if (value.length > 2048) return 'must be at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL (https://host/path)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (!hosts.has(url.host)) return `must be on the site's host (${[...hosts].join(', ')}), not ${url.host}`;
  return null;
}

export type JsonDocument = Record<string, unknown> | unknown[];

export type ParsedData = { text: string; doc: JsonDocument } | { problem: string };

/**
 * `schema_data` as the API stores it: JSON text of an object or array whose nodes carry `@context` and
 * `@type` (or a `@graph`). An object or array is accepted too and serialised.
 */
export function parseSchemaData(value: unknown): ParsedData {
  let doc: unknown;
  if (typeof value === 'string') {
    const parsed = parseJsonSafely(value, maxDocumentDepth);
    if (!parsed.ok) return { problem: `must be valid JSON (${parsed.message})` };
    doc = parsed.value;
  } else if (value !== null && typeof value === 'object') {
    doc = value;
  } else {
    return { problem: 'must be a string of JSON-LD' };
  }
  if (doc === null || typeof doc !== 'object') return { problem: 'must parse to a JSON object or array' };
  if (depthExceeds(doc, maxDocumentDepth))
    return { problem: `must not nest deeper than ${maxDocumentDepth} levels` };
  const nodes = Array.isArray(doc) ? doc : [doc];
  if (nodes.length === 0) return { problem: 'must not be an empty array' };
  for (const [index, node] of nodes.entries()) {
    const where = Array.isArray(doc) ? `item ${index} ` : '';
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      return { problem: `${where}must be a JSON object` };
    }
    if (!('@context' in node)) return { problem: `${where}must have "@context" (https://schema.org)` };
    if (!('@type' in node) && !Array.isArray((node as { '@graph'?: unknown })['@graph'])) {
      return { problem: `${where}must have "@type" or "@graph"` };
    }
  }
  return { text: typeof value === 'string' ? value : JSON.stringify(doc), doc: doc as JsonDocument };
}

/** A positive integer from a query string or body (`"12"` or `12`), or null. */
export function positiveInteger(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  const number = Number(text);
  return number >= 1 ? number : null;
}

/** `true`/`false`, or the WordPress spellings `1`/`0`. */
export function booleanFlag(value: unknown): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}
