// The state one validation carries through the walk and the rule tables, and the small readings of a node
// that both need: which key holds a keyword, and how deep the walk may go.
import type { TermContext } from './context.ts';
import type { Reporter } from './report.ts';
import type { Vocabulary } from './vocabulary/vocabulary.ts';

type JsonObject = Record<string, unknown>;

/** A node with its Schema.org types, for the rule tables that run after the walk. */
export interface TypedNode {
  node: Record<string, unknown>;
  types: number[];
  path: Array<string | number>;
  top: boolean;
  /** The Schema.org property this node is the value of, and the types of the node that holds it. */
  via: string | null;
  parentTypes: number[];
  /** The nodes around it, the one that holds it first: a Comment in a Q&A thread is read by Q&A's rules. */
  above: Owner | null;
  /** The node's `@id`, when it has one: other nodes may reference it. */
  id: string | null;
  /**
   * For a node written in parts that share its `@id` (in one script or in several), where the properties the
   * other parts give stand: their findings point there, not at this part.
   */
  partPaths?: Map<string, Array<string | number>>;
}

/** A node being walked: its types, and the node that holds it (a list each typed node keeps its place in). */
export interface Owner {
  types: number[];
  up: Owner | null;
  /** At the top of its document (or in `@graph`), and the property it is the value of where it is not. */
  top: boolean;
  via: string | null;
}

/** An `{"@id"}` reference made through a property: where the node it names is used. */
export interface Reference {
  via: string;
  parentTypes: number[];
  /** The node that makes the reference and those around it. */
  above: Owner | null;
  /** The `@id` of the node that makes the reference, when it has one. */
  fromId: string | null;
}

export interface Walk {
  vocab: Vocabulary;
  report: Reporter;
  root: unknown;
  /** Filled only when a rule table needs it. */
  typed: TypedNode[] | null;
  /** Whether any rule table applies to a node of these types: only those are kept in `typed`. */
  ruled: ((types: number[]) => boolean) | null;
  ids: Map<string, Record<string, unknown>> | null;
  /** Filled with `ids`: the parts of each node written in several (one `@id`), the one `ids` builds on first. */
  parts: Map<string, Array<Record<string, unknown>>> | null;
  /** Filled only when a rule table needs it: where each part of a node written in several stands. */
  partPaths: Map<object, Array<string | number>> | null;
  /** Filled only when a rule table needs it: the references made to each `@id`. */
  references: Map<string, Reference[]> | null;
  /** The node being walked innermost, and through it those around it. */
  owner: Owner | null;
  /** Their `@id`s, null where a node has none. */
  ownerIds: Array<string | null>;
  /** Path segments before the document's own: 1 when the root is a page's list of documents. */
  depthBase: number;
  /** Set once a branch passed MAX_DEPTH, so the document says so once. */
  tooDeep: boolean;
  /** "Did you mean" searches this document may still make (see MAX_SEARCHES). */
  searchesLeft: number;
}

/** "Did you mean" searches per document: enough for any real one, and a bound on a hostile one's cost. */
export const MAX_SEARCHES = 500;

/**
 * How many path segments deep the walk goes. Real JSON-LD nests a few levels; the limit keeps a hostile or
 * runaway document from exhausting the call stack, and is reported as `too-deep` where it is reached.
 */
export const MAX_DEPTH = 256;

/** False (and a `too-deep` finding, once) when the walk is already MAX_DEPTH segments deep. */
export function withinDepth(walk: Walk): boolean {
  if (walk.report.path.length < MAX_DEPTH + walk.depthBase) return true;
  if (!walk.tooDeep) {
    walk.tooDeep = true;
    walk.report.add(
      'too-deep',
      `The document nests more than ${MAX_DEPTH} levels here; nothing below this point was checked. Flatten it with "@id" references.`,
    );
  }
  return false;
}

/** The key a keyword is written under in `node`: the keyword itself or an alias the context defines. */
export function keywordKey(node: JsonObject, keyword: string, context: TermContext): string | undefined {
  if (keyword in node) return keyword;
  for (const [alias, target] of context.aliases) if (target === keyword && alias in node) return alias;
  return undefined;
}
