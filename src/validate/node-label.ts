// Names the node an issue is in, for people: a path such as `$["@graph"][7].author.url` leaves them counting
// the nodes of a graph, where the node's type and `@id` can be searched for.

type JsonObject = Record<string, unknown>;

const LONGEST_ID = 160;

/**
 * The node a path leads into, named by its type and `@id`; a node without an `@id` is named by its type and the
 * nearest node above it with one (or the outermost node). Undefined where the path alone says it: one node and
 * no `@id` on the way. A path that ends in a property names the node holding it; one that ends in an index, the
 * node there. `definitionOf` finds the node an `@id` reference names, for its type.
 * @example
 * nodeLabel({ '@graph': [{}, { '@type': 'Article', '@id': '#a', author: { '@type': 'Person' } }] }, ['@graph', 1, 'author', 'url'])
 * // 'Person in Article #a'
 */
export function nodeLabel(
  root: unknown,
  segments: ReadonlyArray<string | number>,
  definitionOf?: (id: string) => JsonObject | undefined,
): string | undefined {
  const depth = typeof segments.at(-1) === 'string' ? segments.length - 1 : segments.length;
  let value = root;
  let inner: JsonObject | undefined;
  let named: JsonObject | undefined;
  let outer: JsonObject | undefined;
  let listed = false;
  for (let index = 0; ; index++) {
    if (isNode(value)) {
      inner = value;
      outer ??= value;
      if (typeof value['@id'] === 'string') named = value;
    }
    if (index === depth) break;
    const segment = segments[index]!;
    if (Array.isArray(value) && typeof segment === 'number') {
      value = value[segment];
      listed = true;
    } else if (isObject(value) && typeof segment === 'string') value = value[segment];
    else break;
  }
  if (inner === undefined || (named === undefined && !listed)) return undefined;
  // A reference (`{"@id": …}`) takes its type from the node defining it.
  const typeOf = (node: JsonObject) => {
    const own = typesWritten(node);
    if (own || definitionOf === undefined || typeof node['@id'] !== 'string') return own;
    const definition = definitionOf(node['@id']);
    return definition ? typesWritten(definition) : '';
  };
  const name = (node: JsonObject) => {
    const id = node['@id'] as string;
    const shown = id.length > LONGEST_ID ? `${id.slice(0, LONGEST_ID - 1)}…` : id;
    return [typeOf(node), shown].filter(Boolean).join(' ');
  };
  if (named === inner) return name(inner);
  const own = typeOf(inner) || 'node';
  if (named) return `${own} in ${name(named)}`;
  return outer === inner ? own : `${own} in ${typeOf(outer!) || 'node'}`;
}

/** Where an issue is: its JSON path, and the node's name when the path leaves it to counting. */
export function issuePlace(issue: { path: string; node?: string }): string {
  return issue.node ? `${issue.path} (${issue.node})` : issue.path;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNode(value: unknown): value is JsonObject {
  return isObject(value) && ('@type' in value || typeof value['@id'] === 'string');
}

function typesWritten(node: JsonObject): string {
  const type = node['@type'];
  const types = (Array.isArray(type) ? type : [type]).filter((each) => typeof each === 'string');
  return types.join(' & ');
}
