/** Head tags from prepared data: one tag per line, every one marked, every value escaped. */
import { checkedHeadData } from './checked-input.ts';
import { escapeAttribute, escapeText, isSafeUrl, serializeJsonForScript } from './escape.ts';
import { topLevelNodes } from './json-ld-type.ts';
import { MARK } from './scan.ts';
import type { HeadData, HeadTag, RenderOptions } from './types.ts';

type Field = string | null | undefined;

const SCHEMA_ORG_CONTEXT = /^https?:\/\/schema\.org\/?$/i;

/**
 * The tags for one page, in this order: title, description, robots, keywords, canonical, og:*
 * (title, description, image, image:alt, type, url, site_name, locale), twitter:* (card, title,
 * description, image, image:alt, site, creator), then JSON-LD: one script per schema, or with
 * `graph: true` a single `{"@context":"https://schema.org","@graph":[...]}` holding every node.
 *
 * In graph mode a document that is only `@context` + `@graph` gives its nodes; any other document
 * is one node. A node's `@context` (its own, or its document's) is dropped when it is schema.org's
 * and kept on the node otherwise, so no node changes meaning.
 *
 * Empty values are skipped. A canonical, og:url, og:image or twitter:image whose URL is not http(s)
 * or relative (`javascript:`, `data:`...) is left out and reported to `onWarning`, as is a schema with
 * no JSON form; an image:alt is written only with its image.
 *
 * @example
 * renderHeadTags({ schemas: [], meta: { url: '/', title: 'A & B', description: null, robots: null,
 *   canonical: null, keywords: null }, social: null })
 * // [{ key: 'title', html: '<title data-schema-manager>A &amp; B</title>' }]
 */
export function renderHeadTags(input: HeadData, options: RenderOptions = {}): HeadTag[] {
  const data = checkedHeadData(input, 'renderHeadTags');
  const tags: HeadTag[] = [];
  const warn = options.onWarning ?? (() => {});
  const present = (value: Field): value is string => typeof value === 'string' && value.trim() !== '';
  const safe = (key: string, url: Field): url is string => {
    if (!present(url)) return false;
    if (isSafeUrl(url)) return true;
    warn({
      code: 'unsafe-url',
      key,
      message: `${key} was left out: ${JSON.stringify(url.slice(0, 100))} is not an http(s) URL. Fix it in the CMS.`,
    });
    return false;
  };
  const meta = (
    attribute: 'name' | 'property',
    name: string,
    content: Field,
    key = `${attribute}:${name}`,
  ): boolean => {
    if (!present(content)) return false;
    const from = data.derivedFrom?.[key];
    tags.push({
      key,
      html: `<meta ${attribute}="${name}" content="${escapeAttribute(content)}" ${MARK}>`,
      ...(from && { from }),
    });
    return true;
  };

  const m = data.meta;
  if (m) {
    if (present(m.title)) tags.push({ key: 'title', html: `<title ${MARK}>${escapeText(m.title)}</title>` });
    meta('name', 'description', m.description, 'meta:description');
    meta('name', 'robots', m.robots, 'meta:robots');
    meta('name', 'keywords', m.keywords, 'meta:keywords');
    if (safe('link:canonical', m.canonical)) {
      tags.push({
        key: 'link:canonical',
        html: `<link rel="canonical" href="${escapeAttribute(m.canonical)}" ${MARK}>`,
      });
    }
  }
  const og = data.social?.og;
  if (og) {
    meta('property', 'og:title', og.title);
    meta('property', 'og:description', og.description);
    if (safe('property:og:image', og.image) && meta('property', 'og:image', og.image)) {
      meta('property', 'og:image:alt', og.image_alt);
    }
    meta('property', 'og:type', og.type);
    if (safe('property:og:url', og.url)) meta('property', 'og:url', og.url);
    meta('property', 'og:site_name', og.site_name);
    meta('property', 'og:locale', og.locale);
  }
  const twitter = data.social?.twitter;
  if (twitter) {
    meta('name', 'twitter:card', twitter.card);
    meta('name', 'twitter:title', twitter.title);
    meta('name', 'twitter:description', twitter.description);
    if (safe('name:twitter:image', twitter.image) && meta('name', 'twitter:image', twitter.image)) {
      meta('name', 'twitter:image:alt', twitter.image_alt);
    }
    meta('name', 'twitter:site', twitter.site);
    meta('name', 'twitter:creator', twitter.creator);
  }

  const documents = options.graph ? [graphOf(data.schemas)] : data.schemas;
  documents.forEach((document, index) => {
    if (document === null || document === undefined) return;
    const key = `jsonld:${index}`;
    try {
      tags.push({
        key,
        html: `<script type="application/ld+json" ${MARK}>${serializeJsonForScript(document)}</script>`,
        nodes: typeof document === 'object' ? topLevelNodes(document as Record<string, unknown>) : [],
      });
    } catch (error) {
      warn({
        code: 'unserialisable-schema',
        key,
        message: `${key} was left out: ${(error as Error).message}`,
      });
    }
  });
  return tags;
}

/** All nodes of all documents in one schema.org `@graph`, or null when there are none. */
function graphOf(schemas: unknown[]): object | null {
  const nodes: unknown[] = [];
  for (const schema of schemas) {
    for (const document of Array.isArray(schema) ? schema : [schema]) {
      if (!isObject(document)) {
        if (document !== null && document !== undefined) nodes.push(document);
        continue;
      }
      const context = document['@context'];
      const onlyGraph =
        '@graph' in document && Object.keys(document).every((k) => k === '@context' || k === '@graph');
      const members = onlyGraph ? [document['@graph']].flat() : [document];
      for (const node of members)
        nodes.push(isObject(node) ? withContext(node, node['@context'] ?? context) : node);
    }
  }
  return nodes.length === 0 ? null : { '@context': 'https://schema.org', '@graph': nodes };
}

function withContext(node: Record<string, unknown>, context: unknown): Record<string, unknown> {
  const rest = Object.fromEntries(Object.entries(node).filter(([key]) => key !== '@context'));
  if (context === undefined || (typeof context === 'string' && SCHEMA_ORG_CONTEXT.test(context))) return rest;
  return { '@context': context, ...rest };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
