// What a JSON-LD `@context` means for Schema.org terms, without a full JSON-LD processor: whether bare terms
// are Schema.org's, which prefixes stand for Schema.org, and which terms the document defines itself.

export interface TermContext {
  /** Bare terms resolve to Schema.org (`https://schema.org`, `{"@vocab": ...}`, or none declared). */
  schema: boolean;
  /** Prefixes that expand to the Schema.org namespace (`schema:` always does under Schema.org's context). */
  prefixes: ReadonlySet<string>;
  /** Terms the document maps itself; not Schema.org's to judge. */
  localTerms: ReadonlySet<string>;
  /** Terms that stand for a keyword: Schema.org's context maps `type` to `@type` and `id` to `@id`. */
  aliases: ReadonlyMap<string, string>;
  /** Contexts in scope that are not Schema.org's: a term Schema.org lacks may be one of theirs. */
  others: readonly string[];
  /** Context values of this `@context` that are neither Schema.org nor term definitions, as written. */
  unknown: string[];
}

const schemaAliases: ReadonlyMap<string, string> = new Map([
  ['type', '@type'],
  ['id', '@id'],
]);

const schemaIri = /^https?:\/\/schema\.org\/?(docs\/jsonldcontext\.json(ld)?)?$/;
const schemaNamespace = /^https?:\/\/schema\.org\/?$/;

export const DEFAULT_CONTEXT: TermContext = {
  schema: true,
  prefixes: new Set(['schema']),
  localTerms: new Set(),
  aliases: new Map(),
  others: [],
  unknown: [],
};

/**
 * Reads a `@context` value on top of the context it appears in.
 * @example readContext('https://schema.org/', null).schema // true
 */
export function readContext(value: unknown, outer: TermContext | null): TermContext {
  // Nearly every document opens with the same string: read it once. Contexts are never changed once read.
  if (outer === null && typeof value === 'string') {
    let known = topContexts.get(value);
    if (!known) {
      known = readContextFresh(value, null);
      if (topContexts.size >= 100) topContexts.clear();
      topContexts.set(value, known);
    }
    return known;
  }
  return readContextFresh(value, outer);
}

const topContexts = new Map<string, TermContext>();

function readContextFresh(value: unknown, outer: TermContext | null): TermContext {
  const context = {
    schema: outer?.schema ?? false,
    prefixes: new Set(outer?.prefixes ?? []),
    localTerms: new Set(outer?.localTerms ?? []),
    aliases: new Map(outer?.aliases ?? []),
    others: [...(outer?.others ?? [])],
    unknown: [] as string[],
  };
  const read = (item: unknown): void => {
    if (item === null) {
      context.schema = false;
      context.prefixes.clear();
      context.localTerms.clear();
      context.aliases.clear();
      context.others.length = 0;
    } else if (typeof item === 'string') {
      if (schemaIri.test(item)) {
        context.schema = true;
        context.prefixes.add('schema');
        for (const [alias, keyword] of schemaAliases) context.aliases.set(alias, keyword);
      } else {
        context.unknown.push(item);
        context.others.push(item);
      }
    } else if (Array.isArray(item)) {
      // JSON-LD allows no array inside a context's array: such an entry is not read (nor, however deep it
      // nests, walked).
      for (const entry of item) {
        if (Array.isArray(entry)) context.unknown.push('[…]');
        else read(entry);
      }
    } else if (typeof item === 'object') {
      for (const [key, definition] of Object.entries(item as Record<string, unknown>)) {
        if (key === '@vocab') {
          if (typeof definition === 'string' && schemaNamespace.test(definition)) context.schema = true;
          else {
            context.schema = false;
            context.unknown.push(`@vocab ${JSON.stringify(definition)}`);
          }
        } else if (key.startsWith('@')) {
          // @language, @base, @version, @protected: no bearing on which vocabulary a term is from.
        } else if (typeof definition === 'string' && definition.startsWith('@')) {
          context.aliases.set(key, definition);
        } else if (typeof definition === 'string' && schemaNamespace.test(definition))
          context.prefixes.add(key);
        else context.localTerms.add(key);
      }
    } else context.unknown.push(JSON.stringify(item));
  };
  read(value);
  return context;
}

export type TermResolution = { kind: 'schema'; name: string } | { kind: 'foreign' } | { kind: 'keyword' };

/**
 * Resolves a property name or type as written (`name`, `schema:name`, `https://schema.org/name`).
 * @example resolveTerm('schema:Article', DEFAULT_CONTEXT) // { kind: 'schema', name: 'Article' }
 */
export function resolveTerm(term: string, context: TermContext): TermResolution {
  if (term.charCodeAt(0) === 64 /* @ */) return KEYWORD;
  const colon = term.indexOf(':');
  if (colon === -1) {
    if (context.localTerms.has(term) || !context.schema) return FOREIGN;
    return schemaTerm(term);
  }
  if (term.startsWith('https://schema.org/')) return schemaTerm(term.slice(19));
  if (term.startsWith('http://schema.org/')) return schemaTerm(term.slice(18));
  const prefix = term.slice(0, colon);
  if (context.prefixes.has(prefix) && !term.startsWith('//', colon + 1)) {
    return schemaTerm(term.slice(colon + 1));
  }
  return FOREIGN;
}

const KEYWORD: TermResolution = { kind: 'keyword' };
const FOREIGN: TermResolution = { kind: 'foreign' };
// Every key of every node is resolved: the answers are kept rather than made again (read-only).
const schemaTerms = new Map<string, TermResolution>();
function schemaTerm(name: string): TermResolution {
  let resolved = schemaTerms.get(name);
  if (!resolved) {
    resolved = { kind: 'schema', name };
    if (schemaTerms.size >= 10_000) schemaTerms.clear();
    schemaTerms.set(name, resolved);
  }
  return resolved;
}
