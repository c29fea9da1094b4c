// A node's types as the vocabulary knows them, and how an unknown or dated term is reported: shared by the
// walk and the value checks.

import { valueKind } from '../value-kind.ts';
import { resolveTerm, type TermContext } from './context.ts';
import { closestName } from './suggest-spelling.ts';
import { keywordKey, type Walk } from './walk-state.ts';

type JsonObject = Record<string, unknown>;

/** Reports a superseded (warning) or pending (info) term. */
export function reportTermStatus(walk: Walk, name: string): void {
  const { vocab, report } = walk;
  const replacement = vocab.superseded.get(name);
  if (replacement !== undefined)
    report.add('superseded-term', `"${name}" is superseded by "${replacement}".`);
  if (vocab.pending.has(name)) {
    let message = pendingMessages.get(name);
    if (message === undefined) {
      message = `"${name}" is in Schema.org's pending area: proposed, and its definition may still change.`;
      pendingMessages.set(name, message); // bounded: pending terms are a fixed list
    }
    report.add('pending-term', message);
  }
}

const pendingMessages = new Map<string, string>();

/** Resolves `@type` to vocabulary ids, reporting unknown, superseded and pending types. */
export function nodeTypes(walk: Walk, node: JsonObject, context: TermContext, quiet: boolean): number[] {
  const { report, vocab } = walk;
  const key = keywordKey(node, '@type', context);
  if (key === undefined) return [];
  const written = node[key];
  const count = Array.isArray(written) ? written.length : 1;
  const types: number[] = [];
  if (!quiet) report.path.push(key);
  for (let index = 0; index < count; index++) {
    const type: unknown = Array.isArray(written) ? written[index] : written;
    if (typeof type !== 'string') {
      if (!quiet)
        report.add(
          'invalid-json-ld',
          `"@type" must be a string or an array of strings; found ${valueKind(type)}.`,
        );
      continue;
    }
    const term = resolveTerm(type, context);
    if (term.kind === 'foreign' && !quiet && mistakenIri(type, context)) {
      const [before, after] = [
        type.slice(0, type.indexOf(':')).trim(),
        type.slice(type.indexOf(':') + 1).trim(),
      ];
      const meant = vocab.typeIds.has(after) ? after : vocab.typeIds.has(before) ? before : null;
      walk.report.add(
        'unknown-type',
        `"${type}" is not a Schema.org type: "${type.slice(0, type.indexOf(':') + 1)}" is no prefix the @context defines, so it reads as an IRI of its own that no reader knows.${meant ? ` Did you mean "${meant}"?` : suggest(vocab.typeNames, before, walk)}`,
      );
    }
    if (term.kind !== 'schema') continue;
    const id = vocab.typeIds.get(term.name);
    if (id !== undefined) {
      types.push(id);
      if (!quiet) reportTermStatus(walk, term.name);
    } else if (!quiet) {
      unknownTerm(walk, context, 'type', type, suggest(vocab.typeNames, term.name, walk));
    }
  }
  if (!quiet) report.path.pop();
  return types;
}

/** Schemes a type from another vocabulary is written in: `https://purl.org/…`, `urn:…`. */
const IRI_SCHEMES = /^(?:(?:https?|ftp):\/\/|(?:urn|tag|did):)\S+$/i;

/**
 * Whether a `@type` with a colon, which JSON-LD reads as an absolute IRI where its prefix is undefined, is a slip
 * rather than another vocabulary's type: `Product: Running shoe`, `Artcle:x`, `http:Article`. Only under
 * Schema.org's context with no other (which could define the prefix), and not for a prefix the document defines.
 */
function mistakenIri(type: string, context: TermContext): boolean {
  const colon = type.indexOf(':');
  if (colon === -1 || !context.schema || context.others.length > 0) return false;
  const prefix = type.slice(0, colon);
  return !context.localTerms.has(prefix) && !IRI_SCHEMES.test(type);
}

/** An unknown type or property: an error, or a note when another context in scope may define it. */
export function unknownTerm(
  walk: Walk,
  context: TermContext,
  what: 'type' | 'property',
  written: string,
  hint: string,
): void {
  if (context.others.length > 0) {
    const others = context.others.map((other) => JSON.stringify(other)).join(', ');
    walk.report.add(
      'term-of-other-context',
      `"${written}" is not a Schema.org ${what}; it is read as a term of ${others} and not checked.${hint}`,
    );
  } else {
    walk.report.add(`unknown-${what}`, `"${written}" is not a Schema.org ${what}.${hint}`);
  }
}

const suggestions = new Map<readonly string[], Map<string, string>>();

/**
 * ` Did you mean "datePublished"?` for the closest real name, or nothing. Remembered per name: a site repeats
 * its mistakes on every page, and the search is the slow part of an unknown term.
 */
export function suggest(names: readonly string[], name: string, walk: Walk): string {
  let known = suggestions.get(names);
  if (!known) {
    known = new Map();
    suggestions.set(names, known);
  }
  let hint = known.get(name);
  if (hint === undefined) {
    // A document of thousands of made-up keys gets its findings, and suggestions for the first of them only.
    if (walk.searchesLeft <= 0) return '';
    walk.searchesLeft--;
    const real = closestName(name, names);
    hint = real && real !== name ? ` Did you mean "${real}"?` : '';
    if (known.size >= 10_000) known.clear();
    known.set(name, hint);
  }
  return hint;
}
