// The JSON-LD walk: top-level nodes, `@graph`, contexts, types and properties, handing each value to the
// value checks. The path stack lives in the reporter so paths are only formatted when an issue is found.

import { valueKind } from '../value-kind.ts';
import { checkLiteral, checkNodeRange, checkReference, partsOf, resolveId } from './check-value.ts';
import { DEFAULT_CONTEXT, readContext, resolveTerm, type TermContext } from './context.ts';
import { nodeTypes, reportTermStatus, suggest, unknownTerm } from './node-types.ts';
import type { Property } from './vocabulary/vocabulary.ts';
import { keywordKey, type Walk, withinDepth } from './walk-state.ts';

export type { TypedNode, Walk } from './walk-state.ts';

type JsonObject = Record<string, unknown>;

// Properties Google's documentation spells otherwise than Schema.org (its speakable page writes `xPath`).
const GOOGLE_SPELLINGS = new Map([['xPath', 'xpath']]);

// Superseded terms Google's documentation asks for by their old name (a restaurant's `menu`, not `hasMenu`):
// with Google's rules on, following Google earns no warning.
const GOOGLE_READS_SUPERSEDED = new Set(['menu']);

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks a parsed document: an object, an array of documents, or a `@graph` container. */
export function walkDocument(walk: Walk, root: unknown = walk.root): void {
  const { report } = walk;
  if (Array.isArray(root)) {
    for (let i = 0; i < root.length; i++) {
      report.path.push(i);
      walkTop(walk, root[i], null);
      report.path.pop();
    }
  } else walkTop(walk, root, null);
}

/** Walks the documents of one page, each under its index (`$[1]` is the second), as one graph. */
export function walkPage(walk: Walk, documents: unknown[]): void {
  for (let i = 0; i < documents.length; i++) {
    walk.report.path.push(i);
    walkDocument(walk, documents[i]);
    walk.report.path.pop();
  }
}

function walkTop(walk: Walk, value: unknown, outer: TermContext | null): void {
  const { report } = walk;
  if (!isObject(value)) {
    report.add(
      'invalid-json-ld',
      `A JSON-LD document is an object with "@context" and "@type"; found ${valueKind(value)}.`,
    );
    return;
  }
  if (!withinDepth(walk)) return;
  if (Object.keys(value).length === 0) {
    // Valid JSON-LD that says nothing (a template with no data to write): readers skip it, nothing breaks.
    report.add(
      'empty-json-ld',
      'The JSON-LD is an empty object, which says nothing: fill it, or leave it out.',
    );
    return;
  }
  let context = outer;
  if (value['@context'] === null && !outer) {
    // A null context leaves no vocabulary at all: search engines read none of the terms.
    report.path.push('@context');
    report.add(
      'missing-context',
      '"@context" is null, which leaves the terms in no vocabulary: write "@context": "https://schema.org".',
    );
    report.path.pop();
    context = DEFAULT_CONTEXT;
  } else if ('@context' in value) context = contextOf(walk, value['@context'], outer);
  else if (!context) {
    report.add(
      'missing-context',
      'No "@context": add "@context": "https://schema.org" so the terms are read as Schema.org.',
    );
    context = DEFAULT_CONTEXT;
  }
  if ('@graph' in value) {
    walkGraph(walk, value['@graph'], context);
    const id = keywordKey(value, '@id', context);
    const own = Object.keys(value).some((key) => key !== '@context' && key !== '@graph' && key !== id);
    if (own) walkNode(walk, value, context, null, null, true);
    return;
  }
  walkNode(walk, value, context, null, null, true);
}

function walkGraph(walk: Walk, graph: unknown, context: TermContext): void {
  const { report } = walk;
  report.path.push('@graph');
  walkGraphItems(walk, graph, context);
  report.path.pop();
}

/**
 * A `@graph`'s items as JSON-LD expands them: `null` is dropped and an array inside is read as its items
 * (a template that writes `[node, null, []]` holds one node); anything else must be a node.
 */
function walkGraphItems(walk: Walk, items: unknown, context: TermContext): void {
  const { report } = walk;
  if (items === null) return;
  if (Array.isArray(items)) {
    for (let i = 0; i < items.length; i++) {
      report.path.push(i);
      walkGraphItems(walk, items[i], context);
      report.path.pop();
    }
  } else if (isObject(items)) walkTop(walk, items, context);
  else
    report.add(
      'invalid-json-ld',
      `An item of "@graph" is a node: an object with "@type"; found ${valueKind(items)}.`,
    );
}

function contextOf(walk: Walk, value: unknown, outer: TermContext | null): TermContext {
  const context = readContext(value, outer);
  if (context.unknown.length > 0) {
    walk.report.add(
      'unknown-context',
      `"@context" ${context.unknown.map((entry) => JSON.stringify(entry)).join(', ')} is not Schema.org's; ` +
        (context.schema ? 'terms it defines may be reported as unknown.' : 'its terms are not checked.'),
    );
  }
  return context;
}

/**
 * Walks one node. `inferred` are the types an untyped node is read as (its property's range); `outer` is the
 * property the node is the value of, which a Role node may repeat.
 */
