// The one test of "is this script JSON-LD", shared by the head scanner and `check`'s extractor, so a page's
// scripts count the same everywhere; and what a JSON-LD document is about (its top-level types). A browser and a JSON-LD processor compare the MIME type's essence:
// parameters (`; charset=utf-8`), case and surrounding whitespace do not matter.

/**
 * Whether a `<script>`'s `type` attribute marks JSON-LD.
 * @example isJsonLdType('application/ld+json; charset=utf-8') // true
 */
export function isJsonLdType(type: string | null | undefined): boolean {
  if (type == null) return false;
  const semicolon = type.indexOf(';');
  const essence = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
  return essence === 'application/ld+json';
}

/**
 * Whether the `+` at `plus` is the one of `ld+json`, in any case: the cheap test pages are searched with (every
 * `+` found by indexOf, then this), so that no page is lower-cased whole or scanned by a case-insensitive pattern.
 *
 * @example mentionsLdJsonAt('type="application/LD+JSON"', 20) // true
 */
export function mentionsLdJsonAt(text: string | Buffer, plus: number): boolean {
  if (plus < 2 || plus + 5 > text.length) return false;
  const around =
    typeof text === 'string' ? text.slice(plus - 2, plus + 5) : text.toString('latin1', plus - 2, plus + 5);
  return around.toLowerCase() === 'ld+json';
}

/** A top-level node of a JSON-LD document: its `@type` names and its `@id`. */
export interface TopLevelNode {
  types: string[];
  id: string | null;
}

/**
 * A document's top-level nodes (and a `@graph`'s nodes): what it says the page is about.
 * @example topLevelNodes({ '@graph': [{ '@type': 'WebSite', '@id': '/#site' }] }) // [{ types: ['WebSite'], id: '/#site' }]
 */
export function topLevelNodes(doc: Record<string, unknown> | unknown[]): TopLevelNode[] {
  const found: TopLevelNode[] = [];
  for (const node of Array.isArray(doc) ? doc : [doc]) {
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    const graph = Array.isArray(record['@graph']) ? (record['@graph'] as unknown[]) : [];
    for (const inner of [record, ...graph]) {
      if (inner === null || typeof inner !== 'object') continue;
      const { '@type': type, '@id': id } = inner as Record<string, unknown>;
      const types = (Array.isArray(type) ? type : [type]).filter((name) => typeof name === 'string');
      if (types.length > 0) found.push({ types, id: typeof id === 'string' ? id : null });
    }
  }
  return found;
}

/**
 * The `@type` names of a document's top-level nodes (and of a `@graph`'s nodes).
 * @example topLevelTypes({ '@graph': [{ '@type': 'WebSite' }, { '@type': ['Organization', 'Brand'] }] }) // ['WebSite', 'Organization', 'Brand']
 */
export function topLevelTypes(doc: Record<string, unknown> | unknown[]): string[] {
  return topLevelNodes(doc).flatMap((node) => node.types);
}

/** `https://schema.org/Article` and `schema:Article` are `Article`. */
export function shortType(type: string): string {
  return type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, '');
}

/**
 * The types of `node` that one of `others` describes too, as another thing or without saying which thing: the
 * same `@type`, and not the same `@id` (two nodes with one `@id` are one thing described in two places, which
 * readers merge). The one rule of "described twice", for the audit's warning and for `jsonLdConflict`.
 *
 * @example typesDescribedTwice({ types: ['BlogPosting'], id: null }, [{ types: ['schema:BlogPosting'], id: '/#post' }]) // ['BlogPosting']
 */
export function typesDescribedTwice(node: TopLevelNode, others: readonly TopLevelNode[]): string[] {
  const described = (type: string, other: TopLevelNode) =>
    other.types.some((name) => shortType(name) === type) && (node.id === null || other.id !== node.id);
  const types = new Set(node.types.map(shortType));
  return [...types].filter((type) => others.some((other) => described(type, other)));
}