export function walkNode(
  walk: Walk,
  node: JsonObject,
  outerContext: TermContext,
  inferred: number[] | null,
  outer: Property | null,
  top: boolean,
): number[] {
  const { report, vocab } = walk;
  const context = '@context' in node && !top ? contextOf(walk, node['@context'], outerContext) : outerContext;
  const typed = keywordKey(node, '@type', context) !== undefined;
  const idKey = keywordKey(node, '@id', context);
  const id = idKey !== undefined && typeof node[idKey] === 'string' ? (node[idKey] as string) : null;
  // A part of a node that another part types, by its `@id` (a page's second script adding to the first's
  // Article): JSON-LD, and Google, read the parts as one node of that type.
  const whole = !typed && id !== null ? resolveId(walk, id) : undefined;
  const wholeTypes =
    whole && whole !== node && keywordKey(whole, '@type', context) !== undefined
      ? nodeTypes(walk, whole, context, true)
      : null;
  if (!typed && top && !wholeTypes) {
    report.add('missing-type', 'No "@type": name the Schema.org type of this node (for example "Article").');
  }
  const explicit = typed ? nodeTypes(walk, node, context, false) : [];
  const types = typed ? explicit : (wholeTypes ?? inferred ?? []);
  // Where each part stands, for the rule tables: they check the whole node and point at the part that errs.
  if (walk.partPaths && id !== null && partsOf(walk, id)?.includes(node))
    walk.partPaths.set(node, [...report.path]);
  if (walk.typed && explicit.length > 0 && walk.ruled!(explicit)) {
    const above = walk.owner;
    const parentTypes = above?.types ?? [];
    walk.typed.push({
      node,
      types,
      path: [...report.path],
      top,
      via: outer?.name ?? null,
      parentTypes,
      above,
      id,
    });
  }
  walk.owner = { types, up: walk.owner, top, via: outer?.name ?? null };
  walk.ownerIds.push(id);
  const role = outer && explicit.some((type) => vocab.isA(type, vocab.id('Role'))) ? outer : null;

  for (const key in node) {
    const value = node[key];
    const keyword = key.charCodeAt(0) === 64 /* @ */ ? key : context.aliases.get(key);
    if (keyword !== undefined) {
      if (keyword === '@graph') walkGraph(walk, value, context);
      continue;
    }
    report.path.push(key);
    const term = resolveTerm(key, context);
    if (term.kind === 'schema') {
      const property = role && term.name === role.name ? role : vocab.properties.get(term.name);
      if (property) {
        if (!(walk.typed && GOOGLE_READS_SUPERSEDED.has(term.name))) reportTermStatus(walk, term.name);
        if (property !== role && types.length > 0 && property.domains.length > 0) {
          checkDomain(walk, property, types);
        }
        walkValue(walk, value, property, context);
      } else if (GOOGLE_SPELLINGS.has(term.name)) {
        const respelled = GOOGLE_SPELLINGS.get(term.name)!;
        report.add(
          'superseded-term',
          `"${term.name}" is how Google's documentation spells Schema.org's "${respelled}", and Google reads both; write "${respelled}" for other readers.`,
        );
        walkValue(walk, value, vocab.properties.get(respelled) ?? null, context);
      } else {
        // `query-input` and friends: Schema.org's Action annotations (`<property>-input`/`-output`).
        const annotated = /^(.+)-(input|output)$/.exec(term.name)?.[1];
        if (!annotated || !vocab.properties.has(annotated)) {
          unknownTerm(walk, context, 'property', key, suggest(vocab.propertyNames, term.name, walk));
        }
        walkValue(walk, value, null, context);
      }
    } else {
      // `"spatialCoverage:"`: a stray colon makes a Schema.org term an IRI of no vocabulary, and its value is
      // lost to every reader (Google's own Dataset page has this typo).
      const meant = /^\s*([A-Za-z]+)\s*:\s*$/.exec(key)?.[1];
      if (
        meant !== undefined &&
        context.schema &&
        !context.localTerms.has(meant) &&
        vocab.properties.has(meant)
      )
        report.add(
          'unknown-property',
          `"${key}" is no property: the colon makes it an IRI of no vocabulary, so every reader skips its value. Did you mean "${meant}"?`,
        );
      walkValue(walk, value, null, context);
    }
    report.path.pop();
  }
  walk.owner = walk.owner!.up;
  walk.ownerIds.pop();
  return explicit;
}

function walkValue(walk: Walk, value: unknown, property: Property | null, context: TermContext): void {
  const { report } = walk;
  if (value === null) return;
  if (typeof value === 'object' && !withinDepth(walk)) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      report.path.push(i);
      walkValue(walk, value[i], property, context);
      report.path.pop();
    }
    return;
  }
  if (typeof value !== 'object') {
    if (property) checkLiteral(walk, value as string | number | boolean, property);
    return;
  }
  const object = value as JsonObject;
  if ('@value' in object) {
    const literal = object['@value'];
    if (property && literal !== null && typeof literal !== 'object') {
      report.path.push('@value');
      checkLiteral(walk, literal as string | number | boolean, property);
      report.path.pop();
    }
    return;
  }
  for (const list of ['@list', '@set']) {
    if (list in object) {
      report.path.push(list);
      walkValue(walk, object[list], property, context);
      report.path.pop();
      return;
    }
  }
  let keys = 0;
  for (const _ in object) keys++;
  const idKey = keys === 1 ? keywordKey(object, '@id', context) : undefined;
  if (idKey !== undefined) {
    checkReference(walk, object[idKey], property, context);
    return;
  }
  const types = walkNode(walk, object, context, property ? property.classRanges : null, property, false);
  if (property && (types.length > 0 || property.classRanges.length === 0))
    checkNodeRange(walk, types, property);
}

function checkDomain(walk: Walk, property: Property, types: number[]): void {
  const { vocab } = walk;
  for (const type of types) for (const domain of property.domains) if (vocab.isA(type, domain)) return;
  const names = (ids: number[]) => ids.map((id) => vocab.typeNames[id]).join(', ');
  walk.report.add(
    'property-not-in-domain',
    `"${property.name}" is not a property of ${names(types)}; Schema.org defines it on ${names(property.domains.slice(0, 6))}${property.domains.length > 6 ? ', …' : ''}.`,
  );
}
